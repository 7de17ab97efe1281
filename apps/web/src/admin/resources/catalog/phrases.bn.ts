import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for the catalogue's declared screens: categories, brands, attributes, variants, sliders, banners. */
const bn: Phrasebook = {
  Hidden: 'লুকানো',
  Icon: 'আইকন',
  Link: 'লিংক',
  Subtitle: 'উপশিরোনাম',
  Subcategory: 'সাবক্যাটাগরি',
  Attribute: 'অ্যাট্রিবিউট',
  Value: 'মান',
  Values: 'মানগুলো',
  Colour: 'রং',
  'Show on the home page': 'হোম পেজে দেখান',
  'On home page': 'হোম পেজে',
  'Shown on': 'যেখানে দেখায়',
  'Lower numbers show first': 'ছোট সংখ্যা আগে দেখায়',
  'The web address part, like summer-kurti. Leave empty to make one from the name.':
    'ওয়েব ঠিকানার অংশ, যেমন summer-kurti। খালি রাখলে নাম থেকে তৈরি হবে।',
  'Size, Colour, Storage…': 'সাইজ, রং, স্টোরেজ…',
  'For colours: the swatch shoppers see': 'রঙের জন্য: ক্রেতারা যে রঙের নমুনা দেখেন',
  'Where a click goes: /category/women or https://…': 'ক্লিক করলে যেখানে যাবে: /category/women বা https://…',
  'Wide images work best, e.g. 1920 × 700.': 'চওড়া ছবি সবচেয়ে ভালো, যেমন 1920 × 700।',
  'Home, under the slider': 'হোম, স্লাইডারের নিচে',
  'Home, middle': 'হোম, মাঝখানে',
  'Home, bottom': 'হোম, নিচে',
  'Offers page': 'অফার পেজ',
  'Category pages': 'ক্যাটাগরি পেজ',
  'No attributes yet. Attributes are what products vary by: Size, Colour, Storage…':
    'এখনো কোনো অ্যাট্রিবিউট নেই। পণ্য যেসব দিকে ভিন্ন হয় সেগুলোই অ্যাট্রিবিউট: সাইজ, রং, স্টোরেজ…',
  'No banners yet. Banners advertise offers on the home page and category pages.':
    'এখনো কোনো ব্যানার নেই। ব্যানার হোম পেজ ও ক্যাটাগরি পেজে অফারের বিজ্ঞাপন দেয়।',
  'No brands yet.': 'এখনো কোনো ব্র্যান্ড নেই।',
  'No categories yet. Categories are the first level of the catalogue: Women, Men, Gadgets…':
    'এখনো কোনো ক্যাটাগরি নেই। ক্যাটাগরি হলো ক্যাটালগের প্রথম স্তর: নারী, পুরুষ, গ্যাজেট…',
  'No sliders yet. Sliders rotate at the top of the home page every 5 seconds.':
    'এখনো কোনো স্লাইডার নেই। স্লাইডার হোম পেজের ওপরে প্রতি ৫ সেকেন্ডে বদলায়।',
  'No sub-subcategories yet: the third level of the catalogue, like Chargers under Mobile accessories.':
    'এখনো কোনো সাব-সাবক্যাটাগরি নেই: ক্যাটালগের তৃতীয় স্তর, যেমন মোবাইল অ্যাকসেসরিজের নিচে চার্জার।',
  'No subcategories yet. A subcategory sits under a category, like Kurti under Women.':
    'এখনো কোনো সাবক্যাটাগরি নেই। সাবক্যাটাগরি থাকে ক্যাটাগরির নিচে, যেমন নারীর নিচে কুর্তি।',
  'No variants yet. Add the values of an attribute: S, M, L for Size; Red, Blue for Colour.':
    'এখনো কোনো ভ্যারিয়েন্ট নেই। অ্যাট্রিবিউটের মান যোগ করুন: সাইজের জন্য S, M, L; রঙের জন্য লাল, নীল।',
  'A line with a known id or slug (or a name making a known slug) updates that brand; the others are added.':
    'চেনা আইডি বা স্লাগের লাইন (বা এমন নাম যা থেকে চেনা স্লাগ হয়) সেই ব্র্যান্ড হালনাগাদ করে; বাকিগুলো যোগ হয়।',
  'A line with a known id or slug (or a name making a known slug) updates that category; the others are added.':
    'চেনা আইডি বা স্লাগের লাইন (বা এমন নাম যা থেকে চেনা স্লাগ হয়) সেই ক্যাটাগরি হালনাগাদ করে; বাকিগুলো যোগ হয়।',
};

export default bn;
