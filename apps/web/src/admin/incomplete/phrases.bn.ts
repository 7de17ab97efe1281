import type { Phrasebook } from '../../lib/phrases';

/** Bengali for incomplete checkouts: the list, the call-back screen, the setting, the permissions and the dashboard card (decision 056). */
const bn: Phrasebook = {
  'Incomplete orders': 'অসম্পূর্ণ অর্ডার',
  'Incomplete order': 'অসম্পূর্ণ অর্ডার',
  'incomplete checkout': 'অসম্পূর্ণ চেকআউট',
  'Incomplete order #{{id}}': 'অসম্পূর্ণ অর্ডার #{{id}}',
  'Incomplete orders to call': 'কল করার অপেক্ষায় অসম্পূর্ণ অর্ডার',
  Open: 'খোলা',
  Converted: 'অর্ডার হয়েছে',
  Dismissed: 'বাদ দেওয়া',
  'No answer': 'কেউ ধরেনি',
  'Call later': 'পরে কল করতে হবে',
  'Wants to order': 'অর্ডার করতে চান',
  'Not interested': 'আগ্রহী নন',
  'Wrong number': 'ভুল নম্বর',
  'Not called yet': 'এখনো কল করা হয়নি',
  '({{n}} calls)': '({{n}}টি কল)',
  'Last call': 'শেষ কল',
  'Last change': 'শেষ পরিবর্তন',
  Started: 'শুরু',
  'Phone or name': 'ফোন বা নাম',
  'No incomplete orders. When a shopper types a valid phone number at the checkout and leaves, it shows here.':
    'কোনো অসম্পূর্ণ অর্ডার নেই। ক্রেতা চেকআউটে সঠিক ফোন নম্বর লিখে চলে গেলে তা এখানে দেখা যাবে।',
  'Open order {{number}}': 'অর্ডার {{number}} খুলুন',
  Dismiss: 'বাদ দিন',
  'Open again': 'আবার খুলুন',
  'Started {{started}}, last changed {{changed}}': 'শুরু {{started}}, শেষ পরিবর্তন {{changed}}',
  'The shopper placed the order themselves.': 'ক্রেতা নিজেই অর্ডারটি করেছেন।',
  'Typed in the reseller shop {{shop}}; converting places the shop’s order at its prices.':
    'রিসেলারের শপ {{shop}}-এ লেখা হয়েছিল; অর্ডারে রূপান্তর করলে শপের দামে শপের অর্ডার হবে।',
  'Reseller’s shop': 'রিসেলারের শপ',
  Where: 'কোথায়',
  Website: 'ওয়েবসাইট',
  'Reseller shop': 'রিসেলারের দোকান',
  'The reseller’s shop is not open (the reseller is not active), so it cannot take this order.':
    'রিসেলারের শপটি খোলা নেই (রিসেলার সক্রিয় নন), তাই এই অর্ডার নেওয়া যাবে না।',
  'Order note': 'অর্ডারের নোট',
  'Convert to order': 'অর্ডারে রূপান্তর করুন',
  'Save details': 'তথ্য সংরক্ষণ করুন',
  Cart: 'কার্ট',
  'Coupon code: {{code}}': 'কুপন কোড: {{code}}',
  'Subtotal: {{amount}}': 'উপমোট: {{amount}}',
  'Prices as they were when the shopper left; the order is priced again, with the delivery charge, when it is made.':
    'ক্রেতা চলে যাওয়ার সময়ের দাম; অর্ডার তৈরির সময় ডেলিভারি চার্জসহ দাম আবার হিসাব হয়।',
  Calls: 'কল',
  'What the call came to': 'কলের ফলাফল',
  'Call note': 'কলের নোট',
  'Save call': 'কল সংরক্ষণ করুন',
  'Order {{number}}': 'অর্ডার {{number}}',
  'Keep incomplete checkouts': 'অসম্পূর্ণ চেকআউট রাখুন',
  'Save the name, phone, address and cart once the phone number is valid': 'ফোন নম্বর সঠিক হলেই নাম, ফোন, ঠিকানা ও কার্ট সংরক্ষণ করুন',
  'Remove after (days)': 'কত দিন পর মুছবে',
  'Incomplete checkouts not converted are removed this many days after their last change':
    'অর্ডার না হওয়া অসম্পূর্ণ চেকআউট শেষ পরিবর্তনের এত দিন পর মুছে যায়',
  'What shoppers typed at the checkout without placing the order, kept for a call back.':
    'ক্রেতারা চেকআউটে যা লিখেছেন কিন্তু অর্ডার করেননি, কল ব্যাকের জন্য রাখা।',
  'See incomplete orders': 'অসম্পূর্ণ অর্ডার দেখা',
  'Call back incomplete orders and correct them': 'অসম্পূর্ণ অর্ডারে কল ব্যাক ও সংশোধন',
  'Convert incomplete orders into orders': 'অসম্পূর্ণ অর্ডারকে অর্ডারে রূপান্তর',
};

export default bn;
