import { campaignDescriptor } from '@haat/contracts';
import { Anchor, Button } from '@mantine/core';
import { Link } from 'react-router';
import { useNumber } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { slugField } from '../catalog/shared';
import { defineResource } from '../types';
import { CampaignProductsField } from './CampaignProductsField';
import { activeStatusColumn, activeStatusField, activeStatusFilter, dateTimeField, stateColumn, stateFilter, windowColumn } from './shared';

function PicturesLink({ row }: { row: Record<string, unknown> }) {
  const phrase = usePhrase();
  const number = useNumber();
  return (
    <Anchor
      component={Link}
      to={`/admin/campaign/manage/image/${row.id}`}
      fz="sm"
      aria-label={phrase('Pictures of {{name}}', { name: String(row.name) })}
    >
      {row.banner_thumbnail ? phrase('Banner') : phrase('No banner')},{' '}
      {phrase('{{n}} in gallery', { n: number(Number(row.gallery_count)) })}
    </Anchor>
  );
}

function HomeSliderButton() {
  const phrase = usePhrase();
  return (
    <Button component={Link} to="/admin/campaign/slider" variant="default">
      {phrase('Home slider')}
    </Button>
  );
}

/** Campaigns (`/admin/campaign/manage`): products at campaign prices between two times, with a banner and a gallery. */
export default defineResource(campaignDescriptor, {
  list: {
    columns: [
      { key: 'banner_thumbnail', label: 'Banner', kind: 'image' },
      { key: 'name', label: 'Campaign', sort: 'name', link: true },
      { key: 'products_count', label: 'Products', kind: 'number' },
      windowColumn,
      stateColumn,
      { key: 'in_slider', label: 'In home slider', kind: 'boolean' },
      {
        own: true,
        key: 'pictures',
        label: 'Pictures',
        render: (row) => <PicturesLink row={row} />,
      },
      activeStatusColumn,
    ],
    filters: [stateFilter, activeStatusFilter],
    defaultSort: '-id',
    bulk: ['publish', 'unpublish', 'delete'],
    searchPlaceholder: 'Name or slug',
    actions: () => <HomeSliderButton />,
    empty: 'No campaigns yet. A campaign sells chosen products at campaign prices for a while, with its own page and banner.',
  },
  form: {
    fields: [
      { name: 'name', label: 'Campaign name', kind: 'text', required: true },
      { ...slugField, description: 'The campaign’s web address part, like eid-festival-sale. Leave empty to make one from the name.' },
      { name: 'description', label: 'Description', kind: 'textarea', description: 'Shown on the campaign’s page' },
      dateTimeField('starts_at', 'Starts', { required: true }),
      dateTimeField('ends_at', 'Ends', { required: true }),
      {
        name: 'products',
        label: 'Products at campaign prices',
        kind: 'custom',
        component: CampaignProductsField,
        initial: [],
        description: 'Each price must lie between the product’s wholesale price and its retail price.',
      },
      activeStatusField,
    ],
  },
});
