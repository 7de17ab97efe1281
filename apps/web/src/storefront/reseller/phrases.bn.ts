import type { Phrasebook } from '../../lib/phrases';

/** Bengali for a reseller's shop (`/shop/{slug}`); its other words are the storefront's `store.*` keys. */
const bn: Phrasebook = {
  'Not available in this combination': 'এই কম্বিনেশনে পাওয়া যায় না',
  'Choose the {{name}}': '{{name}} বেছে নিন',
  'Only {{n}} left': 'মাত্র {{n}}টি বাকি',
  Option: 'অপশন',
  'Check these before placing the order:': 'অর্ডার দেওয়ার আগে এগুলো ঠিক করুন:',
};

export default bn;
