import { merchantProfileInput, resellerPasswordChangeInput } from '@haat/contracts';
import { Alert, Button, Card, Group, PasswordInput, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { post, put } from '../lib/api';
import { usePhrase } from '../lib/phrases';
import { toast } from '../ui/toast/toast';
import { useZodForm } from '../ui/useZodForm';
import { merchantQueries } from './api';

function ProfileForm({ initial }: { initial: { name: string; email: string; company_name: string } }) {
  const phrase = usePhrase();
  const queryClient = useQueryClient();
  const form = useZodForm(merchantProfileInput, initial);
  const submit = form.onSubmit(async (input) => {
    const answer = await put<{ message: string }>('/api/merchant/profile', input);
    await queryClient.invalidateQueries({ queryKey: ['merchant'] });
    toast.success(answer.message);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <TextInput label={phrase('Name')} required {...form.field('name')} />
        <TextInput label={phrase('Email')} type="email" {...form.field('email')} />
        <TextInput label={phrase('Company')} {...form.field('company_name')} />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {phrase('Save profile')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PasswordForm() {
  const phrase = usePhrase();
  const form = useZodForm(resellerPasswordChangeInput, { current_password: '', password: '', password_confirmation: '' });
  const submit = form.onSubmit(async (input) => {
    const answer = await post<{ message: string }>('/api/merchant/security/password', input);
    form.setValues({ current_password: '', password: '', password_confirmation: '' });
    toast.success(answer.message);
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {form.formError && (
          <Alert color="red" role="alert">
            {form.formError}
          </Alert>
        )}
        <PasswordInput label={phrase('Current password')} autoComplete="current-password" required {...form.field('current_password')} />
        <PasswordInput label={phrase('New password')} autoComplete="new-password" required {...form.field('password')} />
        <PasswordInput label={phrase('New password again')} autoComplete="new-password" required {...form.field('password_confirmation')} />
        <Group>
          <Button type="submit" loading={form.submitting}>
            {phrase('Change password')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** `/merchant/profile`: name, email and company (the phone is the sign-in and stays), and the password. */
export default function MerchantProfile() {
  const phrase = usePhrase();
  const { data } = useQuery(merchantQueries.profile());
  const profile = data?.data;
  return (
    <Stack maw={960}>
      <div>
        <Title order={1}>{phrase('Profile and password')}</Title>
        <Text c="dimmed">
          {phrase('You sign in with your phone number {{phone}}; ask the shop to change it.', { phone: profile?.phone ?? '' })}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {phrase('Profile')}
          </Title>
          {profile ? (
            <ProfileForm initial={{ name: profile.name, email: profile.email ?? '', company_name: profile.company_name }} />
          ) : (
            <Skeleton h={200} />
          )}
        </Card>
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {phrase('Password')}
          </Title>
          <PasswordForm />
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
