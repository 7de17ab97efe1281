import { z } from 'zod';
import {
  bengaliNameField,
  idField,
  imagePath,
  linkField,
  nameField,
  requiredImagePath,
  slugField,
  sortOrderField,
  statusField,
} from './fields';

export const categoryInput = z.object({
  name: nameField(),
  name_bn: bengaliNameField(),
  slug: slugField,
  image: imagePath,
  icon: imagePath,
  sort_order: sortOrderField,
  show_on_home: z.boolean().default(false),
  status: statusField,
});
export type CategoryInput = z.input<typeof categoryInput>;

/** Subcategories and sub-subcategories name their parent. */
export const childCategoryInput = categoryInput.extend({ parent_id: idField('parent category') });
export type ChildCategoryInput = z.input<typeof childCategoryInput>;

export const brandInput = z.object({
  name: nameField(),
  slug: slugField,
  logo: imagePath,
  sort_order: sortOrderField,
  status: statusField,
});

export const BANNER_POSITIONS = ['home_top', 'home_middle', 'home_bottom', 'offer', 'category_page'] as const;
export const BANNER_POSITION_LABELS: Record<(typeof BANNER_POSITIONS)[number], string> = {
  home_top: 'Home, under the slider',
  home_middle: 'Home, middle',
  home_bottom: 'Home, bottom',
  offer: 'Offers page',
  category_page: 'Category pages',
};

export const bannerInput = z.object({
  title: nameField('title'),
  image: requiredImagePath,
  link: linkField,
  position: z.enum(BANNER_POSITIONS, { error: 'Choose where the banner shows' }),
  sort_order: sortOrderField,
  status: statusField,
});

export const sliderInput = z.object({
  title: nameField('title'),
  subtitle: z.string().trim().max(200).default(''),
  image: requiredImagePath,
  link: linkField,
  sort_order: sortOrderField,
  status: statusField,
});

export const attributeInput = z.object({
  name: nameField('name', 60),
  sort_order: sortOrderField,
  status: statusField,
});

/** One value of an attribute: the seed's "variant" screens (M, XL, Red…). */
export const attributeValueInput = z.object({
  attribute_id: idField('attribute'),
  value: z.string().trim().min(1, 'Enter a value').max(60),
  color_hex: z
    .string()
    .trim()
    .refine((value) => value === '' || /^#[0-9a-fA-F]{6}$/.test(value), 'Use a colour like #1f7a3a')
    .default('')
    .transform((value) => value || null),
  sort_order: sortOrderField,
});
