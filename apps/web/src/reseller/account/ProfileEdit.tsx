import { resellerProfileInput } from '@haat/contracts';
import { Alert, Button, Card, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { sessionQueries } from '../../lib/session';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { accountQueries, type ResellerInformation } from './api';
import { ImageUpload, Loaded, PageHeading, useText } from './kit';

/** `/dropshipper/profile/edit`: name, email, picture, address, shop name and about; the phone is the login and stays. */
export default function ProfileEdit() {
  const { t } = useText();
  const information = useQuery(accountQueries.information());
  return (
    <Stack maw={760}>
      <PageHeading title={t('editProfile', 'Edit profile')} />
      <Loaded query={information}>{(data) => <ProfileForm information={data} />}</Loaded>
    </Stack>
  );
}

function ProfileForm({ information }: { information: ResellerInformation }) {
  const { t } = useText();
  const navigate = useNavigate();
  const form = useZodForm(resellerProfileInput, {
    name: information.name,
    email: information.email ?? '',
    image: information.image,
    address: information.address,
    shop_name: information.shop_name,
    about: information.about,
  });
  const save = form.onSubmit(async (_parsed, values) => {
    const answer = await put<{ data: ResellerInformation; message: string }>('/api/reseller/profile', values);
    queryClient.setQueryData(accountQueries.information().queryKey, answer.data);
    await queryClient.invalidateQueries({ queryKey: sessionQueries.reseller.queryKey });
    toast.success(answer.message);
    navigate('/dropshipper/profile');
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
            label={t('photo', 'Photo')}
            value={(form.values.image as string | null) ?? null}
            onChange={(path) => form.setValue('image', path)}
            error={form.errors.image}
          />
          <TextInput label={t('name', 'Name')} required {...form.field('name')} />
          <TextInput
            label={t('mobileNumber', 'Mobile number')}
            value={information.phone}
            readOnly
            description={t('phoneIsLogin', 'Your mobile number is your login; ask the shop to change it.')}
          />
          <TextInput label={t('email', 'Email')} type="email" {...form.field('email')} />
          <TextInput label={t('shopName', 'Shop name')} required {...form.field('shop_name')} />
          <Textarea label={t('address', 'Address')} autosize minRows={2} {...form.field('address')} />
          <Textarea label={t('about', 'About me and my shop')} autosize minRows={3} {...form.field('about')} />
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
