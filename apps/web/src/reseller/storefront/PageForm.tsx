import { type ResellerShopPage, resellerShopPageInput } from '@haat/contracts';
import { Alert, Button, Card, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { get, post, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { accountQueries } from '../account/api';
import { Loaded, PageHeading } from '../account/kit';
import { useShopText } from './i18n';
import { PAGES_KEY } from './PageList';

/** `/dropshipper/page/info/add` and `/dropshipper/page/info/edit/{id}`: a page of the reseller's shop. */
export default function PageForm() {
  const { t } = useShopText();
  const { id } = useParams();
  const page = useQuery({
    queryKey: [...PAGES_KEY, id],
    queryFn: () => get<{ data: ResellerShopPage }>(`/api/reseller/shop/pages/${id}`),
    enabled: Boolean(id),
  });
  return (
    <Stack maw={860}>
      <PageHeading title={id ? t('editPage') : t('addPage')}>
        <Button component={Link} to="/dropshipper/page/info/lists" variant="default">
          {t('back')}
        </Button>
      </PageHeading>
      {id ? <Loaded query={page}>{({ data }) => <Form page={data} />}</Loaded> : <Form page={null} />}
    </Stack>
  );
}

function Form({ page }: { page: ResellerShopPage | null }) {
  const { t } = useShopText();
  const navigate = useNavigate();
  const info = useQuery(accountQueries.information());
  const form = useZodForm(resellerShopPageInput, { title: page?.title ?? '', slug: page?.slug ?? '', content: page?.content ?? '' });
  const save = form.onSubmit(async (_parsed, values) => {
    const answer = page
      ? await put<{ data: ResellerShopPage; message: string }>(`/api/reseller/shop/pages/${page.id}`, values)
      : await post<{ data: ResellerShopPage; message: string }>('/api/reseller/shop/pages', values);
    await queryClient.invalidateQueries({ queryKey: PAGES_KEY });
    toast.success(answer.message);
    navigate('/dropshipper/page/info/lists');
  });
  const field = (name: 'title' | 'slug' | 'content') => ({
    name,
    value: String(form.values[name] ?? ''),
    onChange: (event: { currentTarget: { value: string } }) => form.setValue(name, event.currentTarget.value),
    error: form.errors[name],
  });
  return (
    <Card withBorder>
      <form onSubmit={save} noValidate>
        <Stack>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput label={t('title')} required {...field('title')} />
          <TextInput
            label={t('slug')}
            required
            description={t('slugHint', { shop: info.data?.slug ?? '…', slug: form.values.slug || '…' })}
            {...field('slug')}
          />
          <Textarea label={t('content')} required autosize minRows={8} maxRows={24} {...field('content')} />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
