import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for order assignment (decision 057): its settings, the queue filter, reassigning, the per-staff report. */
const bn: Phrasebook = {
  // Settings
  'Order assignment': 'অর্ডার বণ্টন',
  'New orders go to the staff who take orders, so each person works their own queue.':
    'নতুন অর্ডার অর্ডার-গ্রহণকারী কর্মীদের কাছে যায়, যাতে প্রত্যেকে নিজের তালিকা নিয়ে কাজ করেন।',
  'Round-robin': 'পালাক্রমে',
  'Each new order goes to the next staff member in turn.': 'প্রতিটি নতুন অর্ডার পালাক্রমে পরের কর্মীর কাছে যায়।',
  'Sticky by phone': 'ফোন নম্বর অনুযায়ী একই জন',
  'A returning customer goes to the person who had their last order; a new phone goes in turn.':
    'পুরনো গ্রাহক তাঁর আগের অর্ডার যিনি দেখেছিলেন তাঁর কাছে যান; নতুন ফোন নম্বর পালাক্রমে যায়।',
  'The order assignment settings were saved.': 'অর্ডার বণ্টনের সেটিংস সংরক্ষিত হয়েছে।',
  'Assign new orders to staff': 'নতুন অর্ডার কর্মীদের মধ্যে বণ্টন করুন',
  'How orders are shared': 'অর্ডার যেভাবে ভাগ হয়',
  'Staff who take orders': 'অর্ডার গ্রহণকারী কর্মী',
  'Turns follow the order chosen here. Only active staff who may confirm orders can be chosen.':
    'পালা এখানে বাছাইয়ের ক্রম অনুযায়ী চলে। শুধু সক্রিয় ও অর্ডার কনফার্ম করার অনুমতিপ্রাপ্ত কর্মী বাছা যায়।',
  'No staff member may confirm orders yet.': 'এখনো কোনো কর্মীর অর্ডার কনফার্ম করার অনুমতি নেই।',
  'Turns: {{names}}': 'পালা: {{names}}',
  'Orders assigned when placed': 'অর্ডার হওয়ার সময় যেসব অর্ডার বণ্টন হবে',
  'A staff member who takes orders keeps the orders they enter': 'অর্ডার গ্রহণকারী কর্মী নিজের লেখা অর্ডার নিজেই পাবেন',
  // Permissions
  'Reassign orders to staff': 'অর্ডার অন্য কর্মীকে দেওয়া',
  'Choose who takes new orders and how': 'নতুন অর্ডার কে ও কীভাবে নেবেন তা ঠিক করা',
  // Lists and the order
  'Assigned to': 'দায়িত্বে',
  Everyone: 'সবাই',
  'My orders': 'আমার অর্ডার',
  Unassigned: 'কারো দায়িত্বে নয়',
  Reassign: 'অন্যকে দিন',
  'Reassign orders': 'অর্ডার অন্যকে দিন',
  'Orders left with nobody: {{n}}': 'কারো দায়িত্বে না রাখা অর্ডার: {{n}}টি',
  'Orders reassigned: {{n}}': 'অন্যকে দেওয়া অর্ডার: {{n}}টি',
  'Give to': 'যাকে দেবেন',
  'Choose a staff member': 'একজন কর্মী বাছুন',
  '{{name}} (not taking new orders)': '{{name}} (নতুন অর্ডার নিচ্ছেন না)',
  'Nobody (unassigned)': 'কেউ নয় (দায়িত্বহীন)',
  'in turn': 'পালাক্রমে',
  'returning phone': 'পুরনো ফোন নম্বর',
  'entered by them': 'নিজে লিখেছেন',
  reassigned: 'অন্যকে দেওয়া',
  'changed by {{name}}': '{{name}} বদলেছেন',
  // The per-staff report
  'Orders per staff member': 'কর্মী অনুযায়ী অর্ডার',
  'Orders handled': 'দেখা অর্ডার',
  Handled: 'দেখা',
  Confirmed: 'কনফার্মড',
  Cancelled: 'বাতিল',
  Returned: 'ফেরত',
  'Delivered ratio': 'ডেলিভারির হার',
  'Average time to confirm': 'কনফার্মের গড় সময়',
  'Orders assigned per day': 'দিনপ্রতি বণ্টিত অর্ডার',
  'Staff member': 'কর্মী',
  'Orders placed in the range, counted for the staff member they are with now, by their status now. Delivered ratio: delivered ÷ (delivered + returned). Time to confirm: from placing to the first move to confirmed.':
    'সময়সীমার মধ্যে করা অর্ডার, এখন যে কর্মীর দায়িত্বে আছে তাঁর নামে, এখনকার অবস্থা অনুযায়ী গোনা। ডেলিভারির হার: ডেলিভারড ÷ (ডেলিভারড + ফেরত)। কনফার্মের সময়: অর্ডার হওয়া থেকে প্রথম কনফার্ম পর্যন্ত।',
};

export default bn;
