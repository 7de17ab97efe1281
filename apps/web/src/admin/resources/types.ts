import {
  type AnyResourceDescriptor,
  type FilterKeyOf,
  type FormValuesOf,
  type Permission,
  resourcePermission,
  type SortKeyOf,
  type ViewRowOf,
} from '@haat/contracts';
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
    searchPlaceholder?: string;
    empty?: string;
    /** Rows per page asked of the API; the API's default otherwise. */
    perPage?: number;
    /** CSV export of the list as filtered; on by default, `false` hides it. */
    export?: false | { permission?: Permission };
    import?: ListImport;
    /** Extra toolbar buttons beside Export and Add. */
    actions?: (context: ListContext) => ReactNode;
  };
  form: { fields: Field[] };
}

export type ResourceAction = 'view' | 'create' | 'update' | 'delete';

export const can = (permission: string, action: ResourceAction) => `${permission}.${action}` as Permission;

/** The permission an action on a resource needs, as the API's createResource decides it. */
export function permissionFor(entry: Pick<ResourceEntry, 'permission' | 'permissions'>, action: ResourceAction): Permission {
  return resourcePermission(entry, action);
}

// ---- Declarations typed against a descriptor (decision 019) ------------------------------------

type KeyOf<T> = keyof T & string;

/** A column several declarations share; its key stays a literal so each declaration checks it. */
export type SharedColumn<Key extends string, Sort extends string = never> = Omit<Column, 'key' | 'sort'> & { key: Key; sort?: Sort };
/** A field several declarations share; its name stays a literal so each declaration checks it. */
export type SharedField<Name extends string> = Omit<Field, 'name'> & { name: Name };
/** A filter several declarations share; its name stays a literal so each declaration checks it. */
export type SharedFilter<Name extends string> = Omit<ListFilterField, 'name'> & { name: Name };

/** A column of the list: its key is a field of the descriptor's view, its sort one of its sort keys. */
export type DeclaredColumn<D extends AnyResourceDescriptor> =
  | (Omit<Column, 'key' | 'sort' | 'render'> & {
      key: KeyOf<ViewRowOf<D>>;
      sort?: SortKeyOf<D>;
      render?: (row: ViewRowOf<D>) => ReactNode;
    })
  /** A column of its own (row actions, a figure made of several fields): not a field of the view, so it renders itself. */
  | (Omit<Column, 'sort' | 'render' | 'kind'> & { own: true; render: (row: ViewRowOf<D>) => ReactNode });

/** The screens of a descriptor's entity: words, columns, filters and fields, each key checked against it. */
export interface ResourceDeclaration<D extends AnyResourceDescriptor> {
  list: Omit<ResourceDefinition['list'], 'columns' | 'filters' | 'defaultSort'> & {
    columns: DeclaredColumn<D>[];
    filters?: (Omit<ListFilterField, 'name'> & { name: FilterKeyOf<D> })[];
    /** The descriptor's by default. */
    defaultSort?: SortKeyOf<D> | `-${SortKeyOf<D>}`;
  };
  /** Each field's name is a field of the descriptor's input. */
  form?: { fields: (Omit<Field, 'name'> & { name: KeyOf<FormValuesOf<D>> })[] };
}

/**
 * A back-office entity's screens, declared against its descriptor: the API path and the contract
 * come from it. `api` is for a path with a parameter (a page's sections: `/api/admin/pages/{slug}/sections`).
 */
export function defineResource<D extends AnyResourceDescriptor>(
  descriptor: D,
  declaration: ResourceDeclaration<D>,
  options: { api?: string } = {},
): ResourceDefinition {
  return {
    api: options.api ?? descriptor.path,
    contract: descriptor.input,
    list: { ...declaration.list, defaultSort: declaration.list.defaultSort ?? descriptor.defaultSort } as ResourceDefinition['list'],
    form: (declaration.form ?? { fields: [] }) as ResourceDefinition['form'],
  };
}

/**
 * A registry entry: name, title, singular, permissions and whether it is read-only come from the
 * descriptor; the entry adds where it lives in the web app (its menu group and the seed's paths) and
 * how its screens load.
 */
export function resourceEntry(
  descriptor: AnyResourceDescriptor,
  placement: Pick<ResourceEntry, 'menuGroup' | 'routes' | 'load' | 'form'>,
): ResourceEntry {
  return {
    name: descriptor.name,
    title: descriptor.title,
    singular: descriptor.label,
    permission: descriptor.permission,
    permissions: descriptor.permissions,
    readOnly: descriptor.readOnly,
    ...placement,
  };
}
