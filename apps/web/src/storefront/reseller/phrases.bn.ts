import type { Phrasebook } from '../../lib/phrases';

/** Bengali for a reseller's shop (`/shop/{slug}`); its other words are the storefront's `store.*` keys. */
const bn: Phrasebook = {
  'Only {{n}} left': 'মাত্র {{n}}টি বাকি',
  'Check these before placing the order:': 'অর্ডার দেওয়ার আগে এগুলো ঠিক করুন:',
};

export default bn;
