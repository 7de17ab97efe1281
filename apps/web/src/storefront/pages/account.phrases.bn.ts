import type { Phrasebook } from '../../lib/phrases';

/**
 * Bengali for the shopper's account pages (sign-in, password reset, orders, tracking): their own words and
 * the server's answers they show (through storefront/form-messages.ts).
 */
const bn: Phrasebook = {
  // Password reset.
  'Forgot your password?': 'পাসওয়ার্ড ভুলে গেছেন?',
  'Enter the mobile number of your account. We will send a 6-digit code to it by SMS.':
    'আপনার অ্যাকাউন্টের মোবাইল নম্বর লিখুন। আমরা সেই নম্বরে SMS-এ ৬ অঙ্কের একটি কোড পাঠাব।',
  'Sending…': 'পাঠানো হচ্ছে…',
  'Send the code': 'কোড পাঠান',
  'I already have a code': 'আমার কাছে কোড আছে',
  'Back to sign in': 'সাইন ইনে ফিরে যান',
  'Choose a new password': 'নতুন পাসওয়ার্ড দিন',
  'Code from the SMS': 'SMS-এ পাওয়া কোড',
  '6 digits, valid for 10 minutes': '৬ অঙ্কের, ১০ মিনিট পর্যন্ত চলবে',
  'New password': 'নতুন পাসওয়ার্ড',
  'New password again': 'আবার নতুন পাসওয়ার্ড',
  'Set the new password': 'নতুন পাসওয়ার্ড সেট করুন',
  'No code?': 'কোড পাননি?',
  'Ask for a new code': 'নতুন কোড চান',
  'If this number has an account with us, a 6-digit code is on its way by SMS. It is valid for 10 minutes.':
    'এই নম্বরে আমাদের কোনো অ্যাকাউন্ট থাকলে SMS-এ ৬ অঙ্কের একটি কোড যাচ্ছে। কোডটি ১০ মিনিট পর্যন্ত চলবে।',
  'This code is not right or has expired. Check the SMS or ask for a new code.':
    'কোডটি সঠিক নয় অথবা মেয়াদ শেষ হয়ে গেছে। SMS দেখুন অথবা নতুন কোড চান।',
  'Too many wrong codes. Ask for a new code.': 'অনেকবার ভুল কোড দেওয়া হয়েছে। নতুন কোড চান।',
  'Your new password is set. Sign in with it.': 'আপনার নতুন পাসওয়ার্ড সেট হয়েছে। এটি দিয়ে সাইন ইন করুন।',
  'Enter the 6-digit code': '৬ অঙ্কের কোডটি লিখুন',
  // Limits (followed by how long to wait, storefront/form-messages.ts).
  'Three codes were sent to this number in the last hour.': 'গত এক ঘণ্টায় এই নম্বরে তিনটি কোড পাঠানো হয়েছে।',
  'Too many reset codes were asked for from this address.': 'এখান থেকে অনেকবার রিসেট কোড চাওয়া হয়েছে।',
  'Too many codes were tried from this address.': 'এখান থেকে অনেকবার কোড দিয়ে চেষ্টা করা হয়েছে।',
  'Too many failed sign-in attempts.': 'অনেকবার ভুল পাসওয়ার্ডে সাইন ইনের চেষ্টা হয়েছে।',
  'Too many failed sign-in attempts from this address.': 'এখান থেকে অনেকবার ভুল সাইন ইনের চেষ্টা হয়েছে।',
  'Enter the 6-digit code from the SMS': 'SMS-এ পাওয়া ৬ অঙ্কের কোডটি লিখুন',
  // Cancelling an order.
  'Cancel this order': 'অর্ডারটি বাতিল করুন',
  'You can cancel until the shop confirms the order.': 'দোকান অর্ডারটি নিশ্চিত করার আগ পর্যন্ত বাতিল করতে পারবেন।',
  'Why are you cancelling?': 'কেন বাতিল করছেন?',
  'The shop reads this.': 'দোকান এটি পড়বে।',
  'Cancelling…': 'বাতিল হচ্ছে…',
  'Yes, cancel the order': 'হ্যাঁ, অর্ডার বাতিল করুন',
  'Keep the order': 'অর্ডার রাখুন',
  'You cancelled this order: “{{reason}}”': 'আপনি অর্ডারটি বাতিল করেছেন: “{{reason}}”',
  'Your order is cancelled.': 'আপনার অর্ডার বাতিল করা হয়েছে।',
  'This order can no longer be cancelled here. Please call the shop.': 'এই অর্ডার এখান থেকে আর বাতিল করা যাবে না। দয়া করে দোকানে ফোন করুন।',
  // Orders and tracking.
  '{{name}} and {{n}} more': '{{name}} এবং আরও {{n}}টি',
  'Page {{page}} of {{n}}': '{{n}}টির মধ্যে {{page}} নম্বর পাতা',
  Courier: 'কুরিয়ার',
  'Tracking code': 'ট্র্যাকিং কোড',
  '(opens the courier’s tracking page)': '(কুরিয়ারের ট্র্যাকিং পেজ খুলবে)',
};

export default bn;
