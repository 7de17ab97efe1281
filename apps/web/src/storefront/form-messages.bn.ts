import { phrase } from '../lib/phrases';

/**
 * Bengali for the messages of the storefront's forms: the shared contracts' (packages/contracts,
 * which the browser checks first) and the server's refusals, found by their English text. English
 * pages show them unchanged; a message not listed here stays in English rather than vanish.
 * Checkout, sign-up, sign-in, profile, addresses, reviews, order tracking and contact use them
 * through storefront/fields.tsx.
 */
const BN: Record<string, string> = {
  // Contracts: packages/contracts (auth.ts, orders.ts, content.ts, fields.ts).
  'Enter a mobile number like 01712345678': '01712345678-এর মতো একটি মোবাইল নম্বর লিখুন',
  'Enter a Bangladeshi mobile number': 'একটি বাংলাদেশি মোবাইল নম্বর লিখুন',
  'Enter your phone number or email': 'আপনার ফোন নম্বর বা ইমেইল লিখুন',
  'Enter your password': 'আপনার পাসওয়ার্ড লিখুন',
  'Enter your current password': 'আপনার বর্তমান পাসওয়ার্ড লিখুন',
  'The two passwords do not match': 'দুটি পাসওয়ার্ড মেলেনি',
  'Enter a valid email address': 'একটি সঠিক ইমেইল ঠিকানা লিখুন',
  'Enter a mobile number or an email address': 'একটি মোবাইল নম্বর বা ইমেইল ঠিকানা লিখুন',
  'Give a phone number or an email address so the shop can answer': 'দোকান যেন উত্তর দিতে পারে, তাই একটি ফোন নম্বর বা ইমেইল ঠিকানা দিন',
  'Enter the delivery address': 'ডেলিভারির ঠিকানা লিখুন',
  'Enter the full address: house, road, area': 'পুরো ঠিকানা লিখুন: বাড়ি, রাস্তা, এলাকা',
  'Enter a name': 'একটি নাম লিখুন',
  'Choose a city': 'একটি শহর বেছে নিন',
  'Choose an area': 'একটি এলাকা বেছে নিন',
  'Choose a payment method': 'একটি পেমেন্ট পদ্ধতি বেছে নিন',
  'Reload the checkout page and try again': 'চেকআউট পেজটি আবার লোড করে চেষ্টা করুন',
  'Enter the order number': 'অর্ডার নম্বর লিখুন',
  'Choose a rating from 1 to 5': '১ থেকে ৫-এর মধ্যে একটি রেটিং দিন',
  // The server's refusals (customers, orders, reviews).
  'Another account uses this email address.': 'এই ইমেইল ঠিকানা অন্য একটি অ্যাকাউন্টে ব্যবহৃত হচ্ছে।',
  'Another account uses this phone number.': 'এই ফোন নম্বর অন্য একটি অ্যাকাউন্টে ব্যবহৃত হচ্ছে।',
  'This phone number is already registered.': 'এই ফোন নম্বর দিয়ে আগেই নিবন্ধন করা হয়েছে।',
  'This phone number is already registered. Sign in, or reset your password.':
    'এই ফোন নম্বর দিয়ে আগেই নিবন্ধন করা হয়েছে। সাইন ইন করুন, অথবা পাসওয়ার্ড রিসেট করুন।',
  'Choose a city we deliver to.': 'আমরা ডেলিভারি দিই এমন একটি শহর বেছে নিন।',
  'Choose an area of the chosen city.': 'বেছে নেওয়া শহরের একটি এলাকা বেছে নিন।',
  'Orders from this phone number are not accepted. Please call the shop.': 'এই ফোন নম্বর থেকে অর্ডার নেওয়া হয় না। দয়া করে দোকানে ফোন করুন।',
  'The shop is not taking orders right now. Please try again later.': 'দোকান এখন অর্ডার নিচ্ছে না। দয়া করে পরে আবার চেষ্টা করুন।',
  'This account is blocked. Please contact the shop.': 'এই অ্যাকাউন্টটি বন্ধ করা হয়েছে। দয়া করে দোকানের সাথে যোগাযোগ করুন।',
  'Please sign in first.': 'আগে সাইন ইন করুন।',
  'You have already reviewed this product.': 'আপনি এই পণ্যের রিভিউ আগেই দিয়েছেন।',
  'You can review a product once an order with it has been delivered to you.': 'পণ্যটির অর্ডার আপনার কাছে পৌঁছানোর পরই রিভিউ দিতে পারবেন।',
  'Too many orders were looked up from here without a match. Please wait 15 minutes and try again.':
    'এখান থেকে অনেকবার ভুল তথ্যে অর্ডার খোঁজা হয়েছে। ১৫ মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  // The server's thanks and confirmations the forms show.
  'Thank you! We have your message and will get back to you soon.': 'ধন্যবাদ! আপনার বার্তা পেয়েছি, শিগগিরই উত্তর দেব।',
  'Thank you! Your review will appear once the shop approves it.': 'ধন্যবাদ! দোকান অনুমোদন করলে আপনার রিভিউ দেখা যাবে।',
  'The address was saved.': 'ঠিকানা সংরক্ষণ করা হয়েছে।',
  'The address was removed.': 'ঠিকানা মুছে ফেলা হয়েছে।',
  'Your profile was saved.': 'আপনার প্রোফাইল সংরক্ষণ করা হয়েছে।',
  'The shop could not be reached. Check your connection and try again.': 'দোকানের সাথে যোগাযোগ করা যায়নি। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
};

const bnDigits = (value: string) => value.replace(/\d/g, (digit) => '০১২৩৪৫৬৭৮৯'.charAt(Number(digit)));
const FIELD_NAMES: Record<string, string> = { name: 'নাম', title: 'শিরোনাম' };

/** Messages with a number or a field name in them (fields.ts's nameField, the length limits). */
const PATTERNS: [RegExp, (match: RegExpExecArray) => string][] = [
  // A limit's refusal (auth/login-limit.ts tooManyAttempts): what happened, then how long to wait.
  [
    /^(.+) Please wait (\d+) (seconds|minutes) and try again\.$/,
    (m) => `${phrase(m[1] ?? '')} ${bnDigits(m[2] ?? '')} ${m[3] === 'seconds' ? 'সেকেন্ড' : 'মিনিট'} অপেক্ষা করে আবার চেষ্টা করুন।`,
  ],
  // The cart's refusals (the API's cart.service.ts), with how many are left.
  [
    /^Only (\d+) of (.+) (?:is|are) left; you asked for (\d+)\.$/,
    (m) => `${m[2]}: মাত্র ${bnDigits(m[1] ?? '')}টি বাকি, আপনি ${bnDigits(m[3] ?? '')}টি চেয়েছেন।`,
  ],
  [
    /^Only (\d+) of (.+) (?:is|are) left and (\d+) (?:is|are) already in your cart: you can add (\d+) more\.$/,
    (m) =>
      `${m[2]}: মাত্র ${bnDigits(m[1] ?? '')}টি বাকি, আপনার কার্টে আগেই ${bnDigits(m[3] ?? '')}টি আছে: আর ${bnDigits(m[4] ?? '')}টি যোগ করতে পারবেন।`,
  ],
  [/^(.+) is out of stock\.$/, (m) => `${m[1]} স্টকে নেই।`],
  [/^Use at most (\d+) characters$/, (m) => `সর্বোচ্চ ${bnDigits(m[1] ?? '')} অক্ষর লিখুন`],
  [/^Use at least (\d+) characters$/, (m) => `কমপক্ষে ${bnDigits(m[1] ?? '')} অক্ষর লিখুন`],
  [/^Write at least (\d+) characters$/, (m) => `কমপক্ষে ${bnDigits(m[1] ?? '')} অক্ষর লিখুন`],
  [
    /^The (\w+) must have at least (\d+) characters$/,
    (m) => `${FIELD_NAMES[m[1] ?? ''] ?? m[1]}-এ কমপক্ষে ${bnDigits(m[2] ?? '')} অক্ষর থাকতে হবে`,
  ],
  [
    /^The (\w+) must have at most (\d+) characters$/,
    (m) => `${FIELD_NAMES[m[1] ?? ''] ?? m[1]}-এ সর্বোচ্চ ${bnDigits(m[2] ?? '')} অক্ষর থাকতে পারে`,
  ],
];

/** A form message in Bengali: its own words, or a pattern's with its numbers in Bengali digits; null when it has neither. */
export function bengaliFormMessage(message: string): string | null {
  const exact = BN[message];
  if (exact) return exact;
  for (const [pattern, render] of PATTERNS) {
    const match = pattern.exec(message);
    if (match) return render(match);
  }
  return null;
}
