import type { Phrasebook } from '../lib/phrases';

/** Bengali of the merchant portal's pages (decision 037). */
const bn: Phrasebook = {
  'Units sold': 'বিক্রি হওয়া ইউনিট',
  'Earned this month': 'এই মাসের আয়',
  'Lines on their way': 'পথে থাকা লাইন',
  'Earnings, last 30 days': 'আয়, গত ৩০ দিন',
  '{{n}} of your products are low on stock': 'আপনার {{n}}টি পণ্যের স্টক কম',
  'Order lines by status': 'অবস্থা অনুযায়ী অর্ডার লাইন',
  Lines: 'লাইন',
  Units: 'ইউনিট',
  'Forgot your password?': 'পাসওয়ার্ড ভুলে গেছেন?',
  'My products': 'আমার পণ্য',
  'Order lines': 'অর্ডার লাইন',
  'Order line': 'অর্ডার লাইন',
  Earnings: 'আয়',
  'Withdraw request': 'উত্তোলনের অনুরোধ',
  'Withdraw history': 'উত্তোলনের ইতিহাস',
  'Bank accounts': 'ব্যাংক অ্যাকাউন্ট',
  'Mobile banking': 'মোবাইল ব্যাংকিং',
  'Profile and password': 'প্রোফাইল ও পাসওয়ার্ড',
  'Save profile': 'প্রোফাইল সংরক্ষণ করুন',
  'Current password': 'বর্তমান পাসওয়ার্ড',
  'New password': 'নতুন পাসওয়ার্ড',
  'New password again': 'আবার নতুন পাসওয়ার্ড',
  'Change password': 'পাসওয়ার্ড বদলান',
  'You sign in with your phone number {{phone}}; ask the shop to change it.': 'আপনি {{phone}} ফোন নম্বর দিয়ে সাইন ইন করেন; বদলাতে দোকানকে বলুন।',
  Entry: 'এন্ট্রি',
  'Your price × quantity is credited when an order is delivered and reversed if it is returned. Withdrawals are taken from the balance.':
    'অর্ডার ডেলিভারি হলে আপনার দাম × পরিমাণ জমা হয়, ফেরত এলে তা বাদ যায়। উত্তোলন ব্যালান্স থেকে কাটা হয়।',
  Show: 'দেখান',
  'Earnings and reversals only': 'শুধু আয় ও ফেরত',
  'Nothing yet. Your earning appears here when an order of your products is delivered.':
    'এখনো কিছু নেই। আপনার পণ্যের অর্ডার ডেলিভারি হলে আয় এখানে দেখা যাবে।',
  'Every order line of your products. You earn your price × quantity when the order is delivered; a return takes it back.':
    'আপনার পণ্যের প্রতিটি অর্ডার লাইন। অর্ডার ডেলিভারি হলে আপনি দাম × পরিমাণ পান; ফেরত এলে তা বাদ যায়।',
  'No order has come in for your products yet.': 'আপনার পণ্যের কোনো অর্ডার এখনো আসেনি।',
  Earned: 'আয়',
  Placed: 'অর্ডারের সময়',
  'The products of yours the shop sells: your price, the stock left and the units delivered to customers.':
    'দোকান আপনার যেসব পণ্য বিক্রি করে: আপনার দাম, বাকি স্টক আর ক্রেতার কাছে পৌঁছানো ইউনিট।',
  'The shop has not listed any of your products yet.': 'দোকান এখনো আপনার কোনো পণ্য তালিকায় দেয়নি।',
  'Your price': 'আপনার দাম',
  'Order status': 'অর্ডারের অবস্থা',
  'Name or SKU': 'নাম বা SKU',
  Product: 'পণ্য',
  Password: 'পাসওয়ার্ড',
  Profile: 'প্রোফাইল',
  'Earning of a delivered line': 'ডেলিভারি হওয়া লাইনের আয়',
  'Earning reversed: order returned': 'আয় বাদ: অর্ডার ফেরত',
  'Withdraw request rejected': 'উত্তোলনের অনুরোধ বাতিল',
  'Withdrawal paid': 'উত্তোলন পরিশোধিত',
};

export default bn;
