import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { lazyRoute } from '../../../lib/lazy';
import type { RouteHandle } from '../../../ui/Title';

const screens = () => import('./PageChildScreens');
const screen = (pick: (module: Awaited<ReturnType<typeof screens>>) => ComponentType) =>
  lazyRoute('page-children', () => screens().then((module) => ({ default: pick(module) })));
const handle = (title: string): RouteHandle => ({ title });

/**
 * A page's sections and testimonials, at seed §2.4's paths under /admin (they name the page by
 * its slug, so they sit beside the registry's resources rather than in it).
 */
export const pageChildRoutes: RouteObject[] = [
  { path: 'page/description/:slug', lazy: screen((module) => module.SectionList), handle: handle('Page sections') },
  { path: 'description/add/:slug', lazy: screen((module) => module.SectionForm), handle: handle('Add section') },
  { path: 'description/:slug/:descriptionId', lazy: screen((module) => module.SectionForm), handle: handle('Edit section') },
  { path: 'review/:slug', lazy: screen((module) => module.TestimonialList), handle: handle('Page testimonials') },
  { path: 'review/add/:slug', lazy: screen((module) => module.TestimonialForm), handle: handle('Add testimonial') },
  { path: 'review/:slug/:reviewId', lazy: screen((module) => module.TestimonialForm), handle: handle('Edit testimonial') },
];
