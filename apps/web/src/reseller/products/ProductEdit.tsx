import { type ResellerProduct, resellerProductPriceInput } from '@haat/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Table, Text, Textarea } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { MoneyInput } from '../../ui/resource/fields';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { Loaded, PageHeading, useMoney, useText } from '../account/kit';
import { productQueries } from './api';

/** `/dropshipper/products/edit/{id}`: the reseller's own selling price (never below wholesale) and description. */
export default function ProductEdit() {
  const { id = '' } = useParams();
  const { t } = useText();
  const product = useQuery(productQueries.one(id));
  return (
    <Stack maw={860}>
      <PageHeading title={t('editPriceTitle', 'My price and description')}>
        <Button component={Link} to="/dropshipper/products/show" variant="default">
          {t('backToProducts', 'Back to products')}
        </Button>
      </PageHeading>
      <Loaded query={product}>{(data) => <PriceForm product={data} />}</Loaded>
    </Stack>
  );
}

function PriceForm({ product }: { product: ResellerProduct }) {
  const { t } = useText();
  const money = useMoney();
  const form = useZodForm(resellerProductPriceInput, {
    price: product.my_price ?? product.suggested_price,
    description: product.my_description,
  });
  const price = typeof form.values.price === 'number' ? form.values.price : 0;
  const save = form.onSubmit(async (input) => {
    const answer = await put<{ data: ResellerProduct; message: string }>(`/api/reseller/products/${product.id}`, input);
    queryClient.setQueryData(productQueries.one(product.id).queryKey, answer.data);
    await queryClient.invalidateQueries({ queryKey: ['reseller', 'products'] });
    toast.success(answer.message);
  });
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }}>
      <Card withBorder>
        <Text fw={700} fz="lg">
          {product.name}
        </Text>
        <Text c="dimmed" fz="sm" mb="sm">
          {product.sku} · {product.category_name ?? ''}
        </Text>
        <Table>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th scope="row">{t('wholesalePrice', 'Wholesale price')}</Table.Th>
              <Table.Td>{money(product.wholesale_price)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('suggestedPrice', 'Suggested price')}</Table.Th>
              <Table.Td>{money(product.suggested_price)}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('stock', 'Stock')}</Table.Th>
              <Table.Td>{product.stock}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th scope="row">{t('profitPerUnit', 'Your profit on one')}</Table.Th>
              <Table.Td c={price - product.wholesale_price < 0 ? 'red.8' : 'teal.9'}>{money(price - product.wholesale_price)}</Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
      <Card withBorder>
        <form onSubmit={save} noValidate>
          <Stack>
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            <MoneyInput
              label={t('mySellingPrice', 'My selling price')}
              description={t('notBelowWholesale', 'Never below the wholesale price, {{price}}.', { price: money(product.wholesale_price) })}
              required
              value={typeof form.values.price === 'number' ? form.values.price : null}
              onChange={(value) => form.setValue('price', value ?? '')}
              error={form.errors.price}
            />
            <Textarea label={t('myDescription', 'Description on my storefront')} autosize minRows={5} {...form.field('description')} />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                {t('save', 'Save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </SimpleGrid>
  );
}
