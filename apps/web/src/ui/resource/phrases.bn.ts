import type { Phrasebook } from '../../lib/phrases';

/** Bengali for the resource machinery's own words (lists, forms, CSV import); shared words are in ../phrases.bn.ts. */
const bn: Phrasebook = {
  'Type to search': 'খুঁজতে লিখুন',
  'Add {{thing}}': '{{thing}} যোগ করুন',
  'Edit {{thing}}': '{{thing}} সম্পাদনা',
  'Save changes': 'পরিবর্তন সংরক্ষণ করুন',
  'Back to {{title}}': '{{title}}-এ ফিরে যান',
  'Nothing matches your search.': 'আপনার খোঁজার সাথে কিছু মেলেনি।',
  'No {{title}} yet.': 'এখনো কোনো {{title}} নেই।',
  'Showing {{from}}–{{to}} of {{total}}': '{{total}}টির মধ্যে {{from}}–{{to}} দেখানো হচ্ছে',
  '{{n}} selected': '{{n}}টি বাছাই করা',
  'Select every row on this page': 'এই পাতার সব সারি বাছাই করুন',
  'Select {{name}}': '{{name}} বাছাই করুন',
  'Delete {{name}}?': '{{name}} মুছে ফেলবেন?',
  'This cannot be undone. Anything still in use is kept, and you are told why.':
    'এটি আর ফেরানো যাবে না। যা এখনো ব্যবহার হচ্ছে তা রেখে দেওয়া হয়, আর কেন তা জানানো হয়।',
  'Import {{title}}': '{{title}} ইমপোর্ট',
  '{{name}} preview': '{{name}}-এর প্রিভিউ',
  'No image': 'কোনো ছবি নেই',
  'Replace {{name}}': '{{name}} বদলান',
  'Upload {{name}}': '{{name}} আপলোড করুন',
  'Remove {{name}}': '{{name}} সরান',
  'Choose a CSV file first.': 'আগে একটি CSV ফাইল বাছুন।',
  'Imported: {{created}} new, {{updated}} updated.': 'ইমপোর্ট হয়েছে: {{created}}টি নতুন, {{updated}}টি হালনাগাদ।',
  'Import finished': 'ইমপোর্ট শেষ',
  '{{created}} new and {{updated}} updated.': '{{created}}টি নতুন আর {{updated}}টি হালনাগাদ হয়েছে।',
  'Each line of the file is one row.': 'ফাইলের প্রতিটি লাইন একটি সারি।',
  'The file is checked first; nothing is saved until every line is right.': 'আগে ফাইলটি যাচাই করা হয়; সব লাইন ঠিক না হওয়া পর্যন্ত কিছুই সংরক্ষণ হয় না।',
  'Download the template': 'টেমপ্লেট ডাউনলোড করুন',
  'CSV file': 'CSV ফাইল',
  'Choose a .csv file': 'একটি .csv ফাইল বাছুন',
  'Checking {{name}}…': '{{name}} যাচাই হচ্ছে…',
  'Importing {{name}}…': '{{name}} ইমপোর্ট হচ্ছে…',
  'The file is ready': 'ফাইলটি তৈরি',
  '{{created}} new and {{updated}} to update. Nothing is saved until you import.':
    '{{created}}টি নতুন আর {{updated}}টি হালনাগাদ হবে। ইমপোর্ট না করা পর্যন্ত কিছুই সংরক্ষণ হয় না।',
  'Columns not read: {{columns}}.': 'যে কলামগুলো পড়া হয়নি: {{columns}}।',
  'Nothing was imported': 'কিছুই ইমপোর্ট হয়নি',
  'Fix this line and check the file again.': 'এই লাইনটি ঠিক করে ফাইলটি আবার যাচাই করুন।',
  'Fix these {{n}} lines and check the file again.': 'এই {{n}}টি লাইন ঠিক করে ফাইলটি আবার যাচাই করুন।',
  'What is wrong': 'কী ভুল',
  'Check the file': 'ফাইল যাচাই করুন',
};

export default bn;
