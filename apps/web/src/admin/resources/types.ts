import type { Permission } from '@haat/contracts';
import type { ReactNode } from 'react';
import type { z } from 'zod';

type Row = Record<string, unknown>;

/** Where a resource lives and who may see it: light enough for the router and the side menu. */
export interface ResourceEntry {
  name: string;
  /** Plural title of the list screen and the menu item. */
  title: string;
  /** Singular, for buttons and messages: "Add category". */
  singular: string;
  /** `category` → category.view, category.create, category.update, category.delete. */
  permission: string;
  menuGroup: string;
  routes: { list: string; add: string; edit: string };
  /** The screens' declaration, loaded with the screen. */
  load: () => Promise<{ default: ResourceDefinition }>;
}

export interface Column {
  key: string;
  label: string;
  /** The API's sort key when the column can be sorted. */
  sort?: string;
  kind?: 'text' | 'image' | 'status' | 'boolean' | 'money' | 'date' | 'number';
  render?: (row: Row) => ReactNode;
}

export interface ListFilterField {
  /** `filter[name]=` */
  name: string;
  label: string;
  options?: { value: string; label: string }[];
  /** Options from another resource's list: value = id. */
  reference?: ReferenceSource;
}

export interface ReferenceSource {
  api: string;
  /** The option's text; the row's `name` by default. */
  label?: (row: Row) => string;
  /** Extra query, e.g. `filter[status]=1`. */
  query?: string;
}

export type FieldKind = 'text' | 'textarea' | 'number' | 'money' | 'switch' | 'status' | 'select' | 'reference' | 'image' | 'color';

export interface Field {
  name: string;
  label: string;
  kind: FieldKind;
  description?: string;
  required?: boolean;
  options?: { value: string; label: string }[];
  reference?: ReferenceSource;
  /** For images: the upload folder (see the API's uploads route). */
  folder?: string;
  /** Half width on wide screens. */
  half?: boolean;
}

/** A back-office entity's screens, declared once (STYLE.md §2). */
export interface ResourceDefinition {
  api: string;
  contract: z.ZodType<Row, Row>;
  list: {
    columns: Column[];
    filters?: ListFilterField[];
    defaultSort?: string;
    /** Which bulk actions the list offers on selected rows. */
    bulk?: ('publish' | 'unpublish' | 'delete')[];
    searchPlaceholder?: string;
    empty?: string;
  };
  form: { fields: Field[] };
}

export const can = (permission: string, action: 'view' | 'create' | 'update' | 'delete') => `${permission}.${action}` as Permission;

export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  return definition;
}
