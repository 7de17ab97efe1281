import type { AnyResourceDescriptor, FilterKeyOf, FormValuesOf, SortKeyOf, TotalKeyOf, ViewRowOf } from '@haat/contracts';
import type { ReactNode } from 'react';
import type { Column, Field, ListFilterField, ListTotal, ResourceDefinition, ResourceEntry } from '../../ui/resource/types';

/**
 * The declaration types live with the machinery that renders them (ui/resource/types.ts), so the
 * portals can declare their screens too; the back office's resource files import them from here,
 * with the helpers that type a declaration against its descriptor (decision 019).
 */
export * from '../../ui/resource/types';

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
  list: Omit<ResourceDefinition['list'], 'columns' | 'filters' | 'defaultSort' | 'totals' | 'dateRange'> & {
    columns: DeclaredColumn<D>[];
    filters?: (Omit<ListFilterField, 'name'> & { name: FilterKeyOf<D> })[];
    /** Each key is one of the descriptor's totals. */
    totals?: (Omit<ListTotal, 'key'> & { key: TotalKeyOf<D> })[];
    dateRange?: { from: FilterKeyOf<D>; to: FilterKeyOf<D>; label: string };
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
