import type { Phrasebook } from '../lib/phrases';

/**
 * Bengali for the parts of ui/ the storefront uses too (toasts, the loading bar): the storefront fetches this book,
 * not ui/phrases.bn.ts, whose words are the back office's (storefront/router.tsx).
 */
const bn: Phrasebook = {
  Notifications: 'নোটিফিকেশন',
  'Close notification': 'নোটিফিকেশন বন্ধ করুন',
  'Page loading': 'পাতা লোড হচ্ছে',
};

export default bn;
