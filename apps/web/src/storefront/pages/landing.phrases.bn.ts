import type { Phrasebook } from '../../lib/phrases';

/** Bengali for the landing pages (Landing.tsx): loaded with them, not with every page of the shop. */
const bn: Phrasebook = {
  'Your order': 'আপনার অর্ডার',
  'Once you choose the district': 'জেলা বেছে নিলে জানা যাবে',
  'Questions and answers': 'প্রশ্ন ও উত্তর',
  'What buyers say': 'ক্রেতারা যা বলছেন',
  'Watch the video': 'ভিডিওটি দেখুন',
  '(opens in a new tab)': '(নতুন ট্যাবে খুলবে)',
};

export default bn;
