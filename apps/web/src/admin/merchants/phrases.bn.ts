import type { Phrasebook } from '../../lib/phrases';

/** Bengali of the back office's merchant money screens (decision 037). */
const bn: Phrasebook = {
  'Merchant statement': 'মার্চেন্টের হিসাব বিবরণী',
  'Withdraw requests': 'উত্তোলনের অনুরোধ',
  Available: 'উত্তোলনযোগ্য',
  Earned: 'আয়',
  'Pending withdrawals': 'অপেক্ষমাণ উত্তোলন',
  'Paid out': 'পরিশোধিত',
  Entry: 'এন্ট্রি',
  Statement: 'হিসাব বিবরণী',
  Merchant: 'মার্চেন্ট',
  'Merchant, phone, company, WD number or transaction id': 'মার্চেন্ট, ফোন, প্রতিষ্ঠান, WD নম্বর বা লেনদেন আইডি',
  'Merchant withdraw requests': 'মার্চেন্টের উত্তোলনের অনুরোধ',
  "Pay a request with the method and transaction id of the transfer (the merchant's balance is checked again), or reject it with a reason: the amount then returns to their balance.":
    'পাঠানোর মাধ্যম ও লেনদেন আইডি দিয়ে অনুরোধ পরিশোধ করুন (মার্চেন্টের ব্যালান্স আবার যাচাই হয়), অথবা কারণসহ বাতিল করুন: তখন টাকা তাঁর ব্যালান্সে ফিরে যায়।',
  'Merchant price': 'মার্চেন্টের দাম',
  'What the shop pays the merchant for each unit delivered; at most the retail price':
    'প্রতিটি ডেলিভারি হওয়া ইউনিটের জন্য দোকান মার্চেন্টকে যা দেয়; খুচরা দামের বেশি নয়',
  'Earning of a delivered line': 'ডেলিভারি হওয়া লাইনের আয়',
  'Earning reversed: order returned': 'আয় বাদ: অর্ডার ফেরত',
};

export default bn;
