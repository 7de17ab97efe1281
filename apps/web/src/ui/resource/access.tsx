import type { Permission } from '@haat/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';

/** The machinery's own words (buttons, empty states, counts), in the reader's language. */
export interface ResourceWords {
  search: string;
  searchPlaceholder: string;
  all: string;
  clear: string;
  importCsv: string;
  exportCsv: string;
  actions: string;
  edit: string;
  delete: string;
  cancel: string;
  publish: string;
  unpublish: string;
  add: (singular: string) => string;
  editTitle: (singular: string) => string;
  /** The form's submit button. */
  save: (mode: 'add' | 'edit', singular: string) => string;
  back: (title: string) => string;
  nothingMatches: string;
  noneYet: (title: string) => string;
  showing: (from: number, to: number, total: number) => string;
  selected: (count: number) => string;
  selectAll: string;
  deleteTitle: (label: string) => string;
  deleteBody: string;
  history: string;
}

export const ENGLISH_WORDS: ResourceWords = {
  search: 'Search',
  searchPlaceholder: 'Type to search',
  all: 'All',
  clear: 'Clear',
  importCsv: 'Import CSV',
  exportCsv: 'Export CSV',
  actions: 'Actions',
  edit: 'Edit',
  delete: 'Delete',
  cancel: 'Cancel',
  publish: 'Publish',
  unpublish: 'Unpublish',
  add: (singular) => `Add ${singular}`,
  editTitle: (singular) => `Edit ${singular}`,
  save: (mode, singular) => (mode === 'edit' ? 'Save changes' : `Add ${singular}`),
  back: (title) => `Back to ${title.toLowerCase()}`,
  nothingMatches: 'Nothing matches your search.',
  noneYet: (title) => `No ${title.toLowerCase()} yet.`,
  showing: (from, to, total) => `Showing ${from}–${to} of ${total}`,
  selected: (count) => `${count} selected`,
  selectAll: 'Select every row on this page',
  deleteTitle: (label) => `Delete ${label}?`,
  deleteBody: 'This cannot be undone. Anything still in use is kept, and you are told why.',
  history: 'History',
};

/** What the list and form screens need from whoever signed in: the back office's admin or a portal's user. */
export interface ResourceAccess {
  /** Whether the signed-in person may do what a permission names (a portal's own rows: always). */
  can: (permission: Permission) => boolean;
  words: ResourceWords;
  /** Where one record's change history is read (the audit log filtered to it); none in the portals. */
  historyPath?: (entity: string, id: string) => string | null;
}

const AccessContext = createContext<ResourceAccess | null>(null);

/** Each shell (the back office, each portal) says who may do what, and in which words. */
export function ResourceAccessProvider({
  can,
  words,
  historyPath,
  children,
}: {
  can: ResourceAccess['can'];
  words?: Partial<ResourceWords>;
  historyPath?: ResourceAccess['historyPath'];
  children: ReactNode;
}) {
  const value = useMemo(() => ({ can, words: { ...ENGLISH_WORDS, ...words }, historyPath }), [can, words, historyPath]);
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

export function useResourceAccess(): ResourceAccess {
  const access = useContext(AccessContext);
  if (!access) throw new Error('A resource screen outside a ResourceAccessProvider');
  return access;
}
