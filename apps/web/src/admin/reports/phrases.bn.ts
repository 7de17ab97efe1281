import type { Phrasebook } from '../../lib/phrases';

/** Bengali for the order reports; their headings and column names are keyed messages (i18n/bn.ts `reports`). */
const bn: Phrasebook = {
  '{{n}} min': '{{n}} মিনিট',
  '{{hours}} h {{minutes}} min': '{{hours}} ঘণ্টা {{minutes}} মিনিট',
  'Total, orders: {{n}}': 'মোট, অর্ডার: {{n}}টি',
};

export default bn;
