import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for the accounts: balances, fund transfers, account purposes and the default chart's names (decision 048). */
const bn: Phrasebook = {
  // Menu and permissions
  Accounts: 'হিসাব',
  Balances: 'ব্যালেন্স',
  balance: 'ব্যালেন্স',
  'Fund transfers': 'ফান্ড ট্রান্সফার',
  'fund transfer': 'ফান্ড ট্রান্সফার',
  'Account purposes': 'হিসাবের খাত',
  'account purpose': 'হিসাবের খাত',
  'See balances': 'ব্যালেন্স দেখা',
  'Add balances': 'ব্যালেন্স যোগ করা',
  'Edit balances': 'ব্যালেন্স সম্পাদনা',
  'Delete balances': 'ব্যালেন্স মুছে ফেলা',
  'See fund transfers': 'ফান্ড ট্রান্সফার দেখা',
  'Transfer money between balances': 'এক ব্যালেন্স থেকে আরেক ব্যালেন্সে টাকা পাঠানো',
  'See account purposes': 'হিসাবের খাত দেখা',
  'Add account purposes': 'হিসাবের খাত যোগ করা',
  'Edit account purposes': 'হিসাবের খাত সম্পাদনা',
  'Delete account purposes': 'হিসাবের খাত মুছে ফেলা',
  // Balances
  'Where the shop keeps its money. Each balance changes only through what is received, paid and transferred.':
    'দোকানের টাকা যেখানে থাকে। প্রতিটি ব্যালেন্স কেবল আয়, খরচ আর ট্রান্সফারেই বদলায়।',
  'Bank or provider': 'ব্যাংক বা প্রতিষ্ঠান',
  'Account number': 'অ্যাকাউন্ট নম্বর',
  'Balance now': 'এখনকার ব্যালেন্স',
  'May go below zero': 'শূন্যের নিচে যেতে পারে',
  'Name, bank or account number': 'নাম, ব্যাংক বা অ্যাকাউন্ট নম্বর',
  'No balances yet. Add your cash box, bank accounts and mobile wallets.':
    'এখনো কোনো ব্যালেন্স নেই। ক্যাশ বাক্স, ব্যাংক অ্যাকাউন্ট আর মোবাইল ওয়ালেট যোগ করুন।',
  'Bank and branch, or bKash, Nagad, Rocket': 'ব্যাংক ও শাখা, অথবা বিকাশ, নগদ, রকেট',
  'What it held when you started using Haat; a change later is booked as a correction':
    'Haat ব্যবহার শুরুর সময় এতে যা ছিল; পরে বদলালে সংশোধন হিসেবে লেখা হয়',
  'Opening date': 'শুরুর তারিখ',
  'Only for an overdraft or credit line: otherwise a payment larger than the balance is refused':
    'কেবল ওভারড্রাফট বা ক্রেডিট লাইনের জন্য: না হলে ব্যালেন্সের চেয়ে বড় পরিশোধ নেওয়া হয় না',
  'Bank account': 'ব্যাংক অ্যাকাউন্ট',
  'Mobile wallet': 'মোবাইল ওয়ালেট',
  // Fund transfers
  'Money moved from one balance to another. A transfer is never edited: a mistake is put right with a transfer back.':
    'এক ব্যালেন্স থেকে আরেক ব্যালেন্সে পাঠানো টাকা। ট্রান্সফার কখনো সম্পাদনা হয় না: ভুল হলে উল্টো ট্রান্সফার করুন।',
  Fee: 'চার্জ',
  'No transfers yet.': 'এখনো কোনো ট্রান্সফার নেই।',
  'From balance': 'যে ব্যালেন্স থেকে',
  'To balance': 'যে ব্যালেন্সে',
  'What the bank or wallet charged; it comes out of the balance sent from': 'ব্যাংক বা ওয়ালেট যে চার্জ কেটেছে; এটি পাঠানো ব্যালেন্স থেকে কাটা হয়',
  // Account purposes
  'The names income and expenses are booked under: Rent, Electricity, Packaging, Other income…':
    'যে নামে আয় ও খরচ লেখা হয়: ভাড়া, বিদ্যুৎ, প্যাকেজিং, অন্যান্য আয়…',
  'Income or expense': 'আয় না খরচ',
  'Booked so far': 'এ পর্যন্ত লেখা হয়েছে',
  'Name or note': 'নাম বা নোট',
  'No purposes yet. Add the things you spend on, like Rent or Electricity.': 'এখনো কোনো খাত নেই। ভাড়া বা বিদ্যুতের মতো খরচের খাত যোগ করুন।',
  Income: 'আয়',
  Expense: 'খরচ',
  // Messages
  'Choose cash, bank account or mobile wallet': 'নগদ, ব্যাংক অ্যাকাউন্ট বা মোবাইল ওয়ালেট বেছে নিন',
  'bank or provider': 'ব্যাংক বা প্রতিষ্ঠান',
  'account number': 'অ্যাকাউন্ট নম্বর',
  'Say whether it may go below zero': 'এটি শূন্যের নিচে যেতে পারে কি না জানান',
  'Choose income or expense': 'আয় না খরচ বেছে নিন',
  'balance to send from': 'যে ব্যালেন্স থেকে পাঠাবেন',
  'balance to send to': 'যে ব্যালেন্সে পাঠাবেন',
  'Enter an amount above zero': 'শূন্যের বেশি অঙ্ক লিখুন',
  fee: 'চার্জ',
  'Choose a different balance to send to': 'পাঠানোর জন্য অন্য একটি ব্যালেন্স বেছে নিন',
  'There is already an account with this name.': 'এই নামে আরেকটি হিসাব আছে।',
  'There are too many accounts of this kind; make an unused one inactive and rename it.':
    'এই ধরনের হিসাব অনেক বেশি হয়ে গেছে; অব্যবহৃত একটি নিষ্ক্রিয় করে নতুন নাম দিন।',
  'This account belongs to the default chart and cannot be deleted; make it inactive instead.':
    'এই হিসাবটি মূল তালিকার, তাই মুছে ফেলা যায় না; বরং নিষ্ক্রিয় করুন।',
  'It is below zero now: bring it back to zero before turning overdraft off.': 'এটি এখন শূন্যের নিচে: ওভারড্রাফট বন্ধের আগে শূন্যে ফিরিয়ে আনুন।',
  'Money is already booked under it; its type cannot change. Add a new purpose instead.':
    'এই খাতে আগেই টাকা লেখা হয়েছে; এর ধরন বদলানো যায় না। বরং নতুন খাত যোগ করুন।',
  'The money was transferred.': 'টাকা পাঠানো হয়েছে।',
  'Choose an active balance to send from.': 'পাঠানোর জন্য একটি সক্রিয় ব্যালেন্স বেছে নিন।',
  'Choose an active balance to send to.': 'যেখানে পাঠাবেন, এমন একটি সক্রিয় ব্যালেন্স বেছে নিন।',
  'Not enough in {{name}}: {{n}} available': '{{name}}-এ যথেষ্ট টাকা নেই: আছে {{n}}',
  'The journal entry was not found.': 'হিসাবের এন্ট্রিটি পাওয়া যায়নি।',
  'This entry was already reversed.': 'এই এন্ট্রিটি আগেই উল্টানো হয়েছে।',
  // The default chart's names (decision 048)
  Bank: 'ব্যাংক',
  'Receivable from couriers': 'কুরিয়ারের কাছে পাওনা',
  'Receivable from companies': 'কোম্পানির কাছে পাওনা',
  'Loans given': 'দেওয়া ঋণ',
  Stock: 'স্টক',
  'Fixed assets': 'স্থায়ী সম্পদ',
  'Accumulated depreciation': 'জমা অবচয়',
  'Due to suppliers': 'সরবরাহকারীদের দেনা',
  'Due to resellers': 'রিসেলারদের দেনা',
  'Due to merchants': 'মার্চেন্টদের দেনা',
  'Loans taken': 'নেওয়া ঋণ',
  'Salaries due': 'বাকি বেতন',
  "Owners' capital": 'মালিকের মূলধন',
  'Opening balances': 'শুরুর ব্যালেন্স',
  Sales: 'বিক্রি',
  'Delivery charges received': 'পাওয়া ডেলিভারি চার্জ',
  'Other income': 'অন্যান্য আয়',
  'Cost of goods sold': 'বিক্রীত পণ্যের খরচ',
  'Delivery costs': 'ডেলিভারি খরচ',
  'Cash-on-delivery charges': 'ক্যাশ অন ডেলিভারি চার্জ',
  'Bank and wallet charges': 'ব্যাংক ও ওয়ালেট চার্জ',
  Salaries: 'বেতন',
  'Rent and bills': 'ভাড়া ও বিল',
  'SMS cost': 'এসএমএস খরচ',
  Depreciation: 'অবচয়',
  'Interest paid': 'পরিশোধিত সুদ',
  'Other expenses': 'অন্যান্য খরচ',
};

export default bn;
