import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for merchants (lib/phrases.ts, decision 030). */
const bn: Phrasebook = {
  Company: 'কোম্পানি',
  merchant: 'মার্চেন্ট',
  Merchants: 'মার্চেন্ট',
  'Name, phone, email or company': 'নাম, ফোন, ইমেইল বা কোম্পানি',
  'No merchants yet. A merchant supplies products and sees their orders and earnings in the merchant portal.':
    'এখনো কোনো মার্চেন্ট নেই। মার্চেন্ট পণ্য সরবরাহ করেন এবং মার্চেন্ট পোর্টালে তাঁদের অর্ডার ও আয় দেখেন।',
  Password: 'পাসওয়ার্ড',
  'Repeat the password': 'পাসওয়ার্ড আবার লিখুন',
  Suspended: 'স্থগিত',
  'They sign in with it, like 01712345678': 'এটি দিয়ে তাঁরা সাইন ইন করেন, যেমন 01712345678',
};

export default bn;
