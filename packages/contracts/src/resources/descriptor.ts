import { z } from 'zod';
import { idListParam, idSchema } from '../fields';
import type { Permission } from '../permissions';

/**
 * A back-office entity declared once for both sides (decision 019): its name, words, API path,
 * permissions, input contract, the shape of one list row, and the keys its list sorts and filters
 * by. The API binds it to a table (`createResource(descriptor, {...})`), the web declares its
 * screens against it (`defineResource(descriptor, {...})`); neither repeats what is here.
 */
export type ResourceAction = 'view' | 'create' | 'update' | 'delete';

type Row = Record<string, unknown>;

/** The type of one list row, carried by the descriptor for the web's columns (never a value). */
export interface ViewOf<View extends Row> {
  readonly __view?: View;
}

/** `view: viewOf<BrandView>()`: names the list row's type; nothing exists at run time. */
export const viewOf = <View extends Row>(): ViewOf<View> => ({});

export interface ResourceDescriptor<
  Contract extends z.ZodType<Row, Row> = z.ZodType<Row, Row>,
  View extends Row = Row,
  Sort extends string = string,
  Filter extends string = string,
  Total extends string = string,
> {
  /** The entity's key: the registry's name, the web route chunk's name. */
  name: string;
  /** Singular, for messages and buttons: "The brand was saved", "Add brand". */
  label: string;
  /** Plural, for the list screen and the menu: "Brands". */
  title: string;
  /** The API's path: `GET path`, `POST path`, `PUT path/:id`… */
  path: string;
  /** `brand` → brand.view, brand.create, brand.update, brand.delete. */
  permission: string;
  /** Permissions per action when they are not `<permission>.<action>` (delivery.charge.manage…). */
  permissions?: Partial<Record<ResourceAction, Permission>>;
  /** What a form sends and the API parses. */
  input: Contract;
  view: ViewOf<View>;
  /** The list's sort keys (`?sort=name`, `?sort=-name`); the API binds each to a column. */
  sort: readonly Sort[];
  defaultSort: Sort | `-${Sort}`;
  /** `filter[key]=` and how its value is read; the API binds each to a column or a condition. */
  filters?: { readonly [K in Filter]: z.ZodType<unknown, unknown> };
  /** Lists, CSV and detail only: rows made elsewhere (customers by orders and sign-ups). */
  readOnly?: boolean;
  /**
   * Figures over every row the list shows (same search and filters), answered beside the page as
   * `totals: { key: number }`: the API computes them, the web shows them as cards above the table.
   */
  totals?: readonly Total[];
  /**
   * A CSV import (`POST path/import`): which input fields a file's row may match an existing
   * record by, in order (`id`, `slug`, a unique column); unmatched rows are created.
   */
  import?: { match: readonly ('id' | (keyof z.input<Contract> & string))[] };
}

/** Any descriptor, whatever its types. */
// biome-ignore lint/suspicious/noExplicitAny: the widest descriptor, for code that takes any of them.
export type AnyResourceDescriptor = ResourceDescriptor<any, any, string, string, string>;
export type InputOf<D extends AnyResourceDescriptor> = z.output<D['input']>;
export type FormValuesOf<D extends AnyResourceDescriptor> = z.input<D['input']>;
export type ViewRowOf<D extends AnyResourceDescriptor> = NonNullable<D['view']['__view']>;
export type SortKeyOf<D extends AnyResourceDescriptor> = D['sort'][number];
export type FilterKeyOf<D extends AnyResourceDescriptor> = keyof NonNullable<D['filters']> & string;
export type TotalKeyOf<D extends AnyResourceDescriptor> = NonNullable<D['totals']>[number];

/** Declares a descriptor; the `const` keys keep the sort and filter keys as literal types. */
export function defineResourceDescriptor<
  Contract extends z.ZodType<Row, Row>,
  View extends Row,
  const Sort extends string,
  const Filter extends string = never,
  const Total extends string = never,
>(descriptor: ResourceDescriptor<Contract, View, Sort, Filter, Total>): ResourceDescriptor<Contract, View, Sort, Filter, Total> {
  return descriptor;
}

/** The permission an action needs: `<permission>.<action>` unless the descriptor says otherwise. */
export function resourcePermission(
  descriptor: Pick<AnyResourceDescriptor, 'permission' | 'permissions'>,
  action: ResourceAction,
): Permission {
  return descriptor.permissions?.[action] ?? (`${descriptor.permission}.${action}` as Permission);
}

/** One permission for every action (`delivery.charge.manage`). */
export const managedBy = (permission: Permission): Record<ResourceAction, Permission> => ({
  view: permission,
  create: permission,
  update: permission,
  delete: permission,
});

// ---- Filters several resources share ------------------------------------------------------------

/** `filter[status]=1|0`. */
export const statusFilter = z.coerce.number().int().min(0).max(1);
/** `filter[x]=true|false|1|0`. */
export const yesNoFilter = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');
/** `filter[x]=3,7`: one or more ids. */
export const idListFilter = idListParam;
/** `filter[x]=3`. */
export const idFilter = idSchema;
/** `filter[rating]=1..5`. */
export const ratingFilter = z.coerce.number().int().min(1).max(5);

/** Whether an offer, coupon or campaign runs now, is ahead, is over or is switched off. */
export const WINDOW_STATES = ['running', 'scheduled', 'ended', 'off'] as const;
export const windowStateFilter = z.enum(WINDOW_STATES);
