import type { ResellerShopPage } from '@haat/contracts';
import { Anchor, Button, Card, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { get } from '../../lib/api';
import { accountQueries } from '../account/api';
import { Loaded, PageHeading } from '../account/kit';
import { useShopText } from './i18n';

export const PAGES_KEY = ['reseller', 'shop', 'pages'];

/** `/dropshipper/page/info/lists`: the reseller's own pages of their shop. */
export default function PageList() {
  const { t, i18n } = useShopText();
  const pages = useQuery({ queryKey: PAGES_KEY, queryFn: () => get<{ data: ResellerShopPage[] }>('/api/reseller/shop/pages') });
  const info = useQuery(accountQueries.information());
  return (
    <>
      <PageHeading title={t('pagesTitle')}>
        <Button component={Link} to="/dropshipper/page/info/add">
          {t('addPage')}
        </Button>
      </PageHeading>
      <Loaded query={pages}>
        {({ data }) =>
          data.length === 0 ? (
            <Text mt="md">{t('noPages')}</Text>
          ) : (
            <Card withBorder mt="md" p={0}>
              <Table.ScrollContainer minWidth={560}>
                <Table>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('title')}</Table.Th>
                      <Table.Th>{t('address')}</Table.Th>
                      <Table.Th>{t('updated')}</Table.Th>
                      <Table.Th>{t('actions')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.map((page) => (
                      <Table.Tr key={page.id}>
                        <Table.Td>{page.title}</Table.Td>
                        <Table.Td>
                          {info.data ? (
                            <Anchor href={`/shop/${info.data.slug}/page/${page.slug}`} target="_blank">
                              /page/{page.slug}
                            </Anchor>
                          ) : (
                            `/page/${page.slug}`
                          )}
                        </Table.Td>
                        <Table.Td>{new Date(page.updated_at).toLocaleDateString(i18n.language === 'bn' ? 'bn-BD' : 'en-GB')}</Table.Td>
                        <Table.Td>
                          <Button component={Link} to={`/dropshipper/page/info/edit/${page.id}`} size="xs" variant="light">
                            {t('edit')}
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          )
        }
      </Loaded>
    </>
  );
}
