import {
  attributeInput,
  attributeValueInput,
  bannerInput,
  brandInput,
  categoryInput,
  childCategoryInput,
  sliderInput,
} from '@haat/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Ctx } from '../../context';
import { invalid } from '../../http/errors';
import { createResource, snakeRow } from '../../http/resource';
import { attributes, attributeValues } from './attribute.table';
import { banners, sliders } from './banner.table';
import { brands } from './brand.table';
import { categories } from './category.table';
import { productUsesOf, usedByProducts } from './product-usage';
import { chooseSlug } from './slug';

type Row = Record<string, unknown>;
const idList = z.preprocess((value) => String(value).split(','), z.array(z.coerce.number().int().positive()));
const status = { column: categories.status, schema: z.coerce.number().int().min(0).max(1) };

/** Category rows of one level, with their parent's name and how many products use them. */
function categoryResource(level: 1 | 2 | 3, options: { label: string; path: string; permission: string }) {
  const kind = level === 1 ? 'category' : level === 2 ? 'subcategory' : 'subsubcategory';
  return createResource({
    ...options,
    table: categories,
    id: categories.id,
    input: (level === 1 ? categoryInput : childCategoryInput) as typeof childCategoryInput,
    scope: () => eq(categories.level, level),
    search: [categories.name, categories.slug],
    sort: { id: categories.id, name: categories.name, sort_order: categories.sortOrder, created_at: categories.createdAt },
    defaultSort: 'sort_order',
    filters: {
      status,
      show_on_home: { column: categories.showOnHome, schema: z.enum(['true', 'false']).transform((value) => value === 'true') },
      ...(level > 1 ? { parent_id: { column: categories.parentId, schema: idList } } : {}),
    },
    unique: [{ column: categories.slug, field: 'slug', message: 'Another category already uses this slug.' }],
    usedBy: [
      ...(level < 3
        ? [{ table: categories, column: categories.parentId, label: level === 1 ? 'subcategories' : 'sub-subcategories' }]
        : []),
      usedByProducts(kind, 'products'),
    ],
    statusColumn: categories.status,
    async toValues({ db }: Ctx, input: z.output<typeof childCategoryInput>, existing: Row | null) {
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
        slug: await chooseSlug(
          db,
          { table: categories, id: categories.id, slug: categories.slug },
          input.slug,
          input.name,
          existing ? Number(existing.id) : null,
        ),
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
  category: categoryResource(1, { label: 'category', path: '/api/admin/categories', permission: 'category' }),
  subcategory: categoryResource(2, { label: 'subcategory', path: '/api/admin/subcategories', permission: 'subcategory' }),
  subsubcategory: categoryResource(3, { label: 'sub-subcategory', path: '/api/admin/sub-subcategories', permission: 'subsubcategory' }),
};

export const brandResource = createResource({
  label: 'brand',
  path: '/api/admin/brands',
  permission: 'brand',
  table: brands,
  id: brands.id,
  input: brandInput,
  search: [brands.name],
  sort: { id: brands.id, name: brands.name, sort_order: brands.sortOrder, created_at: brands.createdAt },
  defaultSort: 'name',
  filters: { status: { column: brands.status, schema: status.schema } },
  unique: [{ column: brands.slug, field: 'slug', message: 'Another brand already uses this slug.' }],
  usedBy: [usedByProducts('brand', 'products')],
  statusColumn: brands.status,
  async toValues({ db }, input, existing) {
    return {
      name: input.name,
      slug: await chooseSlug(
        db,
        { table: brands, id: brands.id, slug: brands.slug },
        input.slug,
        input.name,
        existing ? Number(existing.id) : null,
      ),
      logo: input.logo,
      sortOrder: input.sort_order,
      status: input.status,
    };
  },
});

export const bannerResource = createResource({
  label: 'banner',
  path: '/api/admin/banners',
  permission: 'banner',
  table: banners,
  id: banners.id,
  input: bannerInput,
  search: [banners.title],
  sort: { id: banners.id, title: banners.title, sort_order: banners.sortOrder, position: banners.position },
  defaultSort: 'sort_order',
  filters: {
    status: { column: banners.status, schema: status.schema },
    position: { column: banners.position, schema: bannerInput.shape.position },
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

export const sliderResource = createResource({
  label: 'slider',
  path: '/api/admin/sliders',
  permission: 'slider',
  table: sliders,
  id: sliders.id,
  input: sliderInput,
  search: [sliders.title, sliders.subtitle],
  sort: { id: sliders.id, title: sliders.title, sort_order: sliders.sortOrder },
  defaultSort: 'sort_order',
  filters: { status: { column: sliders.status, schema: status.schema } },
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

export const attributeResource = createResource({
  label: 'attribute',
  path: '/api/admin/attributes',
  permission: 'attribute',
  table: attributes,
  id: attributes.id,
  input: attributeInput,
  search: [attributes.name],
  sort: { id: attributes.id, name: attributes.name, sort_order: attributes.sortOrder },
  defaultSort: 'sort_order',
  filters: { status: { column: attributes.status, schema: status.schema } },
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
export const attributeValueResource = createResource({
  label: 'variant',
  path: '/api/admin/variants',
  permission: 'variant',
  table: attributeValues,
  id: attributeValues.id,
  input: attributeValueInput,
  search: [attributeValues.value],
  sort: { id: attributeValues.id, value: attributeValues.value, sort_order: attributeValues.sortOrder },
  defaultSort: 'sort_order',
  filters: { attribute_id: { column: attributeValues.attributeId, schema: idList } },
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
