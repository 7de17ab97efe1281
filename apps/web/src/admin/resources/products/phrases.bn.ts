import type { Phrasebook } from '../../../lib/phrases';

/** Bengali for the product list, the combo resource and its items field (the product form's words: screens/products). */
const bn: Phrasebook = {
  'Low stock': 'কম স্টক',
  'Not low': 'কম নয়',
  'Out of stock': 'স্টক শেষ',
  Wholesale: 'পাইকারি',
  'No products yet. Add one, or import a CSV file of products.': 'এখনো কোনো পণ্য নেই। একটি যোগ করুন, অথবা পণ্যের CSV ফাইল ইমপোর্ট করুন।',
  'Rows are matched by SKU: a new SKU adds a product, a known one updates it. Prices are in taka.':
    'সারিগুলো SKU দিয়ে মেলানো হয়: নতুন SKU নতুন পণ্য যোগ করে, পরিচিত SKU সেটি আপডেট করে। দাম টাকায়।',
  // Combos.
  Items: 'আইটেম',
  'Combo price': 'কম্বোর দাম',
  'What the whole bundle costs': 'পুরো বান্ডেলের দাম',
  'Stock from parts': 'অংশগুলো থেকে স্টক',
  Saves: 'সাশ্রয়',
  'No combos yet. A combo sells several products together at one price, like a saree with a matching blouse piece.':
    'এখনো কোনো কম্বো নেই। কম্বো কয়েকটি পণ্য একসাথে এক দামে বিক্রি করে, যেমন শাড়ির সাথে মানানসই ব্লাউজ পিস।',
  'The web address part, like eid-saree-combo. Leave empty to make one from the name.':
    'ওয়েব ঠিকানার অংশ, যেমন eid-saree-combo। খালি রাখলে নাম থেকে তৈরি হবে।',
  'No items yet. A combo needs at least two.': 'এখনো কোনো আইটেম নেই। কম্বোতে অন্তত দুটি লাগে।',
  'Quantity of {{name}}': '{{name}}-এর পরিমাণ',
  'The parts cost': 'অংশগুলোর দাম',
  'at their prices.': 'তাদের নিজের দামে।',
  'The stock makes 1 combo now.': 'এখনকার স্টকে ১টি কম্বো হয়।',
  'The stock makes {{n}} combos now.': 'এখনকার স্টকে {{n}}টি কম্বো হয়।',
  'Add an item': 'আইটেম যোগ করুন',
  'Search by name or SKU': 'নাম বা SKU দিয়ে খুঁজুন',
  'Searching…': 'খোঁজা হচ্ছে…',
  'No product found': 'কোনো পণ্য পাওয়া যায়নি',
  'Choose a product first': 'আগে পণ্য বেছে নিন',
  'Choose a variant': 'ভ্যারিয়েন্ট বেছে নিন',
  '{{variant}} · {{sku}} · {{n}} in stock': '{{variant}} · {{sku}} · স্টকে {{n}}টি',
  'Only variant': 'একমাত্র ভ্যারিয়েন্ট',
  'Quantity in the combo': 'কম্বোতে পরিমাণ',
  'Add item': 'আইটেম যোগ করুন',
};

export default bn;
