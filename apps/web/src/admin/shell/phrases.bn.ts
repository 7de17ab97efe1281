import type { Phrasebook } from '../../lib/phrases';

/**
 * Bengali for the back office's frame (decision 030): the side menu, the top bar, the "no access"
 * screen, the dashboard and its figures, the menu search, and the admin's own screens (profile,
 * password, dates, audit log, site configuration).
 */
const bn: Phrasebook = {
  // The frame.
  'Back office': 'ব্যাক অফিস',
  Menu: 'মেনু',
  'Account menu': 'অ্যাকাউন্ট মেনু',
  'No menu entry matches “{{query}}”.': '“{{query}}” এর সাথে মেনুর কিছু মেলেনি।',
  'Add {{thing}}': '{{thing}} যোগ করুন',

  // Menu groups (also the registry's menuGroup).
  Dashboard: 'ড্যাশবোর্ড',
  Catalogue: 'ক্যাটালগ',
  'Products and stock': 'পণ্য ও স্টক',
  'Resellers and merchants': 'রিসেলার ও মার্চেন্ট',
  'Locations and delivery': 'এলাকা ও ডেলিভারি',
  'Courier remittances': 'কুরিয়ারের টাকা জমা',
  'Still owed by couriers': 'কুরিয়ারের কাছে পাওনা',
  'Offers and marketing': 'অফার ও মার্কেটিং',
  'Staff and roles': 'কর্মী ও রোল',
  Reports: 'রিপোর্ট',
  'Settings and content': 'সেটিংস ও কনটেন্ট',

  // Menu items.
  Overview: 'সারসংক্ষেপ',
  'Stock report': 'স্টক রিপোর্ট',
  'Product stock report': 'পণ্যের স্টক রিপোর্ট',
  'Product views': 'পণ্য দেখার হিসাব',
  'All orders': 'সব অর্ডার',
  'Add order': 'অর্ডার যোগ করুন',
  'Exchange order': 'বদল অর্ডার',
  'Wholesale order': 'পাইকারি অর্ডার',
  'Reseller payment invoices': 'রিসেলার পেমেন্টের ইনভয়েস',
  'Add reseller sale': 'রিসেলার বিক্রি যোগ করুন',
  'Courier API': 'কুরিয়ার API',
  'Campaign slider': 'ক্যাম্পেইন স্লাইডার',
  'SMS campaign': 'SMS ক্যাম্পেইন',
  'Order report': 'অর্ডার রিপোর্ট',
  'Order processing report': 'অর্ডার প্রসেসিং রিপোর্ট',
  'Order profit report': 'অর্ডারের লাভের রিপোর্ট',
  Header: 'হেডার',
  'Footer info': 'ফুটারের তথ্য',
  Marketing: 'মার্কেটিং',
  Theme: 'থিম',
  'Site configuration': 'সাইট কনফিগারেশন',
  'Payment setup': 'পেমেন্ট সেটআপ',
  'Social login': 'সোশ্যাল লগইন',
  'SMS API': 'SMS API',
  'E-mail (SMTP)': 'ই-মেইল (SMTP)',
  'Audit log': 'অডিট লগ',

  // The "no access" screen.
  "You don't have access to this page": 'এই পেজ খোলার অনুমতি আপনার নেই',
  'Ask a super admin or the person who manages staff to give you the “{{permission}}” permission.':
    'একজন সুপার অ্যাডমিন বা যিনি কর্মীদের দেখাশোনা করেন, তাঁকে আপনাকে “{{permission}}” অনুমতি দিতে বলুন।',
  'Only a super admin can open this page. Ask one if you need it.': 'এই পেজ শুধু সুপার অ্যাডমিন খুলতে পারেন। দরকার হলে একজন সুপার অ্যাডমিনকে বলুন।',
  'They will find it in the role form, under “{{group}}”.': 'রোলের ফর্মে “{{group}}” অংশে এটি পাওয়া যাবে।',
  'Go to the dashboard': 'ড্যাশবোর্ডে যান',

  // The dashboard and the figures the API sends (in English, read here).
  'Welcome back, {{name}}.': 'আবার স্বাগতম, {{name}}।',
  'Your role shows no figures on the dashboard. The menu lists what you can open.':
    'আপনার রোলে ড্যাশবোর্ডের কোনো হিসাব দেখা যায় না। আপনি যা খুলতে পারেন, মেনুতে তার তালিকা আছে।',
  'Open list': 'তালিকা খুলুন',
  'Orders today': 'আজকের অর্ডার',
  'Orders this month': 'এই মাসের অর্ডার',
  'Pending orders': 'অপেক্ষমাণ অর্ডার',
  'Orders on hold': 'স্থগিত অর্ডার',
  'Sales this month': 'এই মাসের বিক্রি',
  'Profit this month': 'এই মাসের লাভ',
  'Orders, last 30 days': 'গত ৩০ দিনের অর্ডার',
  'Sales, last 30 days': 'গত ৩০ দিনের বিক্রি',
  Sales: 'বিক্রি',
  'Published products': 'প্রকাশিত পণ্য',
  'Active resellers': 'সক্রিয় রিসেলার',
  'Resellers awaiting approval': 'অনুমোদনের অপেক্ষায় রিসেলার',
  'New resellers, last 30 days': 'গত ৩০ দিনের নতুন রিসেলার',
  'New customers, last 30 days': 'গত ৩০ দিনের নতুন গ্রাহক',
  'Active staff accounts': 'সক্রিয় কর্মী অ্যাকাউন্ট',
  'Active merchants': 'সক্রিয় মার্চেন্ট',

  // Menu search.
  'Search: “{{query}}”': 'খোঁজ: “{{query}}”',
  'No screen matches. Try another word.': 'কোনো পেজ মেলেনি। অন্য শব্দ দিয়ে চেষ্টা করুন।',
  '1 screen found.': '১টি পেজ পাওয়া গেছে।',
  '{{n}} screens found.': '{{n}}টি পেজ পাওয়া গেছে।',

  // Profile, password and the language of dates.
  'Profile picture of {{name}}': '{{name}} এর প্রোফাইল ছবি',
  'Change image': 'ছবি বদলান',
  'Upload image': 'ছবি আপলোড করুন',
  'JPEG, PNG or WebP. It is cropped to a square.': 'JPEG, PNG বা WebP। ছবিটি বর্গাকারে কেটে নেওয়া হয়।',
  "You can only change your own password here. A super admin resets other admins' passwords from the admin list.":
    'এখানে শুধু নিজের পাসওয়ার্ড বদলানো যায়। অন্য অ্যাডমিনদের পাসওয়ার্ড সুপার অ্যাডমিন অ্যাডমিনের তালিকা থেকে রিসেট করেন।',
  'After the change, your other devices are signed out; this one stays signed in.':
    'বদলানোর পর আপনার অন্য ডিভাইসগুলো থেকে সাইন আউট হবে; এই ডিভাইসে সাইন ইন থাকবে।',
  'Current password': 'বর্তমান পাসওয়ার্ড',
  Dates: 'তারিখ',
  'Language of dates': 'তারিখের ভাষা',
  'Leave empty to follow the interface language.': 'খালি রাখলে সাইটের ভাষাতেই তারিখ দেখাবে।',
  'Now: {{time}}': 'এখন: {{time}}',

  // The audit log.
  'History of {{thing}} #{{id}}': '{{thing}} #{{id}} এর ইতিহাস',
  'Who changed what, and when. Secrets show only that they changed.': 'কে কী বদলেছেন এবং কখন। গোপন তথ্যের শুধু বদলানোর কথাটুকু দেখা যায়।',
  What: 'কী',
  Everything: 'সবকিছু',
  Who: 'কে',
  Anyone: 'যে কেউ',
  'All {{things}}': 'সব {{things}}',
  'All records': 'সব রেকর্ড',
  When: 'কখন',
  'What changed': 'কী বদলেছে',
  'Nothing has been recorded for these filters.': 'এই ফিল্টারে কিছু লেখা নেই।',
  'Nothing has been recorded yet.': 'এখনো কিছু লেখা হয়নি।',
  'from {{ip}}': '{{ip}} থেকে',
  System: 'সিস্টেম',
  'Guest shopper': 'অতিথি ক্রেতা',
  'changed (secret, not shown)': 'বদলেছে (গোপন, দেখানো হয় না)',
  '{{title}} changed': '{{title}} বদলানো হয়েছে',
  '(empty)': '(খালি)',
  on: 'চালু',
  off: 'বন্ধ',
  create: 'তৈরি',
  update: 'পরিবর্তন',
  delete: 'মুছে ফেলা',
  reseller: 'রিসেলার',
  merchant: 'মার্চেন্ট',
  customer: 'গ্রাহক',
  system: 'সিস্টেম',

  // The site configuration (open without sign-in).
  'Switches for the whole shop. Anyone can read this page; only you can change it.':
    'পুরো দোকানের সুইচ। এই পেজ যে কেউ পড়তে পারেন; বদলাতে পারেন শুধু আপনি।',
  'Back to the back office': 'ব্যাক অফিসে ফিরে যান',
  'Taking orders': 'অর্ডার নেওয়া হচ্ছে',
  'Reseller sign-up open': 'রিসেলার নিবন্ধন খোলা',
  'Maintenance message': 'রক্ষণাবেক্ষণের বার্তা',
  'Production host': 'প্রোডাকশন হোস্ট',
  'any host': 'যেকোনো হোস্ট',
  'Changing these needs the “{{permission}}” permission.': 'এগুলো বদলাতে “{{permission}}” অনুমতি লাগে।',
  'To change these, ': 'এগুলো বদলাতে ',
  'sign in to the back office': 'ব্যাক অফিসে সাইন ইন করুন',
  'New counter sale': 'নতুন কাউন্টার বিক্রি',
  'Counter sales': 'কাউন্টার বিক্রি',
  'Office sale report': 'অফিস বিক্রির রিপোর্ট',
  // Exchanges at the counter and the sale profit report (decision 040).
  'Exchange at the counter': 'কাউন্টারে বদল',
  'Sale profit report': 'বিক্রির লাভের রিপোর্ট',
};

export default bn;
