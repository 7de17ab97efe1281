import { landingPageDescriptor } from '@haat/contracts';
import { Anchor, Text, VisuallyHidden } from '@mantine/core';
import { formatDate } from '../../../lib/dates';
import { phrase } from '../../../lib/phrases';
import { AA_COLORS } from '../../../ui/colors';
import { slugField, statusColumn, statusField, statusFilter } from '../catalog/shared';
import { defineResource } from '../types';
import { LandingSectionsField } from './LandingSectionsField';
import { ProductField } from './shared';

const PUBLISHED = { on: 'Published', off: 'Hidden' };

/**
 * Landing pages (`/admin/landing/page`): one product, a headline, sections in order and the order
 * form's settings. The storefront shows them at /landing/{slug}.
 */
export default defineResource(landingPageDescriptor, {
  list: {
    columns: [
      { key: 'headline', label: 'Headline', sort: 'headline', link: true },
      {
        key: 'slug',
        label: 'Address',
        // The live page, in a new tab (a hidden page answers the storefront's "not found").
        render: (row) => (
          <Anchor href={`/landing/${encodeURIComponent(String(row.slug))}`} target="_blank" rel="noopener" fz="sm">
            {/* i18n-ignore: an address */}
            {`/landing/${row.slug}`}
            <VisuallyHidden>{` ${phrase('(opens in a new tab)')}`}</VisuallyHidden>
          </Anchor>
        ),
      },
      {
        key: 'product_name',
        label: 'Product',
        render: (row) => (
          <Text component="span" fz="sm">
            {String(row.product_name ?? '—')}
            {row.product_published ? null : (
              <Text component="span" fz="xs" c={AA_COLORS.warning}>
                {` ${phrase('(not published: the page is hidden)')}`}
              </Text>
            )}
          </Text>
        ),
      },
      { key: 'sections_count', label: 'Sections', kind: 'number' },
      {
        key: 'updated_at',
        label: 'Changed',
        sort: 'updated_at',
        render: (row) => (row.updated_at ? formatDate(String(row.updated_at)) : '—'),
      },
      { ...statusColumn, statusLabels: PUBLISHED },
    ],
    filters: [
      {
        ...statusFilter,
        options: [
          { value: '1', label: PUBLISHED.on },
          { value: '0', label: PUBLISHED.off },
        ],
      },
    ],
    defaultSort: '-id',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Headline or address',
    empty: 'No landing pages yet. A landing page sells one product with its own story and an order form, for ads that link straight to it.',
  },
  form: {
    fields: [
      { name: 'headline', label: 'Headline', kind: 'text', required: true },
      { ...slugField, description: 'The page is at /landing/{slug}. Leave empty to make one from the headline.' },
      { name: 'product_id', label: 'Product', kind: 'custom', component: ProductField, required: true, initial: null },
      {
        name: 'sections',
        label: 'Sections',
        kind: 'custom',
        component: LandingSectionsField,
        initial: [],
        description: 'Shown in this order under the headline, before the order form.',
      },
      { name: 'button_text', label: 'Order button text', kind: 'text', half: true, initial: 'Order now', required: true },
      {
        name: 'delivery_note',
        label: 'Delivery note',
        kind: 'text',
        half: true,
        description: 'Under the order button, e.g. delivery charges and time',
      },
      { ...statusField, statusLabels: PUBLISHED },
    ],
  },
});
