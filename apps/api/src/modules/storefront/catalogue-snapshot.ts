import type { PublicCategoryStep } from '@haat/contracts';
import type { Db } from '../../db/client';
import { nameSearchKey } from '../../lib/search-key';
import { catalogueRows } from '../catalog';
import type { Freshness } from './public-cache';

export interface CategoryNode {
  id: number;
  level: 1 | 2 | 3;
  parentId: number | null;
  name: string;
  nameBn: string | null;
  /** Both names in one phonetic spelling (lib/search-key.ts), for the search suggestions. */
  searchKey: string;
  slug: string;
  image: string | null;
  icon: string | null;
  showOnHome: boolean;
  /** Switched on, and so is every category above it. */
  active: boolean;
  updatedAt: Date;
}

export interface AttributeValueNode {
  id: number;
  attributeId: number;
  attribute: string;
  attributeOrder: number;
  value: string;
  colorHex: string | null;
  sortOrder: number;
  /** Its attribute is switched on. */
  active: boolean;
}

/**
 * The small tables every public call consults (categories, brands, attribute values), read once
 * per catalog epoch and kept in memory: a shop has hundreds of these, not thousands.
 */
export class CatalogueSnapshot {
  readonly categories = new Map<number, CategoryNode>();
  readonly categoriesBySlug = new Map<string, CategoryNode>();
  /** Active children in display order, keyed by parent id (0 for the top level). */
  readonly children = new Map<number, CategoryNode[]>();
  readonly brands = new Map<number, { id: number; name: string; slug: string; active: boolean }>();
  readonly values = new Map<number, AttributeValueNode>();

  static async load(db: Db): Promise<CatalogueSnapshot> {
    const snapshot = new CatalogueSnapshot();
    const { categoryRows, brandRows, valueRows } = await catalogueRows(db);
    // Levels come in order, so a parent is always known before its children.
    for (const row of categoryRows) {
      const parent = row.parentId === null ? null : snapshot.categories.get(row.parentId);
      const node: CategoryNode = {
        id: row.id,
        level: row.level as 1 | 2 | 3,
        parentId: row.parentId,
        name: row.name,
        nameBn: row.nameBn,
        searchKey: nameSearchKey(row.name, row.nameBn),
        slug: row.slug,
        image: row.image,
        icon: row.icon,
        showOnHome: row.showOnHome,
        active: row.status === 1 && (row.parentId === null || Boolean(parent?.active)),
        updatedAt: row.updatedAt,
      };
      snapshot.categories.set(node.id, node);
      snapshot.categoriesBySlug.set(node.slug, node);
      if (node.active) {
        const key = node.parentId ?? 0;
        snapshot.children.set(key, [...(snapshot.children.get(key) ?? []), node]);
      }
    }
    for (const row of brandRows) snapshot.brands.set(row.id, { id: row.id, name: row.name, slug: row.slug, active: row.status === 1 });
    for (const row of valueRows) {
      snapshot.values.set(row.id, {
        id: row.id,
        attributeId: row.attributeId,
        attribute: row.attribute,
        attributeOrder: row.attributeOrder,
        value: row.value,
        colorHex: row.colorHex,
        sortOrder: row.sortOrder,
        active: row.attributeStatus === 1,
      });
    }
    return snapshot;
  }

  /** An active category by id (digits) or slug. */
  findCategory(reference: string): CategoryNode | undefined {
    const found = /^\d{1,9}$/.test(reference)
      ? (this.categories.get(Number(reference)) ?? this.categoriesBySlug.get(reference))
      : this.categoriesBySlug.get(reference);
    return found?.active ? found : undefined;
  }

  /** From the top category down to this one. */
  path(id: number | null | undefined): PublicCategoryStep[] {
    const steps: PublicCategoryStep[] = [];
    let node = id ? this.categories.get(id) : undefined;
    while (node) {
      steps.unshift({ id: node.id, name: node.name, slug: node.slug, level: node.level });
      node = node.parentId ? this.categories.get(node.parentId) : undefined;
    }
    return steps;
  }

  activeChildren(parentId: number | null): CategoryNode[] {
    return this.children.get(parentId ?? 0) ?? [];
  }
}

/** What every storefront service takes first: the database, the moment, and the answer's freshness. */
export interface StorefrontContext {
  db: Db;
  now: Date;
  freshness: Freshness;
  /** The categories, brands and attribute values of this catalog epoch. */
  catalogue(): Promise<CatalogueSnapshot>;
  /**
   * A part several answers share (a listing's counts and facets, whatever its sort and page),
   * computed once and kept like an answer; this answer's freshness follows the part's.
   */
  shared<T>(key: string, compute: (ctx: StorefrontContext) => Promise<T>): Promise<T>;
}

/** One value per catalog epoch, computed on first use. */
export class EpochMemo<T> {
  private epoch = Number.NaN;
  private value: Promise<T> | null = null;

  constructor(private readonly load: () => Promise<T>) {}

  get(epoch: number): Promise<T> {
    if (!this.value || epoch !== this.epoch) {
      this.epoch = epoch;
      const loading = this.load();
      // A failed load is tried again by the next caller.
      loading.catch(() => {
        if (this.value === loading) this.value = null;
      });
      this.value = loading;
    }
    return this.value;
  }
}
