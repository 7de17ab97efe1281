import type { Phrasebook } from '../lib/phrases';

/** Bengali for the words the Mantine theme gives its components (ui/theme.ts). */
const bn: Phrasebook = {
  'Clear the field': 'ঘরটি খালি করুন',
  'Pick a colour from the screen': 'স্ক্রিন থেকে রং বেছে নিন',
};

export default bn;
