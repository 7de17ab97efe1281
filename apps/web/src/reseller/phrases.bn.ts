import type { Phrasebook } from '../lib/phrases';

/**
 * Bengali of the reseller portal's page titles (its routes' handles, shown in the browser's tab); the
 * pages' own words are the `dropshipper` namespace (account/text-bn.ts) and their areas' i18n.ts.
 */
const bn: Phrasebook = {
  'Reset password': 'পাসওয়ার্ড রিসেট',
  'Set new password': 'নতুন পাসওয়ার্ড দিন',
  'Reseller information': 'রিসেলার তথ্য',
  Profile: 'প্রোফাইল',
  'Edit profile': 'প্রোফাইল সম্পাদনা',
  'Company information': 'প্রতিষ্ঠানের তথ্য',
  'Colour setting': 'রঙ সেটিং',
  'Delivery charge': 'ডেলিভারি চার্জ',
  Security: 'নিরাপত্তা',
  Customers: 'গ্রাহক',
  'Refer list': 'রেফার তালিকা',
  'API documentation': 'API ডকুমেন্টেশন',
  'Cashbook: income': 'ক্যাশবুক: আয়',
  'Cashbook: pay off': 'ক্যাশবুক: পরিশোধ',
  'Request a withdrawal': 'উত্তোলনের অনুরোধ',
  'Withdraw history': 'উত্তোলনের ইতিহাস',
  'Bank accounts': 'ব্যাংক অ্যাকাউন্ট',
  'Mobile banking': 'মোবাইল ব্যাংকিং',
  'Add new order': 'নতুন অর্ডার যোগ করুন',
  'Order summary': 'অর্ডারের সারসংক্ষেপ',
  'Edit order': 'অর্ডার সম্পাদনা',
  'My price': 'আমার দাম',
  'SMS campaign': 'SMS ক্যাম্পেইন',
  'SMS history': 'SMS ইতিহাস',
  'Shop coupons': 'শপের কুপন',
  'Add coupon': 'কুপন যোগ করুন',
  'Edit coupon': 'কুপন সম্পাদনা',
  'Shop sliders': 'শপের স্লাইডার',
  'Add slide': 'স্লাইড যোগ করুন',
  'Edit slide': 'স্লাইড সম্পাদনা',
  'Shop categories': 'শপের ক্যাটাগরি',
  'Shop pages': 'শপের পেজ',
  'Add page': 'পেজ যোগ করুন',
  'Edit page': 'পেজ সম্পাদনা',
  // The order form's messages (packages/contracts' resellerOrderInput), shown at their fields.
  'Enter a customer name': 'গ্রাহকের নাম লিখুন',
  'The customer name must have at least 2 characters': 'গ্রাহকের নাম অন্তত ২ অক্ষরের হতে হবে',
  'The customer name must have at most 120 characters': 'গ্রাহকের নাম সর্বোচ্চ ১২০ অক্ষরের হতে পারে',
  'Enter the delivery address': 'ডেলিভারির ঠিকানা লিখুন',
  'Enter the full address: house, road, area': 'পুরো ঠিকানা লিখুন: বাড়ি, রাস্তা, এলাকা',
  'Use at most 300 characters': 'সর্বোচ্চ ৩০০ অক্ষর লিখুন',
  'Use at most 500 characters': 'সর্বোচ্চ ৫০০ অক্ষর লিখুন',
  'Choose a product': 'একটি পণ্য বেছে নিন',
  'Enter a quantity': 'পরিমাণ লিখুন',
  'Enter a whole number': 'একটি পূর্ণ সংখ্যা লিখুন',
  'Enter the selling price': 'বিক্রির দাম লিখুন',
  'The selling price cannot be negative': 'বিক্রির দাম ঋণাত্মক হতে পারে না',
  'The advance cannot be negative': 'অগ্রিম ঋণাত্মক হতে পারে না',
};

export default bn;
