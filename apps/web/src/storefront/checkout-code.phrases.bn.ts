import type { Phrasebook } from '../lib/phrases';

/** Bengali for the checkout's code from the SMS and the advance-charge hold (CheckoutCode.tsx, AdvanceHoldNotice.tsx; decision 055). */
const bn: Phrasebook = {
  'Code from the SMS': 'SMS-এ পাওয়া কোড',
  'Type the 6-digit code and place the order again. No SMS? Leave it empty and place the order again for a new code.':
    '৬ অঙ্কের কোডটি লিখে আবার অর্ডার করুন। এসএমএস পাননি? ঘরটি খালি রেখে আবার অর্ডার করুন, নতুন কোড যাবে।',
  'On hold: the delivery charge must be paid in advance for this phone. The shop will call to arrange it before sending the order.':
    'স্থগিত: এই ফোনের অর্ডারে ডেলিভারি চার্জ আগে দিতে হবে। অর্ডার পাঠানোর আগে দোকান ফোন করে তা ঠিক করে নেবে।',
};

export default bn;
