import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for cities, sub cities and delivery charges (the resource machinery shows declared labels through phrase). */
const bn: Phrasebook = {
  City: 'শহর',
  'Sub city': 'সাব সিটি',
  Division: 'বিভাগ',
  'Main city': 'প্রধান শহর',
  'Bengali name': 'বাংলা নাম',
  'Inside main city': 'প্রধান শহরের ভেতরে',
  'Inside the main city': 'প্রধান শহরের ভেতরে',
  'Name in English or Bengali': 'ইংরেজি বা বাংলায় নাম',
  'No cities yet. Cities are where you deliver: checkout asks for one.':
    'এখনো কোনো শহর নেই। শহর মানে যেখানে ডেলিভারি দেন: চেকআউটে একটি বেছে নিতে হয়।',
  'No sub cities yet. A sub city is an area of a city: an upazila or a thana.':
    'এখনো কোনো সাব সিটি নেই। সাব সিটি হলো শহরের একটি এলাকা: উপজেলা বা থানা।',
  'A line with a known id or name updates that city; the others are added.': 'চেনা আইডি বা নামের লাইন সেই শহর হালনাগাদ করে; বাকিগুলো যোগ হয়।',
  'Shown at checkout beside the English name': 'চেকআউটে ইংরেজি নামের পাশে দেখানো হয়',
  'Its sub cities marked "inside" get the inside-the-main-city delivery charge. One city at a time.':
    '"ভেতরে" চিহ্নিত সাব সিটিগুলো প্রধান শহরের ভেতরের ডেলিভারি চার্জ পায়। একবারে একটি শহরই প্রধান।',
  'Charged the inside-the-main-city delivery default unless it has its own charge':
    'নিজস্ব চার্জ না থাকলে প্রধান শহরের ভেতরের ডিফল্ট ডেলিভারি চার্জ নেওয়া হয়',
  // Divisions
  Barishal: 'বরিশাল',
  Chattogram: 'চট্টগ্রাম',
  Dhaka: 'ঢাকা',
  Khulna: 'খুলনা',
  Mymensingh: 'ময়মনসিংহ',
  Rajshahi: 'রাজশাহী',
  Rangpur: 'রংপুর',
  Sylhet: 'সিলেট',
  // Delivery charges
  'Applies to': 'যেখানে প্রযোজ্য',
  Kind: 'ধরন',
  Charge: 'চার্জ',
  Default: 'ডিফল্ট',
  'Default inside': 'ডিফল্ট, ভেতরে',
  'Default outside': 'ডিফল্ট, বাইরে',
  'Per extra kg': 'প্রতি বাড়তি কেজি',
  'Extra over': 'বাড়তি চার্জ শুরু',
  'Extra per kg': 'প্রতি কেজিতে বাড়তি',
  'Extra charged over (grams)': 'যত গ্রামের বেশি হলে বাড়তি চার্জ',
  '{{n}} kg': '{{n}} কেজি',
  'City or sub city, English or Bengali': 'শহর বা সাব সিটি, ইংরেজি বা বাংলায়',
  'Only the defaults apply. Add a charge for a city or a sub city that costs more or less.':
    'শুধু ডিফল্ট চার্জ চলছে। যে শহর বা সাব সিটিতে খরচ কম-বেশি, তার জন্য চার্জ যোগ করুন।',
  'Every sub city of this city without its own charge. Leave empty for the defaults.':
    'এই শহরের যেসব সাব সিটির নিজস্ব চার্জ নেই সেগুলোতে। ডিফল্টের জন্য খালি রাখুন।',
  'Only this area; its city is filled in for you.': 'শুধু এই এলাকা; এর শহর নিজে থেকে বসে যাবে।',
  'For staff, e.g. "Dhaka suburbs"': 'কর্মীদের জন্য, যেমন "ঢাকার আশপাশ"',
  'For every started kilogram over the weight below. Empty: the default’s.': 'নিচের ওজনের বেশি প্রতিটি শুরু হওয়া কেজির জন্য। খালি: ডিফল্টেরটা।',
  'e.g. 1000 for 1 kg. Empty: the default’s.': 'যেমন ১ কেজির জন্য 1000। খালি: ডিফল্টেরটা।',
};

export default bn;
