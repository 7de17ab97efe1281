import type { Permission } from '@haat/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/numbers';
import { PHRASES, phrase } from '../../lib/phrases';

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
  selected: (n: number) => string;
  selectAll: string;
  deleteTitle: (label: string) => string;
  deleteBody: string;
  history: string;
}

/**
 * The machinery's words in the current language (lib/phrases.ts): a declaration's title or singular is
 * English and goes through `phrase` too ("Add {{thing}}" with the singular in the reader's language).
 */
export function resourceWords(language: string): ResourceWords {
  const count = (value: number) => formatNumber(value, language);
  return {
    search: phrase('Search'),
    searchPlaceholder: phrase('Type to search'),
    all: phrase('All'),
    clear: phrase('Clear'),
    importCsv: phrase('Import CSV'),
    exportCsv: phrase('Export CSV'),
    actions: phrase('Actions'),
    edit: phrase('Edit'),
    delete: phrase('Delete'),
    cancel: phrase('Cancel'),
    publish: phrase('Publish'),
    unpublish: phrase('Unpublish'),
    add: (singular) => phrase('Add {{thing}}', { thing: phrase(singular) }),
    editTitle: (singular) => phrase('Edit {{thing}}', { thing: phrase(singular) }),
    save: (mode, singular) => (mode === 'edit' ? phrase('Save changes') : phrase('Add {{thing}}', { thing: phrase(singular) })),
    back: (title) => phrase('Back to {{title}}', { title: phrase(title).toLowerCase() }),
    nothingMatches: phrase('Nothing matches your search.'),
    noneYet: (title) => phrase('No {{title}} yet.', { title: phrase(title).toLowerCase() }),
    showing: (from, to, total) => phrase('Showing {{from}}–{{to}} of {{total}}', { from: count(from), to: count(to), total: count(total) }),
    selected: (n) => phrase('{{n}} selected', { n: count(n) }),
    selectAll: phrase('Select every row on this page'),
    deleteTitle: (label) => phrase('Delete {{name}}?', { name: label }),
    deleteBody: phrase('This cannot be undone. Anything still in use is kept, and you are told why.'),
    history: phrase('History'),
  };
}

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
  // A new set of words when the language changes (the phrasebooks of Bengali arrive with it).
  const { i18n } = useTranslation(PHRASES);
  const language = i18n.language;
  const value = useMemo(() => ({ can, words: { ...resourceWords(language), ...words }, historyPath }), [can, words, historyPath, language]);
  return <AccessContext.Provider value={value}>{children}</AccessContext.Provider>;
}

export function useResourceAccess(): ResourceAccess {
  const access = useContext(AccessContext);
  if (!access) throw new Error('A resource screen outside a ResourceAccessProvider');
  return access;
}
