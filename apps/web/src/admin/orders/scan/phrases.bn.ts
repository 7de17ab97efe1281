import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for the dispatch desk, the returns check-in and the barcoded print sheet (decision 059), and the server's answers to their scans. */
const bn: Phrasebook = {
  // The desk
  'Dispatch scan': 'ডিসপ্যাচ স্ক্যান',
  'Returns check-in': 'ফেরত পার্সেল গ্রহণ',
  'Courier taking the parcels': 'যে কুরিয়ার পার্সেল নিচ্ছে',
  'Order barcode': 'অর্ডারের বারকোড',
  'Returned parcel barcode': 'ফেরত পার্সেলের বারকোড',
  'Scan the barcode, or type the order number and press Enter.': 'বারকোড স্ক্যান করুন, অথবা অর্ডার নম্বর লিখে এন্টার চাপুন।',
  'Choose the courier first; then scan each parcel you hand to them.':
    'আগে কুরিয়ার বাছুন; তারপর যে পার্সেলগুলো তাদের দিচ্ছেন সেগুলো একে একে স্ক্যান করুন।',
  'Scan with the camera': 'ক্যামেরা দিয়ে স্ক্যান করুন',
  'Stop the camera': 'ক্যামেরা বন্ধ করুন',
  Camera: 'ক্যামেরা',
  'This browser cannot read barcodes with the camera. Use Chrome on Android, a USB scanner, or type the number.':
    'এই ব্রাউজার ক্যামেরা দিয়ে বারকোড পড়তে পারে না। অ্যান্ড্রয়েডে ক্রোম, USB স্ক্যানার ব্যবহার করুন, অথবা নম্বরটি লিখুন।',
  'The camera could not be opened: allow this page to use it, or scan with a USB scanner.':
    'ক্যামেরা খোলা যায়নি: এই পেজকে ক্যামেরা ব্যবহারের অনুমতি দিন, অথবা USB স্ক্যানার দিয়ে স্ক্যান করুন।',
  '{{number}}: sending…': '{{number}}: পাঠানো হচ্ছে…',
  '{{number}} handed to {{courier}}': '{{number}} {{courier}}-কে দেওয়া হয়েছে',
  '{{number}} was already handed to {{courier}}': '{{number}} আগেই {{courier}}-কে দেওয়া হয়েছে',
  '{{number}} is back in processing': '{{number}} আবার প্রসেসিংয়ে ফিরেছে',
  '{{number}} received and restocked': '{{number}} গ্রহণ করা হয়েছে, স্টকে ফিরেছে',
  '{{number}} was already received': '{{number}} আগেই গ্রহণ করা হয়েছে',
  'Handed over': 'বুঝিয়ে দেওয়া হয়েছে',
  'Already handed over': 'আগেই বুঝিয়ে দেওয়া',
  'Cash to collect': 'আদায়যোগ্য টাকা',
  'Waiting for an answer': 'উত্তরের অপেক্ষায়',
  'Print hand-over sheet': 'হস্তান্তর শিট প্রিন্ট করুন',
  'Undo {{number}}': '{{number}} ফিরিয়ে নিন',
  'Undo last scan': 'শেষ স্ক্যান ফিরিয়ে নিন',
  'Start a new list': 'নতুন তালিকা শুরু করুন',
  'Hand-over sheet': 'হস্তান্তর শিট',
  '{{n}} parcels, cash to collect': '{{n}}টি পার্সেল, আদায়যোগ্য টাকা',
  'Handed over by: {{name}}': 'হস্তান্তরকারী: {{name}}',
  'Received by ({{courier}}): name, signature, date': 'গ্রহণকারী ({{courier}}): নাম, স্বাক্ষর, তারিখ',
  'Already received': 'আগেই গ্রহণ করা',
  'Return charges': 'ফেরত চার্জ',
  'Sending…': 'পাঠানো হচ্ছে…',
  'Taken back': 'ফিরিয়ে নেওয়া হয়েছে',
  'Nothing scanned yet.': 'এখনো কিছু স্ক্যান করা হয়নি।',
  Result: 'ফলাফল',
  'Tracking code': 'ট্র্যাকিং কোড',
  COD: 'ক্যাশ অন ডেলিভারি',
  // The print sheet
  'Print invoices and stickers': 'ইনভয়েস ও স্টিকার প্রিন্ট',
  'Print barcoded': 'বারকোডসহ প্রিন্ট',
  'Invoices, one a page': 'ইনভয়েস, পাতায় একটি',
  'Invoices, {{n}} a page': 'ইনভয়েস, পাতায় {{n}}টি',
  'Parcel stickers (10 × 6.2 cm)': 'পার্সেল স্টিকার (১০ × ৬.২ সেমি)',
  'Parcel stickers': 'পার্সেল স্টিকার',
  Invoices: 'ইনভয়েস',
  'Invoices a page': 'পাতায় ইনভয়েস',
  '{{n}} a page': 'পাতায় {{n}}টি',
  'Deliver to': 'প্রাপক',
  'and {{n}} more items (print one invoice a page to list them all)': 'আরও {{n}}টি পণ্য (সব দেখাতে পাতায় একটি ইনভয়েস প্রিন্ট করুন)',
  'Sticker {{number}}': 'স্টিকার {{number}}',
  'No courier yet': 'এখনো কুরিয়ার নেই',
  // The server's answers
  'No order has the number {{code}}: check the barcode or type the number.': '{{code}} নম্বরের কোনো অর্ডার নেই: বারকোডটি দেখুন বা নম্বরটি লিখুন।',
  '{{number}} was already handed to {{name}}.': '{{number}} আগেই {{name}}-কে দেওয়া হয়েছে।',
  '{{number}} was already handed to {{other}}, not {{name}}.': '{{number}} আগেই {{other}}-কে দেওয়া হয়েছে, {{name}}-কে নয়।',
  '{{number}} is {{status}}: only processing orders are handed to a courier.':
    '{{number}} এখন {{status}}: শুধু প্রসেসিংয়ে থাকা অর্ডার কুরিয়ারকে দেওয়া হয়।',
  "{{number}} is for {{other}}, not {{name}}: put it on that courier's pile, or change its courier on the order.":
    '{{number}} {{other}}-এর, {{name}}-এর নয়: এটি সেই কুরিয়ারের স্তূপে রাখুন, অথবা অর্ডারে এর কুরিয়ার বদলান।',
  '{{number}} handed to {{name}}.': '{{number}} {{name}}-কে দেওয়া হয়েছে।',
  '{{number}} is back in processing.': '{{number}} আবার প্রসেসিংয়ে ফিরেছে।',
  '{{number}} is {{status}}: only shipped or delivered orders come back as returns.':
    '{{number}} এখন {{status}}: শুধু পাঠানো বা ডেলিভারি হওয়া অর্ডারই ফেরত আসে।',
  '{{number}} was already received on {{at}} UTC.': '{{number}} আগেই {{at}} UTC-তে গ্রহণ করা হয়েছে।',
  '{{number}} received: marked returned and its stock restored.': '{{number}} গ্রহণ করা হয়েছে: ফেরত হিসেবে চিহ্নিত, স্টকে ফিরেছে।',
  '{{number}} received (its stock was restored when it was marked returned).':
    '{{number}} গ্রহণ করা হয়েছে (ফেরত চিহ্নিত করার সময়ই এর স্টক ফিরেছিল)।',
  'Order {{number}} is not shipped: there is no hand-over to take back.': 'অর্ডার {{number}} পাঠানো হয়নি: ফিরিয়ে নেওয়ার মতো কোনো হস্তান্তর নেই।',
  'Order {{number}} is booked with its courier (consignment {{consignmentId}}): cancel the consignment with the courier instead.':
    'অর্ডার {{number}} কুরিয়ারে বুক করা (কনসাইনমেন্ট {{consignmentId}}): বরং কুরিয়ারের কাছে কনসাইনমেন্টটি বাতিল করুন।',
  'Order {{number}} was shipped by someone else: only who handed it over may take it back.':
    'অর্ডার {{number}} অন্য কেউ পাঠিয়েছেন: যিনি হস্তান্তর করেছেন শুধু তিনিই ফিরিয়ে নিতে পারেন।',
  'Order {{number}} was handed over more than {{minutes}} minutes ago: it can no longer be taken back.':
    'অর্ডার {{number}} {{minutes}} মিনিটের বেশি আগে হস্তান্তর করা হয়েছে: এখন আর ফিরিয়ে নেওয়া যাবে না।',
};

export default bn;
