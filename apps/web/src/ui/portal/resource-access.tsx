import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceAccessProvider, type ResourceWords } from '../resource/access';

/** The machinery's words as the portal says them (its forms save with "Save", like its other pages). */
const en: Partial<ResourceWords> = {
  save: () => 'Save',
  back: (title) => `Back to ${title.replace(/^My /, 'my ')}`,
  noneYet: () => 'Nothing here yet.',
};

const bn: Partial<ResourceWords> = {
  search: 'খুঁজুন',
  searchPlaceholder: 'খুঁজতে লিখুন',
  all: 'সব',
  clear: 'মুছুন',
  importCsv: 'CSV আমদানি',
  exportCsv: 'CSV ডাউনলোড',
  actions: 'কাজ',
  edit: 'সম্পাদনা',
  delete: 'মুছে ফেলুন',
  cancel: 'বাতিল',
  publish: 'প্রকাশ',
  unpublish: 'লুকান',
  add: (singular) => `${singular} যোগ করুন`,
  editTitle: (singular) => `${singular} সম্পাদনা`,
  save: () => 'সংরক্ষণ করুন',
  back: (title) => `${title}-এ ফিরে যান`,
  nothingMatches: 'আপনার খোঁজার সাথে কিছু মেলেনি।',
  noneYet: () => 'এখানে এখনো কিছু নেই।',
  showing: (from, to, total) => `${total}টির মধ্যে ${from}–${to} দেখানো হচ্ছে`,
  selected: (count) => `${count}টি বাছাই করা`,
  selectAll: 'এই পাতার সব সারি বাছাই করুন',
  deleteTitle: (label) => `${label} মুছে ফেলবেন?`,
  deleteBody: 'এটি আর ফেরানো যাবে না।',
  history: 'ইতিহাস',
};

/**
 * A portal's own rows (a reseller's coupons, slides, pages and lists; a merchant's products, order
 * lines and earnings) on the shared list and form: every action but delete (the portals' APIs have
 * none; a row is switched off instead), in the person's language.
 */
export function PortalResourceAccess({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return (
    <ResourceAccessProvider can={canPortalOwner} words={i18n.language.startsWith('bn') ? bn : en}>
      {children}
    </ResourceAccessProvider>
  );
}

const canPortalOwner = (permission: string) => !permission.endsWith('.delete');
