import type { Phrasebook } from '../lib/phrases';

/**
 * Bengali for the checkouts' payment choice (PaymentChoice.tsx, decision 062) and the gateways' names: all a checkout
 * or a landing page's form needs of paying online (the pay page's words are in payment.phrases.bn.ts).
 */
const bn: Phrasebook = {
  // The gateways as the contracts name them (GATEWAY_NAMES); bKash and Nagad read the same.
  'Card or mobile banking (SSLCommerz)': 'কার্ড বা মোবাইল ব্যাংকিং (SSLCommerz)',
  // PaymentChoice.tsx, the checkouts
  'How much to pay with {{method}} now': '{{method}} দিয়ে এখন কত দেবেন',
  'Pay in full now': 'এখনই পুরো টাকা দিন',
  'Pay the delivery charge now, the rest on delivery': 'এখন ডেলিভারি চার্জ দিন, বাকিটা ডেলিভারির সময়',
  '{{now}} now, nothing on delivery': 'এখন {{now}}, ডেলিভারির সময় কিছু দিতে হবে না',
  '{{now}} now, {{later}} on delivery': 'এখন {{now}}, ডেলিভারির সময় {{later}}',
  'The amounts show once you choose the district.': 'জেলা বেছে নিলে টাকার পরিমাণ দেখা যাবে।',
  'After placing the order you pay on the {{method}} page.': 'অর্ডার করার পর {{method}}-এর পাতায় টাকা দেবেন।',
  'Place order and pay': 'অর্ডার করুন ও টাকা দিন',
};

export default bn;
