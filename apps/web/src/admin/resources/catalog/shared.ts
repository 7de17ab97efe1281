import type { SharedColumn, SharedField, SharedFilter } from '../types';

/** Pieces several catalogue declarations share. */
export const statusColumn: SharedColumn<'status'> = { key: 'status', label: 'Status', kind: 'status' };
export const statusFilter: SharedFilter<'status'> = {
  name: 'status',
  label: 'Status',
  options: [
    { value: '1', label: 'Active' },
    { value: '0', label: 'Hidden' },
  ],
};
export const statusField: SharedField<'status'> = { name: 'status', label: 'Status', kind: 'status', half: true };
export const sortOrderField: SharedField<'sort_order'> = {
  name: 'sort_order',
  label: 'Order',
  kind: 'number',
  description: 'Lower numbers show first',
  half: true,
};
export const slugField: SharedField<'slug'> = {
  name: 'slug',
  label: 'Slug',
  kind: 'text',
  description: 'The web address part, like summer-kurti. Leave empty to make one from the name.',
};

/** The category tree's shared screens; the level decides the parent field. */
export const categoryOwnFields = [
  { name: 'name', label: 'Name', kind: 'text', required: true } as SharedField<'name'>,
  {
    name: 'name_bn',
    label: 'Name in Bengali',
    kind: 'text',
    description: 'Shown instead of the name on Bengali pages, and found by search; optional',
  } as SharedField<'name_bn'>,
  slugField,
  { name: 'image', label: 'Image', kind: 'image', folder: 'categories', half: true } as SharedField<'image'>,
  { name: 'icon', label: 'Icon', kind: 'image', folder: 'categories', half: true } as SharedField<'icon'>,
  sortOrderField,
  statusField,
  { name: 'show_on_home', label: 'Show on the home page', kind: 'switch' } as SharedField<'show_on_home'>,
];

/** A lower level's fields: its parent first. */
export const categoryFields = (parent: SharedField<'parent_id'>) => [parent, ...categoryOwnFields];

export function categoryColumns(parentLabel?: string) {
  return [
    { key: 'image', label: 'Image', kind: 'image' } as SharedColumn<'image'>,
    { key: 'name', label: 'Name', sort: 'name' } as SharedColumn<'name', 'name'>,
    ...(parentLabel ? [{ key: 'parent_name', label: parentLabel } as SharedColumn<'parent_name'>] : []),
    { key: 'products_count', label: 'Products', kind: 'number' } as SharedColumn<'products_count'>,
    { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' } as SharedColumn<'sort_order', 'sort_order'>,
    { key: 'show_on_home', label: 'On home page', kind: 'boolean' } as SharedColumn<'show_on_home'>,
    statusColumn,
  ];
}
