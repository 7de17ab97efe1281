import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Image,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { imageUrl } from '../../lib/image';
import { useNumber } from '../../lib/numbers';
import { Pagination } from '../../ui/resource/Pagination';
import { TableScroll } from '../../ui/TableScroll';
import { Loaded, PageHeading, useMoney, useText } from '../account/kit';
import { categoryOptions, productQueries } from './api';

/** A price of a product's card (phones): its name above it. */
function Price({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text component="dt" fz="xs" c="dimmed">
        {label}
      </Text>
      <Text component="dd" fz="sm" fw={600} m={0}>
        {value}
      </Text>
    </div>
  );
}

/** `/dropshipper/products/show`: the catalogue with wholesale, suggested and own prices and stock; search and category. */
export default function ProductList() {
  const { t } = useText();
  const money = useMoney();
  const number = useNumber();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState(params.get('q') ?? '');
  const page = Number(params.get('page') ?? '1') || 1;
  const categoryId = params.get('category_id') ?? '';
  const search = new URLSearchParams({ page: String(page), per_page: '20' });
  if (params.get('q')) search.set('q', params.get('q') as string);
  if (categoryId) search.set('category_id', categoryId);
  const list = useQuery(productQueries.list(search.toString()));
  const categories = useQuery(productQueries.categories());

  const change = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value) merged.set(key, value);
      else merged.delete(key);
    }
    setParams(merged);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change({ q: q.trim(), page: '' });
  };

  return (
    <Stack>
      <PageHeading title={t('productsTitle', 'Products')} />
      <Card withBorder>
        <form onSubmit={submit}>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('searchProducts', 'Search by name or SKU')}
              value={q}
              onChange={(event) => setQ(event.currentTarget.value)}
              w={{ base: '100%', sm: 280 }}
            />
            <Select
              label={t('category', 'Category')}
              placeholder={t('allCategories', 'All categories')}
              data={categoryOptions(categories.data ?? [])}
              value={categoryId || null}
              onChange={(value) => change({ category_id: value ?? '', page: '' })}
              searchable
              clearable
              w={{ base: '100%', sm: 280 }}
            />
            <Button type="submit">{t('search', 'Search')}</Button>
          </Group>
        </form>
      </Card>
      <Loaded query={list}>
        {(data) => (
          <Stack>
            <Text fz="sm" c="dimmed">
              {t('productCount', '{{n}} products', { n: number(data.total) })}
            </Text>
            {/* On a phone a card per product, every price in sight; the table from a tablet up. */}
            <Stack gap="sm" hiddenFrom="sm" data-testid="product-cards">
              {data.data.length === 0 && (
                <Text c="dimmed" ta="center" py="md">
                  {t('noProducts', 'No products match.')}
                </Text>
              )}
              {data.data.map((product) => (
                <Paper key={product.id} withBorder p="sm" radius="md" data-testid="product-card">
                  <Group gap="sm" wrap="nowrap" align="flex-start">
                    <Image
                      src={imageUrl(product.thumbnail)}
                      alt=""
                      w={56}
                      h={56}
                      radius="sm"
                      fit="cover"
                      fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
                    />
                    <div style={{ minWidth: 0 }}>
                      <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
                        {product.name}
                      </Text>
                      <Text c="dimmed" fz="xs">
                        {product.sku} · {product.category_name ?? '—'}
                      </Text>
                    </div>
                  </Group>
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs" component="dl" m={0}>
                    <Price label={t('wholesalePrice', 'Wholesale price')} value={money(product.wholesale_price)} />
                    <Price label={t('suggestedPrice', 'Suggested price')} value={money(product.suggested_price)} />
                    <Price
                      label={t('myPrice', 'My price')}
                      value={product.my_price === null ? t('notSet', 'Not set') : money(product.my_price)}
                    />
                    <Price
                      label={t('stock', 'Stock')}
                      value={product.stock > 0 ? number(product.stock) : t('outOfStock', 'Out of stock')}
                    />
                  </SimpleGrid>
                  <Anchor
                    component={Link}
                    to={`/dropshipper/products/edit/${product.id}`}
                    fz="sm"
                    mt="xs"
                    display="inline-block"
                    aria-label={t('setPriceOf', 'Set my price of {{name}}', { name: product.name })}
                  >
                    {t('setPrice', 'Set my price')}
                  </Anchor>
                </Paper>
              ))}
            </Stack>
            <Box visibleFrom="sm">
              <TableScroll minWidth={760}>
                <Table striped highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('product', 'Product')}</Table.Th>
                      <Table.Th>{t('category', 'Category')}</Table.Th>
                      <Table.Th ta="right">{t('wholesalePrice', 'Wholesale price')}</Table.Th>
                      <Table.Th ta="right">{t('suggestedPrice', 'Suggested price')}</Table.Th>
                      <Table.Th ta="right">{t('myPrice', 'My price')}</Table.Th>
                      <Table.Th ta="right">{t('stock', 'Stock')}</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>{t('actions', 'Actions')}</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.data.length === 0 && (
                      <Table.Tr>
                        <Table.Td colSpan={7}>
                          <Text c="dimmed" ta="center" py="md">
                            {t('noProducts', 'No products match.')}
                          </Text>
                        </Table.Td>
                      </Table.Tr>
                    )}
                    {data.data.map((product) => (
                      <Table.Tr key={product.id}>
                        <Table.Td>
                          <Group gap="sm" wrap="nowrap">
                            <Image
                              src={imageUrl(product.thumbnail)}
                              alt=""
                              w={44}
                              h={44}
                              radius="sm"
                              fit="cover"
                              fallbackSrc="data:image/gif;base64,R0lGODlhAQABAAAAACw="
                            />
                            <div>
                              <Text fw={600} fz="sm">
                                {product.name}
                              </Text>
                              <Text c="dimmed" fz="xs">
                                {product.sku}
                              </Text>
                            </div>
                          </Group>
                        </Table.Td>
                        <Table.Td>{product.category_name ?? '—'}</Table.Td>
                        <Table.Td ta="right">{money(product.wholesale_price)}</Table.Td>
                        <Table.Td ta="right">{money(product.suggested_price)}</Table.Td>
                        <Table.Td ta="right">
                          {product.my_price === null ? (
                            <Text c="dimmed" fz="sm">
                              {t('notSet', 'Not set')}
                            </Text>
                          ) : (
                            money(product.my_price)
                          )}
                        </Table.Td>
                        <Table.Td ta="right">
                          {product.stock > 0 ? (
                            number(product.stock)
                          ) : (
                            <Badge color="red" variant="light" c="dark.8">
                              {t('outOfStock', 'Out of stock')}
                            </Badge>
                          )}
                        </Table.Td>
                        <Table.Td>
                          <Anchor
                            component={Link}
                            to={`/dropshipper/products/edit/${product.id}`}
                            fz="sm"
                            aria-label={t('setPriceOf', 'Set my price of {{name}}', { name: product.name })}
                          >
                            {t('setPrice', 'Set my price')}
                          </Anchor>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroll>
            </Box>
            <Pagination
              total={data.total}
              perPage={data.per_page}
              page={data.current_page}
              onChange={(next) => change({ page: String(next) })}
            />
          </Stack>
        )}
      </Loaded>
    </Stack>
  );
}
