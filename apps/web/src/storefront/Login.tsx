import { loginSchema, type PersonView, SESSION_STATUS } from '@haat/contracts';
import { Alert, Button, Container, Paper, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate } from 'react-router';
import { post } from '../lib/api';
import { queryClient } from '../lib/query';
import { rememberToken, sessionQueries } from '../lib/session';
import { useZodForm } from '../ui/useZodForm';

export async function loader() {
  const answer = await queryClient.fetchQuery(sessionQueries.user).catch(() => null);
  if (answer?.status === SESSION_STATUS.authorized) throw redirect('/account');
  return null;
}

/** Shoppers sign in with their phone number or email. */
export default function StoreLogin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useZodForm(loginSchema, { login: '', password: '' });
  const submit = form.onSubmit(async (input) => {
    const answer = await post<{ status: string; user: PersonView; token: string }>('/_public/login', input);
    rememberToken('user', answer.token);
    queryClient.setQueryData(sessionQueries.user.queryKey, { status: answer.status, user: answer.user });
    navigate('/account', { replace: true });
  });
  return (
    <Container size={460} py={48}>
      <Paper p="xl" withBorder radius="lg">
        <form onSubmit={submit} noValidate>
          <Stack>
            <Title order={1} fz="h2">
              {t('store.signInTitle')}
            </Title>
            {form.formError && (
              <Alert color="red" role="alert">
                {form.formError}
              </Alert>
            )}
            <TextInput label={t('common.phoneOrEmail')} autoComplete="username" inputMode="email" required {...form.field('login')} />
            <PasswordInput label={t('common.password')} autoComplete="current-password" required {...form.field('password')} />
            <Button type="submit" loading={form.submitting}>
              {t('common.signIn')}
            </Button>
          </Stack>
        </form>
      </Paper>
    </Container>
  );
}
