import { pageSectionDescriptor, pageTestimonialDescriptor } from '@haat/contracts';
import { sortOrderField, statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource, type ResourceDefinition } from '../types';
import { ratingField, richText, Stars } from './fields';

/** A page's sections (seed: "page description"), at /api/admin/pages/{slug}/sections. */
export const pageSections = (slug: string): ResourceDefinition =>
  defineResource(
    pageSectionDescriptor,
    {
      list: {
        columns: [
          { key: 'image', label: 'Image', kind: 'image' },
          { key: 'title', label: 'Title', sort: 'title', link: true },
          { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
          statusColumn,
        ],
        filters: [statusFilter],
        defaultSort: 'sort_order',
        bulk: ['publish', 'unpublish', 'delete'],
        export: false,
        empty: 'No sections yet. Sections show below the page text, each with a title, text and an image.',
      },
      form: {
        fields: [
          { name: 'title', label: 'Title', kind: 'text', required: true },
          richText('body', 'Text'),
          { name: 'image', label: 'Image', kind: 'image', folder: 'content' },
          sortOrderField,
          statusField,
        ],
      },
    },
    { api: pageSectionDescriptor.path.replace(':slug', encodeURIComponent(slug)) },
  );

/** A page's testimonials (seed: "page review"), at /api/admin/pages/{slug}/testimonials. */
export const pageTestimonials = (slug: string): ResourceDefinition =>
  defineResource(
    pageTestimonialDescriptor,
    {
      list: {
        columns: [
          { key: 'image', label: 'Photo', kind: 'image' },
          { key: 'name', label: 'Name', sort: 'name', link: true },
          { key: 'designation', label: 'Who they are' },
          { key: 'rating', label: 'Rating', sort: 'rating', render: (row) => <Stars value={row.rating} /> },
          { key: 'text', label: 'Words' },
          statusColumn,
        ],
        filters: [statusFilter],
        defaultSort: 'sort_order',
        bulk: ['publish', 'unpublish', 'delete'],
        export: false,
        empty: 'No testimonials on this page yet.',
      },
      form: {
        fields: [
          { name: 'name', label: 'Name', kind: 'text', required: true, half: true },
          { name: 'designation', label: 'Who they are', kind: 'text', half: true, description: 'e.g. Reseller, Sylhet' },
          { name: 'text', label: 'What they said', kind: 'textarea', required: true },
          ratingField,
          { name: 'image', label: 'Photo', kind: 'image', folder: 'content', half: true },
          sortOrderField,
          statusField,
        ],
      },
    },
    { api: pageTestimonialDescriptor.path.replace(':slug', encodeURIComponent(slug)) },
  );
