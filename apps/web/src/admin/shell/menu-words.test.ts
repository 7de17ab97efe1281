import { PERMISSION_GROUPS } from '@haat/contracts';
import { describe, expect, it } from 'vitest';
import type { Phrasebook } from '../../lib/phrases';
import { RESOURCES } from '../resources/registry';
import { PERMISSION_LABELS } from '../resources/staff/permission-words';
import { itemLabel, MENU, visibleMenu, type Words } from './menu';

// Every back-office phrasebook, as the admin's router registers them (router.tsx).
const books = import.meta.glob<{ default: Phrasebook }>(['../../{admin,ui,lib}/**/*phrases.bn.ts'], { eager: true });
const bengali: Phrasebook = Object.assign({}, ...Object.values(books).map((book) => book.default));
const inBengali: Words = (text, values) => (bengali[text] ?? text).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values?.[name] ?? '');

describe('the menu and the permissions in Bengali', () => {
  it('has Bengali for every menu group and entry, every resource name and every permission', () => {
    const words = [
      ...MENU.flatMap((group) => [group.label, ...group.items.flatMap((item) => [item.label, ...(item.thing ? [item.thing] : [])])]),
      ...RESOURCES.flatMap((entry) => [entry.title, entry.singular, entry.menuGroup]),
      ...PERMISSION_GROUPS.map((group) => group.label),
      ...PERMISSION_LABELS,
    ];
    expect([...new Set(words)].filter((word) => !bengali[word])).toEqual([]);
  });

  it('names every permission in words of its own, never its code', () => {
    expect(PERMISSION_LABELS.filter((label) => /^[a-z]+(\.[a-z]+)+$/.test(label))).toEqual([]);
    expect(new Set(PERMISSION_LABELS).size).toBe(PERMISSION_LABELS.length);
  });

  it('fills "Add {{thing}}" in each language', () => {
    const add = MENU.flatMap((group) => group.items).find((item) => item.to === '/admin/add/product');
    expect(add && itemLabel(add, (text, values) => text.replace('{{thing}}', values?.thing ?? ''))).toBe('Add product');
    expect(add && itemLabel(add, inBengali)).toBe('পণ্য যোগ করুন');
  });

  it('finds entries by their English or their Bengali words', () => {
    const everything = () => true;
    const labels = (query: string) => visibleMenu(everything, query, inBengali).flatMap((group) => group.items.map((item) => item.to));
    expect(labels('অর্ডার যোগ')).toEqual(['/admin/add/order']);
    expect(labels('Add order')).toEqual(['/admin/add/order']);
    // A group's name finds its entries.
    expect(labels('কর্মী ও রোল')).toEqual(['/admin/listAdmin', '/admin/role']);
    expect(labels('no such screen')).toEqual([]);
  });
});
