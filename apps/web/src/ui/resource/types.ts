import type { Paginator, Permission } from '@haat/contracts';
import type { ComponentType, ReactNode } from 'react';
import type { z } from 'zod';

type Row = Record<string, unknown>;

/** What a bespoke add/edit screen receives in place of the generated form. */
export interface ResourceFormScreenProps {
  entry: ResourceEntry;
  mode: 'add' | 'edit';
}

/** Where a resource lives and who may see it: light enough for the router and the side menu. */
export interface ResourceEntry {
  name: string;
  /** Plural title of the list screen and the menu item. */
  title: string;
  /** Singular, for buttons and messages: "Add category". */
  singular: string;
  /** `category` → category.view, category.create, category.update, category.delete. */
  permission: string;
  /** Permissions per action when they are not `<permission>.<action>` (delivery.charge.manage…). */
  permissions?: Partial<Record<ResourceAction, Permission>>;
  menuGroup: string;
  /**
   * The list may carry its page in the path (`/admin/products/:number_of_page`); otherwise the
   * page is `?page=`. The edit path's one parameter is the row's id.
   */
  routes: { list: string; add?: string; edit?: string };
  /** A list with no add, edit or delete (rows made elsewhere, such as customers by their orders). */
  readOnly?: boolean;
  /** Rows are added, never edited or deleted (fund transfers: a mistake is put right by another row). */
  appendOnly?: boolean;
  /** The screens' declaration, loaded with the screen. */
  load: () => Promise<{ default: ResourceDefinition }>;
  /** A bespoke add/edit screen replacing the generated form (the list stays generated). */
  form?: () => Promise<{ default: ComponentType<ResourceFormScreenProps> }>;
}

/** The list path with its page parameter (if any) filled in. */
export function listPath(entry: Pick<ResourceEntry, 'routes'>, page = 1): string {
  return entry.routes.list.replace(/:\w+/, String(page));
}

/** The edit path of one row. */
export function editPath(entry: Pick<ResourceEntry, 'routes'>, id: number | string): string {
  return (entry.routes.edit ?? '').replace(/:\w+/, String(id));
}

export interface Column {
  key: string;
  label: string;
  /** The API's sort key when the column can be sorted. */
  sort?: string;
  kind?: 'text' | 'image' | 'status' | 'boolean' | 'money' | 'date' | 'number';
  render?: (row: Row) => ReactNode;
  /** The cell links to the row's edit screen (for the row's name). */
  link?: boolean;
  /** Badge words of a status column; Active / Hidden by default. */
  statusLabels?: { on: string; off: string };
  /** Amounts line up on the right. */
  align?: 'left' | 'right';
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

export type FieldKind =
  | 'text'
  | 'date'
  | 'textarea'
  | 'number'
  | 'money'
  | 'switch'
  | 'status'
  | 'select'
  | 'reference'
  | 'image'
  | 'color'
  | 'custom';

/** What every field input receives. */
export interface FieldProps {
  field: Field;
  value: unknown;
  error?: string;
  /** Errors of nested values (`items.0.quantity`), keyed by the path below the field. */
  errors?: Record<string, string>;
  onChange: (value: unknown) => void;
  /** The whole form's values, for an input that depends on another (a coupon's amount or percent). */
  values?: Record<string, unknown>;
}

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
  /** Status words; Active / Hidden by default. */
  statusLabels?: { on: string; off: string };
  /** For `custom`: the input, and the value a new record starts with. */
  component?: ComponentType<FieldProps>;
  initial?: unknown;
}

/** A figure over every row the list shows (the API's `totals[key]`), shown as a card above the table. */
export interface ListTotal {
  key: string;
  label: string;
  /** Money in paisa, or a count. */
  kind: 'money' | 'count';
}

/** What a list's extra toolbar actions can use. */
export interface ListContext {
  /** The list's query string as filtered (without the page). */
  query: string;
  refresh: () => void;
}

/** A CSV import offered on the list (POST `{api}/import`, multipart `file`, `?dry_run=1` to check first). */
export interface ListImport {
  /** The permission needed; `{resource}.create` by default. */
  permission?: Permission;
  /** The template's header, in order. */
  columns: readonly string[];
  /** Example rows for the template. */
  example?: readonly (readonly string[])[];
  /** One line on what the import does, e.g. how rows are matched. */
  help?: string;
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
    /** A line under the title on what the list is. */
    intro?: string;
    /** Figure cards above the table from the answer's `totals` (same search and filters as the rows). */
    totals?: ListTotal[];
    /** A range of days as two filters (`filter[from]`, `filter[to]`), picked in one date field. */
    dateRange?: { from: string; to: string; label: string };
    /** Shown above the list, from the list's answer (a cashbook's balance beside its entries). */
    summary?: (answer: Paginator<Row> & Record<string, unknown>) => ReactNode;
    /** `false` hides the search box (a list whose API has no `q`). */
    search?: false;
    searchPlaceholder?: string;
    empty?: string;
    /** Rows per page asked of the API; the API's default otherwise. */
    perPage?: number;
    /** CSV export of the list as filtered; on by default, `false` hides it. */
    export?: false | { permission?: Permission };
    import?: ListImport;
    /** Extra toolbar buttons beside Export and Add. */
    actions?: (context: ListContext) => ReactNode;
    /** Asks again every so many ms while the answer says work is under way (an SMS campaign sending). */
    refetchInterval?: (answer: Paginator<Row> & Record<string, unknown>) => number | false;
  };
  form: { fields: Field[] };
}

export type ResourceAction = 'view' | 'create' | 'update' | 'delete';

export const can = (permission: string, action: ResourceAction) => `${permission}.${action}` as Permission;

/** The permission an action on a resource needs, as the API's createResource decides it. */
export function permissionFor(entry: Pick<ResourceEntry, 'permission' | 'permissions'>, action: ResourceAction): Permission {
  return entry.permissions?.[action] ?? can(entry.permission, action);
}

export function defineResource(definition: ResourceDefinition): ResourceDefinition {
  return definition;
}
