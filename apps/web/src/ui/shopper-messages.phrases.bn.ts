import type { Phrasebook } from '../lib/phrases';

/**
 * Bengali for the server's messages a shopper can meet (decision 030): the cart, checkout, sign-in and registration,
 * password reset, the account pages, order tracking, reviews, coupons, a reseller's shop. The storefront fetches
 * this book with the contracts' messages at the first focus on a page, or before it shows a refusal (lib/api.ts);
 * the back office and the portals load it with the rest of ui/. scripts/check-i18n.mjs fails when a message of
 * apps/api/src a shopper can meet (its SHOPPER_SOURCES) has no Bengali here.
 */
const bn: Phrasebook = {
  'You need one of these permissions: {{anyOf}}.': 'এর জন্য এই অনুমতিগুলোর একটি লাগবে: {{anyOf}}।',
  'Your admin session has expired. Please sign in again.': 'আপনার অ্যাডমিন সেশনের মেয়াদ শেষ হয়েছে। আবার সাইন ইন করুন।',
  'You do not have the "{{permission}}" permission.': 'আপনার "{{permission}}" অনুমতি নেই।',
  'These credentials do not match our records.': 'এই তথ্য আমাদের রেকর্ডের সঙ্গে মেলেনি।',
  'CSRF token mismatch. Reload the page and try again.': 'নিরাপত্তা টোকেন মেলেনি। পাতাটি আবার লোড করে চেষ্টা করুন।',
  'The record was not found.': 'রেকর্ডটি পাওয়া যায়নি।',
  '{{what}} was not found.': '{{what}} পাওয়া যায়নি।',
  'You do not have permission to do that.': 'এ কাজের অনুমতি আপনার নেই।',
  'Please sign in first.': 'আগে সাইন ইন করুন।',
  'Something went wrong on our side. Please try again.': 'আমাদের দিকে একটি সমস্যা হয়েছে। আবার চেষ্টা করুন।',
  'Enter a finite number.': 'একটি সঠিক সংখ্যা লিখুন।',
  'This is nested too deeply.': 'তথ্যের গঠন অতিরিক্ত গভীর।',
  'Logout successfully ! you are back soon ': 'সফলভাবে সাইন আউট হয়েছে! আবার দেখা হবে',
  'Sign out with the Sign out button of the back office.': 'ব্যাক অফিসের সাইন আউট বোতাম দিয়ে সাইন আউট করুন।',
  '{{what}} Please wait {{seconds}} seconds and try again.': '{{what}} {{seconds}} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
  '{{what}} Please wait {{n}} minutes and try again.': '{{what}} {{n}} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many failed sign-in attempts from this address. Please wait {{seconds}} seconds and try again.':
    'এই ঠিকানা থেকে অনেকবার ভুলভাবে সাইন ইনের চেষ্টা হয়েছে। {{seconds}} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many failed sign-in attempts from this address. Please wait {{n}} minutes and try again.':
    'এই ঠিকানা থেকে অনেকবার ভুলভাবে সাইন ইনের চেষ্টা হয়েছে। {{n}} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many failed sign-in attempts. Please wait {{seconds}} seconds and try again.':
    'অনেকবার ভুলভাবে সাইন ইনের চেষ্টা হয়েছে। {{seconds}} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many failed sign-in attempts. Please wait {{n}} minutes and try again.':
    'অনেকবার ভুলভাবে সাইন ইনের চেষ্টা হয়েছে। {{n}} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many wrong current passwords. Please wait {{seconds}} seconds and try again.':
    'অনেকবার ভুল বর্তমান পাসওয়ার্ড দেওয়া হয়েছে। {{seconds}} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many wrong current passwords. Please wait {{n}} minutes and try again.':
    'অনেকবার ভুল বর্তমান পাসওয়ার্ড দেওয়া হয়েছে। {{n}} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'This item in your cart was not found.': 'আপনার কার্টে এই পণ্যটি পাওয়া যায়নি।',
  '{{name}} is no longer for sale.': '{{name}} এখন আর বিক্রি হচ্ছে না।',
  '{{name}} is out of stock.': '{{name}} স্টকে নেই।',
  'You can buy at most {{CART_LINE_LIMIT}} of one item; {{alreadyInCart}} is in your cart.':
    'একটি পণ্য সর্বোচ্চ {{CART_LINE_LIMIT}}টি কেনা যায়; আপনার কার্টে আছে {{alreadyInCart}}টি।',
  'You can buy at most {{CART_LINE_LIMIT}} of one item; {{alreadyInCart}} are in your cart.':
    'একটি পণ্য সর্বোচ্চ {{CART_LINE_LIMIT}}টি কেনা যায়; আপনার কার্টে আছে {{alreadyInCart}}টি।',
  'Only {{stock}} of {{name}} is left and {{alreadyInCart}} is already in your cart: you can add {{n}} more.':
    '{{name}} আর মাত্র {{stock}}টি আছে, আর আপনার কার্টে আগেই {{alreadyInCart}}টি আছে: আরও {{n}}টি যোগ করতে পারবেন।',
  'Only {{stock}} of {{name}} is left and {{alreadyInCart}} are already in your cart: you can add {{n}} more.':
    '{{name}} আর মাত্র {{stock}}টি আছে, আর আপনার কার্টে আগেই {{alreadyInCart}}টি আছে: আরও {{n}}টি যোগ করতে পারবেন।',
  'Only {{stock}} of {{name}} are left and {{alreadyInCart}} is already in your cart: you can add {{n}} more.':
    '{{name}} আর মাত্র {{stock}}টি আছে, আর আপনার কার্টে আগেই {{alreadyInCart}}টি আছে: আরও {{n}}টি যোগ করতে পারবেন।',
  'Only {{stock}} of {{name}} are left and {{alreadyInCart}} are already in your cart: you can add {{n}} more.':
    '{{name}} আর মাত্র {{stock}}টি আছে, আর আপনার কার্টে আগেই {{alreadyInCart}}টি আছে: আরও {{n}}টি যোগ করতে পারবেন।',
  'Only {{stock}} of {{name}} is left; you asked for {{quantity}}.': '{{name}} আর মাত্র {{stock}}টি আছে; আপনি চেয়েছেন {{quantity}}টি।',
  'Only {{stock}} of {{name}} are left; you asked for {{quantity}}.': '{{name}} আর মাত্র {{stock}}টি আছে; আপনি চেয়েছেন {{quantity}}টি।',
  'This product option does not exist; reload the page.': 'পণ্যের এই অপশনটি আর নেই; পাতাটি আবার লোড করুন।',
  'Your cart is empty.': 'আপনার কার্ট খালি।',
  'This payment method is not available. Please choose another.': 'এই পেমেন্ট পদ্ধতি এখন চালু নেই। অন্য একটি বাছুন।',
  // Online payment at checkout (decision 062).
  'Choose to pay the whole order or only the delivery charge by {{label}}.':
    '{{label}} দিয়ে পুরো অর্ডারের টাকা নাকি শুধু ডেলিভারি চার্জ দেবেন, তা বাছুন।',
  '{{label}} takes only the delivery charge in advance here: pay the rest on delivery, or choose another way to pay.':
    'এখানে {{label}} দিয়ে শুধু ডেলিভারি চার্জ আগে দেওয়া যায়: বাকিটা ডেলিভারির সময় দিন, অথবা অন্য উপায় বাছুন।',
  '{{label}} takes only the full payment here: pay the whole order, or choose another way to pay.':
    'এখানে {{label}} দিয়ে শুধু পুরো টাকা দেওয়া যায়: পুরো অর্ডারের টাকা দিন, অথবা অন্য উপায় বাছুন।',
  'This order can only be paid in full online: choose {{gateways}} and pay the whole order.':
    'এই অর্ডারের পুরো টাকা শুধু অনলাইনে দেওয়া যায়: {{gateways}} বেছে পুরো টাকা দিন।',
  'This order can only be paid in full online, which the shop does not take right now. Please call the shop.':
    'এই অর্ডারের পুরো টাকা শুধু অনলাইনে দেওয়া যায়, কিন্তু দোকান এখন অনলাইন পেমেন্ট নিচ্ছে না। দোকানে ফোন করুন।',
  'This order needs at least the delivery charge paid online: choose {{gateways}}.':
    'এই অর্ডারে অন্তত ডেলিভারি চার্জ অনলাইনে দিতে হবে: {{gateways}} বাছুন।',
  'This order needs at least the delivery charge paid online, which the shop does not take right now. Please call the shop.':
    'এই অর্ডারে অন্তত ডেলিভারি চার্জ অনলাইনে দিতে হবে, কিন্তু দোকান এখন অনলাইন পেমেন্ট নিচ্ছে না। দোকানে ফোন করুন।',
  'This order has no delivery charge to pay in advance; pay in full or on delivery.':
    'এই অর্ডারে আগে দেওয়ার মতো কোনো ডেলিভারি চার্জ নেই; পুরো টাকা অনলাইনে দিন অথবা ডেলিভারির সময় দিন।',
  'Please pay the delivery charge online to confirm this order.': 'এই অর্ডার নিশ্চিত করতে ডেলিভারি চার্জ অনলাইনে দিন।',
  'Please pay online to confirm this order.': 'এই অর্ডার নিশ্চিত করতে অনলাইনে টাকা দিন।',
  'You have sent several messages in the last hour. Please wait a while, or call the shop.':
    'গত এক ঘণ্টায় আপনি কয়েকটি বার্তা পাঠিয়েছেন। কিছুক্ষণ অপেক্ষা করুন, অথবা দোকানে ফোন করুন।',
  'The contact message was not found.': 'বার্তাটি পাওয়া যায়নি।',
  'This message has no phone number: reply by e-mail.': 'এই বার্তায় কোনো ফোন নম্বর নেই: ইমেইলে উত্তর দিন।',
  'This message has no e-mail address: reply by SMS.': 'এই বার্তায় কোনো ইমেইল ঠিকানা নেই: SMS-এ উত্তর দিন।',
  'This product is not for sale.': 'এই পণ্যটি বিক্রির জন্য নয়।',
  'You have already reviewed this product.': 'এই পণ্যের রিভিউ আপনি আগেই দিয়েছেন।',
  'The order was not found.': 'অর্ডারটি পাওয়া যায়নি।',
  'Another account uses this email address.': 'এই ইমেইল ঠিকানা অন্য একটি অ্যাকাউন্টে ব্যবহৃত হচ্ছে।',
  'This phone number is already registered. Sign in, or reset your password.':
    'এই ফোন নম্বর দিয়ে আগেই নিবন্ধন করা আছে। সাইন ইন করুন, অথবা পাসওয়ার্ড রিসেট করুন।',
  'This account is blocked. Please contact the shop.': 'এই অ্যাকাউন্টটি বন্ধ করা হয়েছে। দোকানের সঙ্গে যোগাযোগ করুন।',
  'This phone number is already registered.': 'এই ফোন নম্বর দিয়ে আগেই নিবন্ধন করা আছে।',
  'Another account uses this phone number.': 'এই ফোন নম্বর অন্য একটি অ্যাকাউন্টে ব্যবহৃত হচ্ছে।',
  'The address was not found.': 'ঠিকানাটি পাওয়া যায়নি।',
  'Choose a city we deliver to.': 'আমরা ডেলিভারি দিই এমন একটি শহর বাছুন।',
  'Choose an area of the chosen city.': 'বাছাই করা শহরের একটি এলাকা বাছুন।',
  'You can save up to {{ADDRESS_LIMIT}} addresses. Remove one first.': 'সর্বোচ্চ {{ADDRESS_LIMIT}}টি ঠিকানা রাখা যায়। আগে একটি মুছে ফেলুন।',
  'You can save up to {{ADDRESS_LIMIT}} addresses.': 'সর্বোচ্চ {{ADDRESS_LIMIT}}টি ঠিকানা রাখা যায়।',
  'Too many reset codes were asked for from this address. Please wait {{seconds}} seconds and try again.':
    'এই ঠিকানা থেকে অনেকবার রিসেট কোড চাওয়া হয়েছে। {{seconds}} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many reset codes were asked for from this address. Please wait {{n}} minutes and try again.':
    'এই ঠিকানা থেকে অনেকবার রিসেট কোড চাওয়া হয়েছে। {{n}} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'Three codes were sent to this number in the last hour. Please wait {{seconds}} seconds and try again.':
    'গত এক ঘণ্টায় এই নম্বরে তিনটি কোড পাঠানো হয়েছে। {{seconds}} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
  'Three codes were sent to this number in the last hour. Please wait {{n}} minutes and try again.':
    'গত এক ঘণ্টায় এই নম্বরে তিনটি কোড পাঠানো হয়েছে। {{n}} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'If this number has an account with us, a 6-digit code is on its way by SMS. It is valid for 10 minutes.':
    'এই নম্বরে আমাদের কোনো অ্যাকাউন্ট থাকলে SMS-এ ৬ অঙ্কের একটি কোড যাচ্ছে। কোডটি ১০ মিনিট পর্যন্ত চলবে।',
  'Too many codes were tried from this address. Please wait {{seconds}} seconds and try again.':
    'এই ঠিকানা থেকে অনেকবার কোড চেষ্টা করা হয়েছে। {{seconds}} সেকেন্ড অপেক্ষা করে আবার চেষ্টা করুন।',
  'Too many codes were tried from this address. Please wait {{n}} minutes and try again.':
    'এই ঠিকানা থেকে অনেকবার কোড চেষ্টা করা হয়েছে। {{n}} মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'Your new password is set. Sign in with it.': 'আপনার নতুন পাসওয়ার্ড সেট হয়েছে। এটি দিয়ে সাইন ইন করুন।',
  'Your profile was saved.': 'আপনার প্রোফাইল সংরক্ষিত হয়েছে।',
  'The address was saved.': 'ঠিকানাটি সংরক্ষিত হয়েছে।',
  'The address was removed.': 'ঠিকানাটি মুছে ফেলা হয়েছে।',
  'This sign-in method was not found.': 'সাইন ইনের এই পদ্ধতিটি পাওয়া যায়নি।',
  'The account was unlinked.': 'অ্যাকাউন্টের সংযোগ খুলে দেওয়া হয়েছে।',
  'Google sign-in was not found.': 'Google দিয়ে সাইন ইন চালু নেই।',
  'Facebook sign-in was not found.': 'Facebook দিয়ে সাইন ইন চালু নেই।',
  'The linked Google account was not found.': 'সংযুক্ত Google অ্যাকাউন্টটি পাওয়া যায়নি।',
  'The linked Facebook account was not found.': 'সংযুক্ত Facebook অ্যাকাউন্টটি পাওয়া যায়নি।',
  'Your account has no password, so Google is your only way to sign in: it stays linked.':
    'আপনার অ্যাকাউন্টে কোনো পাসওয়ার্ড নেই, তাই Google-ই সাইন ইনের একমাত্র উপায়: এটি সংযুক্ত থাকবে।',
  'Your account has no password, so Facebook is your only way to sign in: it stays linked.':
    'আপনার অ্যাকাউন্টে কোনো পাসওয়ার্ড নেই, তাই Facebook-ই সাইন ইনের একমাত্র উপায়: এটি সংযুক্ত থাকবে।',
  'This coupon code does not exist.': 'এই কুপন কোডটি নেই।',
  'This coupon code is not active.': 'এই কুপন কোডটি চালু নেই।',
  'This coupon code is not valid yet.': 'এই কুপন কোডটি এখনো চালু হয়নি।',
  'This coupon code has expired.': 'এই কুপন কোডের মেয়াদ শেষ।',
  'This coupon code cannot be used on this kind of order.': 'এই ধরনের অর্ডারে এই কুপন কোড ব্যবহার করা যাবে না।',
  'This coupon code is only for your first order.': 'এই কুপন কোড শুধু আপনার প্রথম অর্ডারের জন্য।',
  'Your order total is below the minimum for this coupon code.': 'এই কুপন কোডের জন্য আপনার অর্ডারের মোট দাম সর্বনিম্ন সীমার চেয়ে কম।',
  'This coupon code has been used up.': 'এই কুপন কোডের ব্যবহার শেষ হয়ে গেছে।',
  'You have already used this coupon code.': 'এই কুপন কোড আপনি আগেই ব্যবহার করেছেন।',
  'Your order is cancelled.': 'আপনার অর্ডার বাতিল করা হয়েছে।',
  'The product was not found.': 'পণ্যটি পাওয়া যায়নি।',
  'You can review a product once an order with it has been delivered to you.':
    'পণ্যটিসহ কোনো অর্ডার আপনার কাছে ডেলিভারি হলে তবেই রিভিউ দিতে পারবেন।',
  'Thank you! Your review will appear once the shop approves it.': 'ধন্যবাদ! দোকান অনুমোদন করলে আপনার রিভিউ দেখা যাবে।',
  'Too many orders were looked up from here without a match. Please wait 15 minutes and try again.':
    'এখান থেকে অনেকবার অর্ডার খোঁজা হয়েছে, কিন্তু মেলেনি। ১৫ মিনিট অপেক্ষা করে আবার চেষ্টা করুন।',
  'We could not find an order with this number and phone number. Check both and try again.':
    'এই অর্ডার নম্বর ও ফোন নম্বরে কোনো অর্ডার পাওয়া যায়নি। দুটোই দেখে আবার চেষ্টা করুন।',
  'Order {{number}} is {{status}} and can no longer be cancelled here. Please call the shop.':
    'অর্ডার {{number}} এখন {{status}}, তাই এখান থেকে আর বাতিল করা যাবে না। দোকানে ফোন করুন।',
  'This order can no longer be cancelled here. Please call the shop.': 'এই অর্ডার এখান থেকে আর বাতিল করা যাবে না। দয়া করে দোকানে ফোন করুন।',
  'Order {{number}} was not cancelled; try again.': 'অর্ডার {{number}} বাতিল হয়নি; আবার চেষ্টা করুন।',
  'The discount cannot be more than the order costs, {{n}}.': 'ছাড় অর্ডারের দাম {{n}}-এর বেশি হতে পারে না।',
  'The advance cannot be more than the order total, {{total}}.': 'অগ্রিম অর্ডারের মোট দাম {{total}}-এর বেশি হতে পারে না।',
  'The shop is not taking orders right now. Please try again later.': 'দোকান এখন অর্ডার নিচ্ছে না। পরে আবার চেষ্টা করুন।',
  'The shop is not taking orders right now.': 'দোকান এখন অর্ডার নিচ্ছে না।',
  'Orders from this phone number are not accepted. Please call the shop.': 'এই ফোন নম্বর থেকে অর্ডার নেওয়া হয় না। দোকানে ফোন করুন।',
  'There is nothing to order: add a product first.': 'অর্ডার করার মতো কিছু নেই: আগে একটি পণ্য যোগ করুন।',
  'This coupon code is not valid in this shop.': 'এই কুপন কোড এই দোকানে চলে না।',
  'This coupon cannot be used yet.': 'এই কুপন এখনো ব্যবহার করা যাবে না।',
  'This coupon has expired.': 'এই কুপনের মেয়াদ শেষ।',
  'This coupon has been used up.': 'এই কুপনের ব্যবহার শেষ হয়ে গেছে।',
  'Order at least {{minimumOrder}} of items to use this coupon.': 'এই কুপন ব্যবহার করতে কমপক্ষে {{minimumOrder}}-এর পণ্য অর্ডার করুন।',
  'Choose only categories from the list.': 'শুধু তালিকার ক্যাটাগরি বাছুন।',
  'This page was not found.': 'পাতাটি পাওয়া যায়নি।',
  'You already have a coupon with this code.': 'এই কোডে আপনার একটি কুপন আগেই আছে।',
  'This coupon was used {{used}} times already; allow at least that many.':
    'এই কুপন আগেই {{used}} বার ব্যবহার হয়েছে; অন্তত ততবার ব্যবহারের সুযোগ রাখুন।',
  'Another of your pages has this address.': 'আপনার অন্য একটি পাতার এই ঠিকানা আছে।',
  'Your shop’s categories were saved.': 'আপনার দোকানের ক্যাটাগরি সংরক্ষিত হয়েছে।',
  'This shop was not found.': 'দোকানটি পাওয়া যায়নি।',
  'This category was not found.': 'ক্যাটাগরিটি পাওয়া যায়নি।',
  'This product was not found.': 'পণ্যটি পাওয়া যায়নি।',
  'This product was not found or is not available.': 'পণ্যটি পাওয়া যায়নি, অথবা এখন পাওয়া যাচ্ছে না।',
  'This sitemap was not found.': 'সাইটম্যাপটি পাওয়া যায়নি।',
  'The shop could not be reached. Check your connection and try again.': 'দোকানের সঙ্গে যোগাযোগ করা গেল না। ইন্টারনেট সংযোগ দেখে আবার চেষ্টা করুন।',
  'Thank you! We have your message and will get back to you soon.': 'ধন্যবাদ! আপনার বার্তা পেয়েছি, শিগগিরই উত্তর দেব।',
  'The page was not found.': 'পাতাটি পাওয়া যায়নি।',
  // Marketing signals (decision 060).
  'This feed was not found.': 'ফিডটি পাওয়া যায়নি।',
  // Incomplete checkouts (decision 056): the checkout's draft, and the back office's call-back list (the cart module's).
  'Too many saves of this checkout. Please try again in {{minutes}} minute.':
    'এই চেকআউট অনেকবার সংরক্ষণ হয়েছে। {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  'Too many saves of this checkout. Please try again in {{minutes}} minutes.':
    'এই চেকআউট অনেকবার সংরক্ষণ হয়েছে। {{minutes}} মিনিট পরে আবার চেষ্টা করুন।',
  'The incomplete checkout was not found.': 'অসম্পূর্ণ চেকআউটটি পাওয়া যায়নি।',
  'The details were saved.': 'তথ্য সংরক্ষণ হয়েছে।',
  'The call was saved.': 'কলটি সংরক্ষণ হয়েছে।',
  'The incomplete checkout was dismissed.': 'অসম্পূর্ণ চেকআউটটি বাদ দেওয়া হয়েছে।',
  'The incomplete checkout is open again.': 'অসম্পূর্ণ চেকআউটটি আবার খোলা হয়েছে।',
  'This incomplete checkout is an order already; change the order instead.': 'এই অসম্পূর্ণ চেকআউট থেকে অর্ডার হয়ে গেছে; অর্ডারটি বদলান।',
  'This incomplete checkout is an order already.': 'এই অসম্পূর্ণ চেকআউট থেকে অর্ডার হয়ে গেছে।',
  'The shopper has a newer incomplete checkout (#{{id}}) for the same cart; work on that one.':
    'একই কার্টে ক্রেতার একটি নতুন অসম্পূর্ণ চেকআউট (#{{id}}) আছে; সেটি নিয়ে কাজ করুন।',
  'This incomplete checkout was dismissed; open it again to convert it.': 'এই অসম্পূর্ণ চেকআউট বাদ দেওয়া হয়েছে; রূপান্তরের জন্য আবার খুলুন।',
  'Order {{number}} was placed.': 'অর্ডার {{number}} দেওয়া হয়েছে।',
  'This incomplete checkout is order {{number}} already.': 'এই অসম্পূর্ণ চেকআউটটি ইতিমধ্যে অর্ডার {{number}}।',
  // Fraud controls at checkout (decision 055).
  'Orders from your network are not accepted at the moment. Please call the shop to order.':
    'এই মুহূর্তে আপনার নেটওয়ার্ক থেকে অর্ডার নেওয়া হচ্ছে না। অর্ডার করতে দোকানে ফোন করুন।',
  'This phone number has placed {{n}} orders in the last hour, the most the shop takes. Please try again later, or call the shop to order.':
    'এই ফোন নম্বর থেকে গত এক ঘণ্টায় {{n}}টি অর্ডার হয়েছে, দোকান এর বেশি নেয় না। পরে আবার চেষ্টা করুন, বা অর্ডার করতে দোকানে ফোন করুন।',
  'This phone number has placed {{n}} orders today, the most the shop takes in a day. Please try again later, or call the shop to order.':
    'এই ফোন নম্বর থেকে আজ {{n}}টি অর্ডার হয়েছে, দোকান দিনে এর বেশি নেয় না। পরে আবার চেষ্টা করুন, বা অর্ডার করতে দোকানে ফোন করুন।',
  'Too many orders from your network in the last hour. Please try again later, or call the shop to order.':
    'গত এক ঘণ্টায় আপনার নেটওয়ার্ক থেকে অনেক বেশি অর্ডার হয়েছে। পরে আবার চেষ্টা করুন, বা অর্ডার করতে দোকানে ফোন করুন।',
  'Too many orders from your network today. Please try again later, or call the shop to order.':
    'আজ আপনার নেটওয়ার্ক থেকে অনেক বেশি অর্ডার হয়েছে। পরে আবার চেষ্টা করুন, বা অর্ডার করতে দোকানে ফোন করুন।',
  'You can order at most {{most}} of {{name}} in one order.': 'এক অর্ডারে {{name}} সর্বোচ্চ {{most}}টি নিতে পারেন।',
  'We sent a code by SMS to {{phone}}. Enter it to place your order.': '{{phone}} নম্বরে এসএমএসে একটি কোড পাঠিয়েছি। অর্ডার করতে কোডটি লিখুন।',
  'That code is not right. Check the SMS and try again ({{left}} tries left).':
    'কোডটি সঠিক নয়। এসএমএসটি দেখে আবার চেষ্টা করুন (আর {{left}} বার চেষ্টা করা যাবে)।',
  'That code is not right. Check the SMS and try again ({{left}} try left).':
    'কোডটি সঠিক নয়। এসএমএসটি দেখে আবার চেষ্টা করুন (আর {{left}} বার চেষ্টা করা যাবে)।',
  'Too many wrong codes. Leave the code empty and place the order again for a new one.':
    'অনেকবার ভুল কোড দেওয়া হয়েছে। নতুন কোড পেতে ঘরটি খালি রেখে আবার অর্ডার করুন।',
  'Too many codes were sent to this phone in the last hour. Please try again later, or call the shop.':
    'গত এক ঘণ্টায় এই ফোনে অনেকগুলো কোড পাঠানো হয়েছে। পরে আবার চেষ্টা করুন, বা দোকানে ফোন করুন।',
  'On hold: the delivery charge must be paid in advance for this phone. The shop will call to arrange it before sending the order.':
    'স্থগিত: এই ফোনের অর্ডারে ডেলিভারি চার্জ আগে দিতে হবে। অর্ডার পাঠানোর আগে দোকান ফোন করে তা ঠিক করে নেবে।',
  'This way to pay is switched off': 'এই উপায়ে পেমেন্ট এখন বন্ধ',
  'This way to pay is not available right now: choose another': 'এই উপায়ে এখন পেমেন্ট করা যাচ্ছে না: অন্য উপায় বেছে নিন',
  'This way to pay does not take full payments here: choose another': 'এই উপায়ে এখানে পুরো পেমেন্ট নেওয়া হয় না: অন্য উপায় বেছে নিন',
  'This way to pay does not take the delivery charge in advance here: choose another':
    'এই উপায়ে এখানে ডেলিভারি চার্জ আগে নেওয়া হয় না: অন্য উপায় বেছে নিন',
  'The payment could not be started. Try again or choose another way to pay.': 'পেমেন্ট শুরু করা যায়নি। আবার চেষ্টা করুন বা অন্য উপায়ে পেমেন্ট করুন।',
  '{{gateway}} did not answer: {{message}}': '{{gateway}} উত্তর দেয়নি: {{message}}',
  'The gateway confirmed {{paidAmount}}, not the {{amount}} asked: not accepted; check with the gateway.':
    'গেটওয়ে {{amount}} নয়, {{paidAmount}} নিশ্চিত করেছে: গ্রহণ করা হয়নি; গেটওয়ের সঙ্গে মিলিয়ে দেখুন।',
  'The order was already paid by another attempt: refund this payment.': 'অর্ডারটির পেমেন্ট আগেই অন্য চেষ্টায় হয়ে গেছে: এই পেমেন্ট ফেরত দিন।',
  'Paid after the order was cancelled: refund this payment.': 'অর্ডার বাতিলের পরে পেমেন্ট হয়েছে: এই পেমেন্ট ফেরত দিন।',
  'This order was cancelled.': 'এই অর্ডারটি বাতিল হয়েছে।',
  'This order is already paid.': 'এই অর্ডারের পেমেন্ট আগেই হয়ে গেছে।',
  'This order is paid in cash on delivery: nothing is due online.': 'এই অর্ডারের টাকা ক্যাশ অন ডেলিভারিতে দেওয়া হবে: অনলাইনে কিছু দিতে হবে না।',
  'This order can no longer be paid online.': 'এই অর্ডারের পেমেন্ট আর অনলাইনে করা যাবে না।',
  'The time to pay this order has passed: its items are no longer held.': 'এই অর্ডারের পেমেন্টের সময় পেরিয়ে গেছে: পণ্যগুলো আর রাখা নেই।',
  'Nothing is due online on this order.': 'এই অর্ডারে অনলাইনে কিছু দিতে হবে না।',
  'The payment was not found.': 'পরিশোধটি পাওয়া যায়নি।',
  // What a gateway said of a payment that did not go through: the pay page shows it to the shopper (decision 062).
  'bKash: code {{code}}': 'bKash: কোড {{code}}',
  'bKash says: {{status}}': 'bKash জানাচ্ছে: {{status}}',
  'bKash says the payment was cancelled': 'bKash জানাচ্ছে পেমেন্টটি বাতিল হয়েছে',
  'bKash says the payment is unknown': 'bKash জানাচ্ছে এমন কোনো পেমেন্ট তাদের জানা নেই',
  'bKash came back with another payment ({{paymentID}})': 'bKash অন্য একটি পেমেন্ট নিয়ে ফিরেছে ({{paymentID}})',
  'The payment was cancelled on bKash': 'পেমেন্টটি bKash-এ বাতিল করা হয়েছে',
  'bKash reported that the payment failed': 'bKash জানিয়েছে পেমেন্টটি ব্যর্থ হয়েছে',
  'bKash error {{code}}': 'bKash ত্রুটি {{code}}',
  'bKash says the payment is not completed': 'bKash জানাচ্ছে পেমেন্টটি সম্পন্ন হয়নি',
  'Nagad verified another order ({{orderId}})': 'Nagad অন্য একটি অর্ডার যাচাই করেছে ({{orderId}})',
  'The payment was {{status}} on Nagad': 'Nagad-এ পেমেন্টের অবস্থা: {{status}}',
  'Nagad says: {{status}}': 'Nagad জানাচ্ছে: {{status}}',
  'Nagad says the payment is {{status}}': 'Nagad জানাচ্ছে পেমেন্টের অবস্থা: {{status}}',
  'Nagad says the payment failed': 'Nagad জানাচ্ছে পেমেন্টটি ব্যর্থ হয়েছে',
  'Nagad came back with another payment ({{payment_ref_id}})': 'Nagad অন্য একটি পেমেন্ট নিয়ে ফিরেছে ({{payment_ref_id}})',
  'Nagad says the payment is not paid': 'Nagad জানাচ্ছে পেমেন্টটি পরিশোধ হয়নি',
  'SSLCommerz validated another transaction ({{tranId}})': 'SSLCommerz অন্য একটি লেনদেন যাচাই করেছে ({{tranId}})',
  'The payment was cancelled on SSLCommerz': 'পেমেন্টটি SSLCommerz-এ বাতিল করা হয়েছে',
  'SSLCommerz says: {{status}}': 'SSLCommerz জানাচ্ছে: {{status}}',
  'SSLCommerz has no transaction for it yet': 'SSLCommerz-এ এর জন্য এখনো কোনো লেনদেন নেই',
  'SSLCommerz reported that the payment failed': 'SSLCommerz জানিয়েছে পেমেন্টটি ব্যর্থ হয়েছে',
  'SSLCommerz came back without a validation ID': 'SSLCommerz যাচাই আইডি ছাড়াই ফিরেছে',
};

export default bn;
