import { type AdminView, adminLoginSchema, SESSION_STATUS } from '@haat/contracts';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { redirect, useNavigate, useSearchParams } from 'react-router';
import { get, post } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { clearSession, rememberToken, sessionQueries } from '../../lib/session';
import { onProductionHost, useSiteInfo } from '../../lib/site';
import { useZodForm } from '../../ui/useZodForm';

interface AuthAnswer {
  status: string;
  admin?: AdminView;
  token?: string;
}

function storeAdmin(answer: AuthAnswer) {
  if (answer.token) rememberToken('admin', answer.token);
  queryClient.setQueryData(sessionQueries.admin.queryKey, { status: SESSION_STATUS.running, admin: answer.admin });
}

/**
 * Guest only. The first authentication check (seed §4): AUTHORIZED stores the admin and token and
 * goes to /admin/dashboard; UNAUTHORIZED logs out and clears the token.
 */
export async function loader() {
  if (!(await onProductionHost())) throw redirect('/');
  const answer = await get<AuthAnswer>('/api/admin/auth/check').catch(() => null);
  if (answer?.status === SESSION_STATUS.authorized) {
    storeAdmin(answer);
    throw redirect('/admin/dashboard');
  }
  clearSession('admin');
  return null;
}

export default function AdminLogin() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useZodForm(adminLoginSchema, { email: '', password: '' });

  const submit = form.onSubmit(async (input) => {
    const answer = await post<AuthAnswer>('/api/admin/login', input);
    storeAdmin(answer);
    const next = params.get('redirect');
    navigate(next?.startsWith('/admin/') ? next : '/admin/dashboard', { replace: true });
  });

  return (
    <main id="main">
      <Center mih="100vh" p="md" bg="#161745">
        <Paper w="100%" maw={400} p="xl" radius="lg" shadow="xl">
          <form onSubmit={submit} noValidate>
            <Stack>
              <div>
                <Text fw={800} fz="xl" c="#161745">
                  {site?.site_name ?? 'Haat'}
                </Text>
                <Title order={1} fz="h3">
                  {t('admin.signInTitle')}
                </Title>
              </div>
              {form.formError && (
                <Alert color="red" role="alert">
                  {form.formError}
                </Alert>
              )}
              <TextInput label={t('common.email')} type="email" autoComplete="username" required {...form.field('email')} />
              <PasswordInput label={t('common.password')} autoComplete="current-password" required {...form.field('password')} />
              <Button type="submit" loading={form.submitting} fullWidth>
                {t('common.signIn')}
              </Button>
            </Stack>
          </form>
        </Paper>
      </Center>
    </main>
  );
}
