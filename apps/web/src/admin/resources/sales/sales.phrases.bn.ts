import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for the declared sales lists: counter sales and company sales (decisions 036, 039). */
const bn: Phrasebook = {
  'counter sale': 'কাউন্টার বিক্রি',
  'company sale': 'কোম্পানি বিক্রি',
  'Number or note': 'নম্বর বা নোট',
  'Number, name or phone': 'নম্বর, নাম বা ফোন',
  'No company sales yet. Sell to a company or a supplier on credit and its due shows here.':
    'এখনো কোনো কোম্পানি বিক্রি নেই। কোনো কোম্পানি বা সরবরাহকারীর কাছে বাকিতে বিক্রি করলে তার বাকি এখানে দেখাবে।',
  'No counter sales yet. Sell at the counter and each sale shows here.':
    'এখনো কোনো কাউন্টার বিক্রি নেই। কাউন্টারে বিক্রি করলে প্রতিটি বিক্রি এখানে দেখাবে।',
};

export default bn;
