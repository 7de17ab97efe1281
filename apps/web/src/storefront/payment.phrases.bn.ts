import type { Phrasebook } from '../lib/phrases';

/**
 * Bengali for paying online (decision 062): the pay page (PayPage.tsx), the confirmation's and the order page's word
 * on the payment (PaymentOutcome.tsx). The checkouts' choice is in payment-choice.phrases.bn.ts, which these pages
 * load too.
 */
const bn: Phrasebook = {
  // PayPage.tsx
  'Pay for your order': 'আপনার অর্ডারের টাকা দিন',
  'Pay for order {{number}}': 'অর্ডার {{number}}-এর টাকা দিন',
  'This payment link is not valid. Open the link from your SMS or your order page again.':
    'এই পেমেন্ট লিংকটি সঠিক নয়। আপনার এসএমএস বা অর্ডারের পাতা থেকে লিংকটি আবার খুলুন।',
  'The payment did not go through: {{reason}}': 'পেমেন্ট সম্পন্ন হয়নি: {{reason}}',
  'The payment did not go through.': 'পেমেন্ট সম্পন্ন হয়নি।',
  'No money was taken for it. Try again, or choose another way to pay.': 'এর জন্য কোনো টাকা কাটা হয়নি। আবার চেষ্টা করুন, অথবা অন্যভাবে টাকা দিন।',
  'Payment received — your order is confirmed': 'পেমেন্ট পাওয়া গেছে — আপনার অর্ডার নিশ্চিত হয়েছে',
  'Pay the rest, {{amount}}, on delivery.': 'বাকি {{amount}} ডেলিভারির সময় দেবেন।',
  'This order was cancelled, so nothing is due for it. Place a new order to buy these items.':
    'এই অর্ডারটি বাতিল হয়েছে, তাই এর জন্য কিছু দিতে হবে না। পণ্যগুলো কিনতে নতুন অর্ডার করুন।',
  'The time to pay for this order has run out: it is cancelled and its items are released. Place a new order to buy them.':
    'এই অর্ডারের টাকা দেওয়ার সময় শেষ: অর্ডারটি বাতিল হয়েছে এবং পণ্যগুলো ছেড়ে দেওয়া হয়েছে। কিনতে নতুন অর্ডার করুন।',
  'Nothing is due online for this order: it is paid on delivery.': 'এই অর্ডারের জন্য অনলাইনে কিছু দিতে হবে না: টাকা ডেলিভারির সময় দেবেন।',
  'What you pay': 'আপনি যা দেবেন',
  'You chose to pay the whole order online now.': 'আপনি এখনই অনলাইনে পুরো অর্ডারের টাকা দেওয়া বেছে নিয়েছেন।',
  'You chose to pay the delivery charge online now and the rest on delivery.':
    'আপনি এখন অনলাইনে ডেলিভারি চার্জ আর বাকিটা ডেলিভারির সময় দেওয়া বেছে নিয়েছেন।',
  Paid: 'পরিশোধিত',
  'To pay online now': 'এখন অনলাইনে দেবেন',
  'To pay on delivery': 'ডেলিভারির সময় পরিশোধ',
  'Pay by {{time}} ({{left}}): the items are held for you until then.': '{{time}}-এর মধ্যে টাকা দিন ({{left}}): ততক্ষণ পণ্যগুলো আপনার জন্য রাখা আছে।',
  'Pay with': 'যা দিয়ে টাকা দেবেন',
  'The shop takes no online payment right now. Please call the shop.': 'দোকান এখন অনলাইনে টাকা নিচ্ছে না। দয়া করে দোকানে ফোন করুন।',
  'Opening {{method}}…': '{{method}} খোলা হচ্ছে…',
  'Pay {{amount}} with {{method}}': '{{method}} দিয়ে {{amount}} দিন',
  'You pay on the gateway’s own page; the shop never sees your PIN or card number.':
    'আপনি পেমেন্ট গেটওয়ের নিজের পাতায় টাকা দেবেন; দোকান কখনো আপনার পিন বা কার্ড নম্বর দেখে না।',
  'See your order': 'আপনার অর্ডার দেখুন',
  // PaymentOutcome.tsx: the confirmation and the customer's order page
  'We have your order.': 'আমরা আপনার অর্ডার পেয়েছি।',
  'Paid online: {{amount}}': 'অনলাইনে পরিশোধিত: {{amount}}',
  'Your order waits for its online payment of {{amount}}: it is confirmed once paid.':
    'আপনার অর্ডারটি {{amount}} অনলাইন পেমেন্টের অপেক্ষায়: টাকা দিলেই নিশ্চিত হবে।',
  'Your order waits for its online payment: it is confirmed once paid.': 'আপনার অর্ডারটি অনলাইন পেমেন্টের অপেক্ষায়: টাকা দিলেই নিশ্চিত হবে।',
  'Pay now': 'এখনই টাকা দিন',
};

export default bn;
