import { z } from 'zod';
import {
  attributeInput,
  attributeValueInput,
  BANNER_POSITIONS,
  bannerInput,
  brandInput,
  categoryInput,
  childCategoryInput,
  sliderInput,
} from '../catalog';
import { defineResourceDescriptor, idListFilter, statusFilter, viewOf } from './descriptor';

type Stamped = { id: number; created_at: string; updated_at: string };

export type CategoryView = Stamped & {
  name: string;
  slug: string;
  image: string | null;
  icon: string | null;
  parent_id: number | null;
  parent_name: string | null;
  products_count: number;
  sort_order: number;
  show_on_home: boolean;
  status: number;
};

const categoryFilters = {
  status: statusFilter,
  show_on_home: z.enum(['true', 'false']).transform((value) => value === 'true'),
};
const categorySort = ['id', 'name', 'sort_order', 'created_at'] as const;

export const categoryDescriptor = defineResourceDescriptor({
  name: 'category',
  label: 'category',
  title: 'Categories',
  path: '/api/admin/categories',
  permission: 'category',
  input: categoryInput,
  view: viewOf<CategoryView>(),
  sort: categorySort,
  defaultSort: 'sort_order',
  filters: categoryFilters,
  import: { match: ['id', 'slug'] },
});

export const subcategoryDescriptor = defineResourceDescriptor({
  name: 'subcategory',
  label: 'subcategory',
  title: 'Subcategories',
  path: '/api/admin/subcategories',
  permission: 'subcategory',
  input: childCategoryInput,
  view: viewOf<CategoryView>(),
  sort: categorySort,
  defaultSort: 'sort_order',
  filters: { ...categoryFilters, parent_id: idListFilter },
});

export const subSubcategoryDescriptor = defineResourceDescriptor({
  name: 'subsubcategory',
  label: 'sub-subcategory',
  title: 'Sub-subcategories',
  path: '/api/admin/sub-subcategories',
  permission: 'subsubcategory',
  input: childCategoryInput,
  view: viewOf<CategoryView>(),
  sort: categorySort,
  defaultSort: 'sort_order',
  filters: { ...categoryFilters, parent_id: idListFilter },
});

export type BrandView = Stamped & { name: string; slug: string; logo: string | null; sort_order: number; status: number };

export const brandDescriptor = defineResourceDescriptor({
  name: 'brand',
  label: 'brand',
  title: 'Brands',
  path: '/api/admin/brands',
  permission: 'brand',
  input: brandInput,
  view: viewOf<BrandView>(),
  sort: ['id', 'name', 'sort_order', 'created_at'],
  defaultSort: 'name',
  filters: { status: statusFilter },
  import: { match: ['id', 'slug'] },
});

export type BannerView = Stamped & {
  title: string;
  image: string;
  link: string;
  position: string;
  sort_order: number;
  status: number;
};

export const bannerDescriptor = defineResourceDescriptor({
  name: 'banner',
  label: 'banner',
  title: 'Banners',
  path: '/api/admin/banners',
  permission: 'banner',
  input: bannerInput,
  view: viewOf<BannerView>(),
  sort: ['id', 'title', 'sort_order', 'position'],
  defaultSort: 'sort_order',
  filters: { status: statusFilter, position: z.enum(BANNER_POSITIONS) },
});

export type SliderView = Stamped & {
  title: string;
  subtitle: string;
  image: string;
  link: string;
  sort_order: number;
  status: number;
};

export const sliderDescriptor = defineResourceDescriptor({
  name: 'slider',
  label: 'slider',
  title: 'Sliders',
  path: '/api/admin/sliders',
  permission: 'slider',
  input: sliderInput,
  view: viewOf<SliderView>(),
  sort: ['id', 'title', 'sort_order'],
  defaultSort: 'sort_order',
  filters: { status: statusFilter },
});

export type AttributeView = Stamped & { name: string; values: string[]; sort_order: number; status: number };

export const attributeDescriptor = defineResourceDescriptor({
  name: 'attribute',
  label: 'attribute',
  title: 'Attributes',
  path: '/api/admin/attributes',
  permission: 'attribute',
  input: attributeInput,
  view: viewOf<AttributeView>(),
  sort: ['id', 'name', 'sort_order'],
  defaultSort: 'sort_order',
  filters: { status: statusFilter },
});

export type VariantView = Stamped & {
  attribute_id: number;
  attribute_name: string | null;
  value: string;
  color_hex: string | null;
  sort_order: number;
};

/** The seed's "variant" screens: the values of an attribute (M, XL, Red…). */
export const variantDescriptor = defineResourceDescriptor({
  name: 'variant',
  label: 'variant',
  title: 'Variants',
  path: '/api/admin/variants',
  permission: 'variant',
  input: attributeValueInput,
  view: viewOf<VariantView>(),
  sort: ['id', 'value', 'sort_order'],
  defaultSort: 'sort_order',
  filters: { attribute_id: idListFilter },
});
