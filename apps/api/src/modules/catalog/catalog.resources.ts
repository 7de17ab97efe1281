import {
  attributeDescriptor,
  bannerDescriptor,
  brandDescriptor,
  categoryDescriptor,
  type childCategoryInput,
  sliderDescriptor,
  subcategoryDescriptor,
  subSubcategoryDescriptor,
  variantDescriptor,
} from '@haat/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context';
import { invalid } from '../../http/errors';
import { createResource, snakeRow } from '../../http/resource';
import { attributes, attributeValues } from './attribute.table';
import { banners, sliders } from './banner.table';
import { brands } from './brand.table';
import { categories } from './category.table';
import { productUsesOf, usedByProducts } from './product-usage';

type Row = Record<string, unknown>;

/**
 * Category rows of one level, with their parent's name and how many products use them. The three
 * levels share one table; the top level's contract has no parent and its descriptor no parent filter.
 */
function categoryResource(level: 1 | 2 | 3, descriptor: typeof subcategoryDescriptor) {
  const kind = level === 1 ? 'category' : level === 2 ? 'subcategory' : 'subsubcategory';
  return createResource(descriptor, {
    table: categories,
    id: categories.id,
    scope: () => eq(categories.level, level),
    search: [categories.name, categories.nameBn, categories.slug],
    sort: { id: categories.id, name: categories.name, sort_order: categories.sortOrder, created_at: categories.createdAt },
    filters: {
      status: { column: categories.status },
      show_on_home: { column: categories.showOnHome },
      parent_id: { column: categories.parentId },
    },
    slug: { from: 'name', column: categories.slug, message: 'Another category already uses this slug.' },
    usedBy: [
      ...(level < 3
        ? [{ table: categories, column: categories.parentId, label: level === 1 ? 'subcategories' : 'sub-subcategories' }]
        : []),
      usedByProducts(kind, 'products'),
    ],
    statusColumn: categories.status,
    async toValues({ db }: Ctx, input: z.output<typeof childCategoryInput>, _existing: Row | null) {
      let parentId: number | null = null;
      if (level > 1) {
        const [parent] = await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.id, input.parent_id), eq(categories.level, level - 1)));
        if (!parent) throw invalid('parent_id', level === 2 ? 'Choose a category.' : 'Choose a subcategory.');
        parentId = parent.id;
      }
      return {
        level,
        parentId,
        name: input.name,
        nameBn: input.name_bn,
        image: input.image,
        icon: input.icon,
        sortOrder: input.sort_order,
        showOnHome: input.show_on_home,
        status: input.status,
      };
    },
    async toViews({ db }: Ctx, rows: Row[]) {
      const ids = rows.map((row) => Number(row.id));
      const parentIds = [...new Set(rows.map((row) => row.parentId).filter((value): value is number => typeof value === 'number'))];
      const [parents, usage] = await Promise.all([
        parentIds.length
          ? db.select({ id: categories.id, name: categories.name }).from(categories).where(inArray(categories.id, parentIds))
          : [],
        productUsesOf(db, kind, ids),
      ]);
      return rows.map((row) => ({
        ...snakeRow(row),
        parent_name: parents.find((parent) => parent.id === row.parentId)?.name ?? null,
        products_count: usage.get(Number(row.id)) ?? 0,
      }));
    },
  });
}

export const categoryResources = {
  category: categoryResource(1, categoryDescriptor as unknown as typeof subcategoryDescriptor),
  subcategory: categoryResource(2, subcategoryDescriptor),
  subsubcategory: categoryResource(3, subSubcategoryDescriptor),
};

export const brandResource = createResource(brandDescriptor, {
  table: brands,
  id: brands.id,
  search: [brands.name],
  sort: { id: brands.id, name: brands.name, sort_order: brands.sortOrder, created_at: brands.createdAt },
  filters: { status: { column: brands.status } },
  slug: { from: 'name', column: brands.slug },
  usedBy: [usedByProducts('brand', 'products')],
  statusColumn: brands.status,
  toValues: (_ctx, input) => ({ name: input.name, logo: input.logo, sortOrder: input.sort_order, status: input.status }),
});

export const bannerResource = createResource(bannerDescriptor, {
  table: banners,
  id: banners.id,
  search: [banners.title],
  sort: { id: banners.id, title: banners.title, sort_order: banners.sortOrder, position: banners.position },
  filters: {
    status: { column: banners.status },
    position: { column: banners.position },
  },
  statusColumn: banners.status,
  toValues: (_ctx, input) => ({
    title: input.title,
    image: input.image,
    link: input.link,
    position: input.position,
    sortOrder: input.sort_order,
    status: input.status,
  }),
});

export const sliderResource = createResource(sliderDescriptor, {
  table: sliders,
  id: sliders.id,
  search: [sliders.title, sliders.subtitle],
  sort: { id: sliders.id, title: sliders.title, sort_order: sliders.sortOrder },
  filters: { status: { column: sliders.status } },
  statusColumn: sliders.status,
  toValues: (_ctx, input) => ({
    title: input.title,
    subtitle: input.subtitle,
    image: input.image,
    link: input.link,
    sortOrder: input.sort_order,
    status: input.status,
  }),
});

export const attributeResource = createResource(attributeDescriptor, {
  table: attributes,
  id: attributes.id,
  search: [attributes.name],
  sort: { id: attributes.id, name: attributes.name, sort_order: attributes.sortOrder },
  filters: { status: { column: attributes.status } },
  unique: [{ column: attributes.name, field: 'name', message: 'There is already an attribute with this name.' }],
  usedBy: [{ table: attributeValues, column: attributeValues.attributeId, label: 'values' }],
  statusColumn: attributes.status,
  toValues: (_ctx, input) => ({ name: input.name, sortOrder: input.sort_order, status: input.status }),
  async toViews({ db }, rows) {
    const ids = rows.map((row) => Number(row.id));
    const values = ids.length
      ? await db
          .select({ attributeId: attributeValues.attributeId, value: attributeValues.value })
          .from(attributeValues)
          .where(inArray(attributeValues.attributeId, ids))
          .orderBy(attributeValues.sortOrder, attributeValues.id)
      : [];
    return rows.map((row) => ({
      ...snakeRow(row),
      values: values.filter((value) => value.attributeId === row.id).map((value) => value.value),
    }));
  },
});

/** The seed's "variant" screens: the values of an attribute (M, XL, Red…). */
export const attributeValueResource = createResource(variantDescriptor, {
  table: attributeValues,
  id: attributeValues.id,
  search: [attributeValues.value],
  sort: { id: attributeValues.id, value: attributeValues.value, sort_order: attributeValues.sortOrder },
  filters: { attribute_id: { column: attributeValues.attributeId } },
  usedBy: [usedByProducts('attribute_value', 'product variants')],
  async toValues({ db }, input, existing) {
    const [attribute] = await db.select({ id: attributes.id }).from(attributes).where(eq(attributes.id, input.attribute_id));
    if (!attribute) throw invalid('attribute_id', 'Choose an attribute.');
    const [taken] = await db
      .select({ id: attributeValues.id })
      .from(attributeValues)
      .where(and(eq(attributeValues.attributeId, input.attribute_id), eq(attributeValues.value, input.value)));
    if (taken && taken.id !== existing?.id) throw invalid('value', 'This attribute already has this value.');
    return { attributeId: input.attribute_id, value: input.value, colorHex: input.color_hex, sortOrder: input.sort_order };
  },
  async toViews({ db }, rows) {
    const ids = [...new Set(rows.map((row) => Number(row.attributeId)))];
    const names = ids.length
      ? await db.select({ id: attributes.id, name: attributes.name }).from(attributes).where(inArray(attributes.id, ids))
      : [];
    return rows.map((row) => ({ ...snakeRow(row), attribute_name: names.find((name) => name.id === row.attributeId)?.name ?? null }));
  },
});

export const CATALOG_RESOURCES = [
  ...Object.values(categoryResources),
  brandResource,
  bannerResource,
  sliderResource,
  attributeResource,
  attributeValueResource,
];
