import type { Phrasebook } from '../../lib/phrases';

/** Bengali of the reseller's and the merchant's portals' frame, sign-in and home page (ui/portal). */
const bn: Phrasebook = {
  'Reseller portal': 'রিসেলার পোর্টাল',
  'Merchant portal': 'মার্চেন্ট পোর্টাল',
  'Your products, their orders and your earnings in one place.': 'আপনার পণ্য, সেগুলোর অর্ডার আর আপনার আয় এক জায়গায়।',
  'Welcome, {{name}}.': 'স্বাগতম, {{name}}।',
  'Your account': 'আপনার অ্যাকাউন্ট',
  Menu: 'মেনু',
  Dashboard: 'ড্যাশবোর্ড',
  'Reseller dashboard': 'রিসেলার ড্যাশবোর্ড',
  'Merchant dashboard': 'মার্চেন্ট ড্যাশবোর্ড',
  'Reseller sign in': 'রিসেলার সাইন ইন',
  'Merchant sign in': 'মার্চেন্ট সাইন ইন',
};

export default bn;
