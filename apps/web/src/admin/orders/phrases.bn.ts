import type { Phrasebook } from '../../lib/phrases';

/** Bengali for the order screens (lists, view, print, entry, sources); shared words are in ui/phrases.bn.ts. */
const bn: Phrasebook = {
  // Lists
  'Newest first': 'নতুন আগে',
  'Oldest first': 'পুরনো আগে',
  'Highest total first': 'বেশি মোট আগে',
  'Lowest total first': 'কম মোট আগে',
  'Add order': 'অর্ডার যোগ করুন',
  'Selected: {{n}}': 'বাছাই করা: {{n}}টি',
  'Orders moved to {{status}}: {{n}}': '{{status}} করা অর্ডার: {{n}}টি',
  // The order and its money
  Subtotal: 'উপমোট',
  'Delivery charge': 'ডেলিভারি চার্জ',
  Discount: 'ছাড়',
  'Discount ({{code}})': 'ছাড় ({{code}})',
  'Advance paid': 'অগ্রিম পরিশোধ',
  'To collect': 'আদায় করতে হবে',
  'To pay on delivery': 'ডেলিভারির সময় পরিশোধ',
  Method: 'পদ্ধতি',
  'Cash on delivery': 'ক্যাশ অন ডেলিভারি',
  Unpaid: 'অপরিশোধিত',
  'Partly paid': 'আংশিক পরিশোধিত',
  Paid: 'পরিশোধিত',
  Refunded: 'টাকা ফেরত দেওয়া হয়েছে',
  // Sources the shop starts with and those the channels write (a shop's own names show as typed)
  Website: 'ওয়েবসাইট',
  Reseller: 'রিসেলার',
  'Reseller portal': 'রিসেলার পোর্টাল',
  'Landing page {{slug}}': 'ল্যান্ডিং পেজ {{slug}}',
  // The timeline's system notes
  'Order placed': 'অর্ডার করা হয়েছে',
  // Print
  Loading: 'লোড হচ্ছে',
  'Invoice {{number}}': 'ইনভয়েস {{number}}',
  'Label {{number}}': 'লেবেল {{number}}',
  Item: 'পণ্য',
  'Note: {{note}}': 'নোট: {{note}}',
  'Tracking {{code}}': 'ট্র্যাকিং {{code}}',
  // Order sources (/admin/order/source)
  'Order in lists': 'তালিকায় ক্রম',
  Offered: 'চালু',
  'Old orders only': 'শুধু পুরনো অর্ডারে',
  'Source name': 'উৎসের নাম',
  'No order sources yet: add where your orders come from, such as Facebook or WhatsApp.':
    'এখনো কোনো অর্ডারের উৎস নেই: অর্ডার কোথা থেকে আসে যোগ করুন, যেমন Facebook বা WhatsApp।',
  'As staff pick it on the order forms, e.g. Facebook': 'অর্ডার ফর্মে কর্মীরা যেভাবে বাছাই করবেন, যেমন Facebook',
  'Smaller numbers come first': 'ছোট সংখ্যা আগে আসে',
  'Offered on the order forms': 'অর্ডার ফর্মে দেখানো হয়',
  'Kept for old orders only': 'শুধু পুরনো অর্ডারের জন্য রাখা',
  'by the customer': 'গ্রাহক করেছেন',
  'Owed to the customer': 'গ্রাহকের পাওনা',
  'To refund': 'ফেরত দিতে হবে',
  Owed: 'পাওনা',
  'Kept by the shop': 'দোকান রেখেছে',
  'Refunded {{amount}} from {{balance}}': '{{balance}} থেকে {{amount}} ফেরত দেওয়া হয়েছে',
  'Kept {{amount}}': '{{amount}} রাখা হয়েছে',
  'Keep it': 'রেখে দিন',
  'Refund the customer': 'গ্রাহককে টাকা ফেরত দিন',
  'Record refund': 'ফেরত লিখে রাখুন',
  'Keep what is owed': 'পাওনা টাকা রেখে দিন',
  'Record decision': 'সিদ্ধান্ত লিখে রাখুন',
  'Why the shop keeps it': 'দোকান কেন রাখছে',
  'Nothing is owed to the customer on this order.': 'এই অর্ডারে গ্রাহকের কোনো পাওনা নেই।',
  'What is owed is waiting for the answer to a gateway refund.': 'পাওনা টাকা একটি গেটওয়ে রিফান্ডের উত্তরের অপেক্ষায় আছে।',
  'That is more than is owed: {{outstanding}}.': 'এটি পাওনার চেয়ে বেশি: {{outstanding}}।',
  'The decision to keep it was recorded.': 'রেখে দেওয়ার সিদ্ধান্ত লিখে রাখা হয়েছে।',
  'The refund was recorded.': 'ফেরত লিখে রাখা হয়েছে।',
};

export default bn;
