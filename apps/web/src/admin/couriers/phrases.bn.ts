import type { Phrasebook } from '../../lib/phrases';

/** Bengali for the couriers list, form and API connection; the order's courier panel uses keyed messages (i18n/bn.ts). */
const bn: Phrasebook = {
  // The list and form
  Booking: 'বুকিং',
  'Tracking link': 'ট্র্যাকিং লিংক',
  'Not used': 'ব্যবহার হয় না',
  'Name or phone': 'নাম বা ফোন',
  'No couriers yet. Add the couriers you hand parcels to; orders name one when they ship.':
    'এখনো কোনো কুরিয়ার নেই। যেসব কুরিয়ারে পার্সেল দেন সেগুলো যোগ করুন; শিপ করার সময় অর্ডারে একটি বেছে নেওয়া হয়।',
  'Connect courier APIs': 'কুরিয়ার API সংযুক্ত করুন',
  'The courier’s hotline, for staff': 'কুরিয়ারের হটলাইন, কর্মীদের জন্য',
  'With an API connected at Courier API, parcels are booked when an order ships; otherwise staff enter the tracking code.':
    'কুরিয়ার API-তে সংযুক্ত থাকলে অর্ডার শিপ করার সময় পার্সেল বুক হয়; নইলে কর্মীরা ট্র্যাকিং কোড লেখেন।',
  'The courier’s tracking page; {code} stands for the tracking code, e.g. https://steadfast.com.bd/t/{code}':
    'কুরিয়ারের ট্র্যাকিং পেজ; {code}-এর জায়গায় ট্র্যাকিং কোড বসে, যেমন https://steadfast.com.bd/t/{code}',
  'By hand (no API)': 'হাতে (API ছাড়া)',
  'Steadfast API': 'Steadfast API',
  'Pathao API': 'Pathao API',
  Connected: 'সংযুক্ত',
  'Not connected': 'সংযুক্ত নয়',
  // The API connection (/admin/courier/api)
  '{{name}} API': '{{name}} API',
  'Book {{name}} parcels through its API': '{{name}}-এর পার্সেল তার API দিয়ে বুক করুন',
  'Base URL': 'বেস URL',
  'Api-Key': 'Api-Key',
  'Secret-Key': 'Secret-Key',
  'Client id': 'ক্লায়েন্ট আইডি',
  'Client secret': 'ক্লায়েন্ট সিক্রেট',
  'Username (email)': 'ইউজারনেম (ইমেইল)',
  Password: 'পাসওয়ার্ড',
  'Store id': 'স্টোর আইডি',
  'Webhook secret': 'ওয়েবহুক সিক্রেট',
  'Saved: leave it as it is to keep it': 'সংরক্ষিত: রাখতে চাইলে যেমন আছে তেমন রাখুন',
  'Not set': 'দেওয়া হয়নি',
  'Webhook URL to give Pathao (status updates arrive at once, signed with the webhook secret):':
    'Pathao-কে দেওয়ার ওয়েবহুক URL (স্ট্যাটাস সঙ্গে সঙ্গে আসে, ওয়েবহুক সিক্রেট দিয়ে স্বাক্ষরিত):',
  'Connection works': 'সংযোগ কাজ করছে',
  'Connection failed': 'সংযোগ হয়নি',
  'Keys are stored encrypted; every change is recorded in the audit log.': 'কী এনক্রিপ্ট করে রাখা হয়; প্রতিটি পরিবর্তন অডিট লগে লেখা থাকে।',
  'Test connection': 'সংযোগ পরীক্ষা করুন',
};

export default bn;
