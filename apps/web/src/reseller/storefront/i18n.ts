import i18next from 'i18next';
import { useTranslation } from 'react-i18next';

/** The reseller's storefront settings pages in English and Bengali (namespace `resellerShop`). */
const en = {
  menuCategories: 'Shop categories',
  menuPages: 'Shop pages',
  categoriesTitle: 'Categories shown in my shop',
  categoriesHelp: 'Tick the categories your shop shows. While none is ticked, your shop shows every category.',
  allShown: 'Your shop shows every category.',
  someShown_one: 'Your shop shows {{count}} category.',
  someShown_other: 'Your shop shows {{count}} categories.',
  noCategories: 'The shop has no categories yet.',
  save: 'Save',
  viewShop: 'View my shop',
  pagesTitle: 'My shop’s pages',
  addPage: 'Add page',
  editPage: 'Edit page',
  noPages: 'You have no pages yet. Add one: about your shop, delivery or returns.',
  title: 'Title',
  slug: 'Page address',
  slugHint: 'Small letters, digits and dashes. The page is at /shop/{{shop}}/page/{{slug}}',
  content: 'Content',
  updated: 'Updated',
  address: 'Address',
  actions: 'Actions',
  edit: 'Edit',
  open: 'Open',
  back: 'Back to the pages',
};

const bn: typeof en = {
  menuCategories: 'শপের ক্যাটাগরি',
  menuPages: 'শপের পেজ',
  categoriesTitle: 'আমার শপে দেখানো ক্যাটাগরি',
  categoriesHelp: 'আপনার শপে যে ক্যাটাগরিগুলো দেখাবে সেগুলোতে টিক দিন। কোনোটিতে টিক না থাকলে সব ক্যাটাগরি দেখাবে।',
  allShown: 'আপনার শপে সব ক্যাটাগরি দেখাচ্ছে।',
  someShown_one: 'আপনার শপে {{count}}টি ক্যাটাগরি দেখাচ্ছে।',
  someShown_other: 'আপনার শপে {{count}}টি ক্যাটাগরি দেখাচ্ছে।',
  noCategories: 'শপে এখনো কোনো ক্যাটাগরি নেই।',
  save: 'সংরক্ষণ করুন',
  viewShop: 'আমার শপ দেখুন',
  pagesTitle: 'আমার শপের পেজ',
  addPage: 'পেজ যোগ করুন',
  editPage: 'পেজ সম্পাদনা',
  noPages: 'আপনার এখনো কোনো পেজ নেই। একটি যোগ করুন: আপনার শপ, ডেলিভারি বা রিটার্ন নিয়ে।',
  title: 'শিরোনাম',
  slug: 'পেজের ঠিকানা',
  slugHint: 'ছোট হাতের অক্ষর, সংখ্যা ও ড্যাশ। পেজটি থাকবে /shop/{{shop}}/page/{{slug}} ঠিকানায়',
  content: 'বিষয়বস্তু',
  updated: 'হালনাগাদ',
  address: 'ঠিকানা',
  actions: 'কাজ',
  edit: 'সম্পাদনা',
  open: 'খুলুন',
  back: 'পেজের তালিকায় ফিরুন',
};

export const NAMESPACE = 'resellerShop';
if (!i18next.hasResourceBundle('en', NAMESPACE)) i18next.addResourceBundle('en', NAMESPACE, en);
if (!i18next.hasResourceBundle('bn', NAMESPACE)) i18next.addResourceBundle('bn', NAMESPACE, bn);

export const useShopText = () => useTranslation(NAMESPACE);
