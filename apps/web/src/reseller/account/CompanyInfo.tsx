import { resellerCompanyInput } from '@haat/contracts';
import { Alert, Button, Card, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { accountQueries, type ResellerCompany } from './api';
import { ImageUpload, Loaded, PageHeading, useText } from './kit';

/** `/dropshipper/company/info`: the business behind the reseller's shop, shown on their storefront and invoices. */
export default function CompanyInfo() {
  const { t } = useText();
  const company = useQuery(accountQueries.company());
  return (
    <Stack maw={860}>
      <PageHeading title={t('companyTitle', 'Company information')} />
      <Loaded query={company}>{(data) => <CompanyForm company={data} />}</Loaded>
    </Stack>
  );
}

function CompanyForm({ company }: { company: ResellerCompany }) {
  const { t } = useText();
  const form = useZodForm(resellerCompanyInput, company);
  const save = form.onSubmit(async (_parsed, values) => {
    const answer = await put<{ data: ResellerCompany; message: string }>('/api/reseller/company', values);
    queryClient.setQueryData(accountQueries.company().queryKey, answer.data);
    toast.success(answer.message);
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
          <ImageUpload
            label={t('logo', 'Logo')}
            value={(form.values.logo as string | null) ?? null}
            onChange={(path) => form.setValue('logo', path)}
            error={form.errors.logo}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('companyName', 'Company name')} {...form.field('company_name')} />
            <TextInput label={t('tradeLicense', 'Trade licence number')} {...form.field('trade_license')} />
            <TextInput label={t('companyPhone', 'Company phone')} type="tel" placeholder="01712345678" {...form.field('company_phone')} />
            <TextInput label={t('companyEmail', 'Company email')} type="email" {...form.field('company_email')} />
          </SimpleGrid>
          <Textarea label={t('companyAddress', 'Company address')} autosize minRows={2} {...form.field('company_address')} />
          <TextInput
            label={t('facebookPage', 'Facebook page')}
            // i18n-ignore: an address, the same in every language
            placeholder="https://facebook.com/yourshop"
            {...form.field('facebook_url')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting}>
              {t('save', 'Save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
