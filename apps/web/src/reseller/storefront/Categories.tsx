import { type ResellerShopCategoryChoice, resellerShopCategoriesInput } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get, put } from '../../lib/api';
import { useNumber } from '../../lib/numbers';
import { queryClient } from '../../lib/query';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { accountQueries } from '../account/api';
import { Loaded, PageHeading } from '../account/kit';
import { useShopText } from './i18n';

type Choices = { data: ResellerShopCategoryChoice[]; all_shown: boolean };
const QUERY_KEY = ['reseller', 'shop', 'categories'];

/** `/dropshipper/categories`: which of the shop's categories the reseller's storefront shows. */
export default function Categories() {
  const { t } = useShopText();
  const choices = useQuery({ queryKey: QUERY_KEY, queryFn: () => get<Choices>('/api/reseller/shop/categories') });
  const info = useQuery(accountQueries.information());
  return (
    <Stack maw={860}>
      <PageHeading title={t('categoriesTitle')}>
        {info.data && (
          <Anchor href={`/shop/${info.data.slug}`} target="_blank">
            {t('viewShop')}
          </Anchor>
        )}
      </PageHeading>
      <Loaded query={choices}>{(data) => <ChoiceForm choices={data} />}</Loaded>
    </Stack>
  );
}

function ChoiceForm({ choices }: { choices: Choices }) {
  const { t } = useShopText();
  const number = useNumber();
  // The checkboxes give the ids as text; the contract reads them as numbers.
  const form = useZodForm<typeof resellerShopCategoriesInput, { category_ids: string[] }>(resellerShopCategoriesInput, {
    category_ids: choices.all_shown ? [] : choices.data.filter((row) => row.shown).map((row) => String(row.id)),
  });
  const picked = form.values.category_ids;
  const save = form.onSubmit(async (parsed) => {
    const answer = await put<Choices & { message: string }>('/api/reseller/shop/categories', parsed);
    queryClient.setQueryData(QUERY_KEY, { data: answer.data, all_shown: answer.all_shown });
    toast.success(answer.message);
  });
  if (choices.data.length === 0) return <Text>{t('noCategories')}</Text>;
  return (
    <Card withBorder>
      <form onSubmit={save} noValidate>
        <Stack>
          <Text c="dimmed" fz="sm">
            {t('categoriesHelp')}
          </Text>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <Checkbox.Group
            value={picked}
            onChange={(ids) => form.setValue('category_ids', ids)}
            label={t('categoriesTitle')}
            error={form.errors.category_ids}
          >
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} mt="xs">
              {choices.data.map((row) => (
                <Checkbox key={row.id} value={String(row.id)} label={row.name} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="space-between">
            <Text fz="sm" role="status">
              {picked.length === 0 ? t('allShown') : t('someShown', { count: picked.length, n: number(picked.length) })}
            </Text>
            <Button type="submit" loading={form.submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
