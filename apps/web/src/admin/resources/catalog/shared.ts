import type { Column, Field, ListFilterField } from '../types';

/** Pieces several catalogue declarations share. */
export const statusColumn: Column = { key: 'status', label: 'Status', kind: 'status' };
export const statusFilter: ListFilterField = {
  name: 'status',
  label: 'Status',
  options: [
    { value: '1', label: 'Active' },
    { value: '0', label: 'Hidden' },
  ],
};
export const statusField: Field = { name: 'status', label: 'Status', kind: 'status', half: true };
export const sortOrderField: Field = {
  name: 'sort_order',
  label: 'Order',
  kind: 'number',
  description: 'Lower numbers show first',
  half: true,
};
export const slugField: Field = {
  name: 'slug',
  label: 'Slug',
  kind: 'text',
  description: 'The web address part, like summer-kurti. Leave empty to make one from the name.',
};

/** The category tree's shared screens; the level decides the parent field. */
export function categoryFields(parent?: Field): Field[] {
  return [
    ...(parent ? [parent] : []),
    { name: 'name', label: 'Name', kind: 'text', required: true },
    slugField,
    { name: 'image', label: 'Image', kind: 'image', folder: 'categories', half: true },
    { name: 'icon', label: 'Icon', kind: 'image', folder: 'categories', half: true },
    sortOrderField,
    statusField,
    { name: 'show_on_home', label: 'Show on the home page', kind: 'switch' },
  ];
}

export function categoryColumns(parentLabel?: string): Column[] {
  return [
    { key: 'image', label: 'Image', kind: 'image' },
    { key: 'name', label: 'Name', sort: 'name' },
    ...(parentLabel ? [{ key: 'parent_name', label: parentLabel }] : []),
    { key: 'products_count', label: 'Products', kind: 'number' as const },
    { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' as const },
    { key: 'show_on_home', label: 'On home page', kind: 'boolean' as const },
    statusColumn,
  ];
}
