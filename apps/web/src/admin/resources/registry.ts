import type { ResourceEntry } from './types';

/**
 * Every back-office resource declared through the machinery. Each yields its list, add and edit
 * routes (router.tsx) and its menu item (shell/menu.ts); the declaration itself loads with the screen.
 */
export const RESOURCES: ResourceEntry[] = [
  {
    name: 'category',
    title: 'Categories',
    singular: 'category',
    permission: 'category',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/category', add: '/admin/categoryAdd', edit: '/admin/categoryEdit/:categoryId' },
    load: () => import('./catalog/category'),
  },
  {
    name: 'subcategory',
    title: 'Subcategories',
    singular: 'subcategory',
    permission: 'subcategory',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/subcategory', add: '/admin/subcategoryAdd', edit: '/admin/subcategoryEdit/:id' },
    load: () => import('./catalog/subcategory'),
  },
  {
    name: 'subsubcategory',
    title: 'Sub-subcategories',
    singular: 'sub-subcategory',
    permission: 'subsubcategory',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/subSubCategory', add: '/admin/subSubCategoryAdd', edit: '/admin/subSubCategoryEdit/:id' },
    load: () => import('./catalog/sub-subcategory'),
  },
  {
    name: 'brand',
    title: 'Brands',
    singular: 'brand',
    permission: 'brand',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/brand', add: '/admin/brandAdd', edit: '/admin/brandEdit/:brandId' },
    load: () => import('./catalog/brand'),
  },
  {
    name: 'banner',
    title: 'Banners',
    singular: 'banner',
    permission: 'banner',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/banner', add: '/admin/banner/add', edit: '/admin/banner/edit/:id' },
    load: () => import('./catalog/banner'),
  },
  {
    name: 'slider',
    title: 'Sliders',
    singular: 'slider',
    permission: 'slider',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/slider', add: '/admin/sliderAdd', edit: '/admin/sliderEdit/:id' },
    load: () => import('./catalog/slider'),
  },
  {
    name: 'attribute',
    title: 'Attributes',
    singular: 'attribute',
    permission: 'attribute',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/attribute', add: '/admin/attributeAdd', edit: '/backend/attribute/edit/:id' },
    load: () => import('./catalog/attribute'),
  },
  {
    name: 'variant',
    title: 'Variants',
    singular: 'variant',
    permission: 'variant',
    menuGroup: 'Catalogue',
    routes: { list: '/admin/variant', add: '/admin/variantAdd', edit: '/admin/variant/edit/:id' },
    load: () => import('./catalog/variant'),
  },
];
