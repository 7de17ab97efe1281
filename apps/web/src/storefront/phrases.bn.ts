import type { Phrasebook } from '../lib/phrases';

/** The storefront's own words in Bengali (decision 030); the keyed `store.*` messages are in i18n/bn.ts. */
const phrases: Phrasebook = {
  // error-summary.tsx
  'Check 1 field:': '১টি ঘর দেখুন:',
  'Check {{n}} fields:': '{{n}}টি ঘর দেখুন:',
  // quantity.ts, pages/Cart.tsx, pages/Checkout.tsx
  'Only {{n}} left': 'মাত্র {{n}}টি বাকি',
  'You can buy at most {{n}} of one item': 'একটি পণ্য সর্বোচ্চ {{n}}টি কিনতে পারবেন',
  'Fewer are left of some items than your cart holds. Lower or remove them to check out.':
    'কিছু পণ্য আপনার কার্টে যতটি আছে তার চেয়ে কম বাকি। চেকআউট করতে পরিমাণ কমান বা সেগুলো সরিয়ে দিন।',
  // VariantPicker.tsx (the product page's and a reseller's shop's)
  'Not available in this combination': 'এই কম্বিনেশনে পাওয়া যায় না',
  'Choose the {{name}}': '{{name}} বেছে নিন',
  Option: 'অপশন',
  // PasswordFields.tsx (sign-up, password reset: not all of them come with the account pages' words)
  'Show passwords': 'পাসওয়ার্ড দেখান',
  // CategoryMenu.tsx
  'Shop by category': 'ক্যাটাগরি অনুযায়ী কেনাকাটা',
  // StoreLayout.tsx: the footer's pages as the demo shop names them (a shop's own titles show as written).
  'About us': 'আমাদের সম্পর্কে',
  'Terms and conditions': 'শর্তাবলি',
  'Privacy policy': 'গোপনীয়তা নীতি',
  'Return and refund policy': 'রিটার্ন ও রিফান্ড নীতি',
  'Delivery information': 'ডেলিভারির তথ্য',
};

export default phrases;
