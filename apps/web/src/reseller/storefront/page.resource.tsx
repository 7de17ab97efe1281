import { resellerShopPageInput } from '@haat/contracts';
import { Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../lib/dates';
import type { DeclaredResource } from '../../ui/resource/declared-routes';
import { accountQueries } from '../account/api';
import { useShopText } from './i18n';

/** `/dropshipper/page/info/lists`: the reseller's own pages of their shop (about, delivery, returns). */
export default function usePageResource(): DeclaredResource {
  const { t } = useShopText();
  const shop = useQuery(accountQueries.information()).data?.slug;
  return {
    title: t('pagesTitle'),
    singular: t('page'),
    resource: {
      api: '/api/reseller/shop/pages',
      contract: resellerShopPageInput,
      list: {
        columns: [
          { key: 'title', label: t('title'), sort: 'title', link: true },
          {
            key: 'slug',
            label: t('address'),
            render: ({ slug }) =>
              shop ? (
                <Anchor href={`/shop/${shop}/page/${slug}`} target="_blank" fz="sm">
                  {/* i18n-ignore: the page's address */}
                  /page/{String(slug)}
                </Anchor>
              ) : (
                `/page/${slug}`
              ),
          },
          {
            key: 'updated_at',
            label: t('updated'),
            sort: 'updated_at',
            render: ({ updated_at }) => formatDate(String(updated_at)),
          },
        ],
        defaultSort: 'title',
        empty: t('noPages'),
      },
      form: {
        fields: [
          { name: 'title', label: t('title'), kind: 'text', required: true },
          { name: 'slug', label: t('slug'), description: t('slugHint', { shop: shop ?? '…', slug: '…' }), kind: 'text', required: true },
          { name: 'content', label: t('content'), kind: 'textarea', required: true },
        ],
      },
    },
  };
}
