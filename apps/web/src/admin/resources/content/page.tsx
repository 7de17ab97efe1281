import { pageDescriptor } from '@haat/contracts';
import { Anchor, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { slugField, sortOrderField, statusColumn, statusField, statusFilter } from '../catalog/shared';
import { yesNoFilter } from '../locations/shared';
import { defineResource } from '../types';
import { richText } from './fields';

/** Links to a page's sections and testimonials, with their counts. */
function ChildrenLinks({ row }: { row: Record<string, unknown> }) {
  const phrase = usePhrase();
  const number = useNumber();
  const page = String(row.title);
  return (
    <Group gap="sm" wrap="nowrap">
      <Anchor component={Link} to={`/admin/page/description/${row.slug}`} fz="sm" aria-label={phrase('Sections of {{page}}', { page })}>
        {phrase('{{n}} sections', { n: number(Number(row.sections_count)) })}
      </Anchor>
      <Anchor component={Link} to={`/admin/review/${row.slug}`} fz="sm" aria-label={phrase('Testimonials of {{page}}', { page })}>
        {phrase('{{n}} testimonials', { n: number(Number(row.testimonials_count)) })}
      </Anchor>
    </Group>
  );
}

/** The storefront's content pages; each page's sections and testimonials are reached from its row. */
export default defineResource(pageDescriptor, {
  list: {
    columns: [
      { key: 'title', label: 'Title', sort: 'title', link: true },
      { key: 'slug', label: 'Address', render: (row) => `/page/${row.slug}` },
      {
        key: 'sections_count',
        label: 'Sections and testimonials',
        render: (row) => <ChildrenLinks row={row} />,
      },
      { key: 'show_in_footer', label: 'In footer', kind: 'boolean' },
      { key: 'sort_order', label: 'Order', sort: 'sort_order', kind: 'number' },
      statusColumn,
    ],
    filters: [yesNoFilter('show_in_footer', 'In footer'), statusFilter],
    defaultSort: 'sort_order',
    bulk: ['publish', 'unpublish', 'delete'],
    empty: 'No pages yet: about us, terms, privacy, return policy, delivery information…',
  },
  form: {
    fields: [
      { name: 'title', label: 'Title', kind: 'text', required: true },
      { ...slugField, description: 'The page is at /page/{slug}. Leave empty to make one from the title.' },
      richText('body', 'Text', 'Headings, lists, bold and links are kept; anything else is removed when saved.'),
      sortOrderField,
      statusField,
      { name: 'show_in_footer', label: 'Link it in the storefront footer', kind: 'switch' },
    ],
  },
});
