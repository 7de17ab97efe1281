import { loginSchema } from '@haat/contracts';
import { Alert, Button, Center, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { FormErrorSummary } from '../FormErrorSummary';
import { useZodForm } from '../useZodForm';
import { type Portal, portalSignIn } from './portal';

/** Phone or email + password, for resellers and merchants. */
export function PortalLogin({ portal, footer }: { portal: Portal; footer?: React.ReactNode }) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const form = useZodForm(loginSchema, { login: '', password: '' });
  const submit = form.onSubmit(async (input) => {
    await portalSignIn(portal, input);
    navigate(`${portal.base}/dashboard`, { replace: true });
  });
  return (
    <main id="main">
      <Center mih="100vh" p="md" bg="gray.1">
        <Paper w="100%" maw={420} p="xl" radius="lg" shadow="md" withBorder>
          <form onSubmit={submit} noValidate>
            <Stack>
              <div>
                <Text fw={800} fz="lg" c="#161745">
                  {site?.site_name ?? 'Haat'}
                </Text>
                <Title order={1} fz="h3">
                  {phrase(portal.title)}
                </Title>
                <Text c="dimmed" fz="sm">
                  {phrase(portal.tagline)}
                </Text>
              </div>
              {form.formError && (
                <Alert color="red" role="alert">
                  {form.formError}
                </Alert>
              )}
              <TextInput label={t('common.phoneOrEmail')} autoComplete="username" required {...form.field('login')} />
              <PasswordInput label={t('common.password')} autoComplete="current-password" required {...form.field('password')} />
              <FormErrorSummary form={form} message={false} />
              <Button type="submit" loading={form.submitting} fullWidth>
                {t('common.signIn')}
              </Button>
              {footer}
            </Stack>
          </form>
        </Paper>
      </Center>
    </main>
  );
}
