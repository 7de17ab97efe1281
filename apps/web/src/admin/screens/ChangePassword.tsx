import { changePasswordSchema } from '@haat/contracts';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { put } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { useAdmin } from '../useAdmin';

/** `/admin/admin/password/{id}`: the admin changes their own password (old + new). */
export default function ChangePassword() {
  const admin = useAdmin();
  const { id } = useParams();
  const { t } = useTranslation();
  const phrase = usePhrase();
  const empty = { current_password: '', password: '', password_confirmation: '' };
  const form = useZodForm(changePasswordSchema, empty);

  const save = form.onSubmit(async (input) => {
    const answer = await put<{ message: string }>(`/api/admin/password/${id}`, input);
    form.setValues(empty);
    toast.success(answer.message);
  });

  if (Number(id) !== admin.id) {
    return (
      <Stack maw={520}>
        <Title order={1}>{t('admin.changePassword')}</Title>
        <Alert color="yellow">
          {phrase("You can only change your own password here. A super admin resets other admins' passwords from the admin list.")}
        </Alert>
      </Stack>
    );
  }

  return (
    <Stack maw={520}>
      <Title order={1}>{t('admin.changePassword')}</Title>
      <Text c="dimmed">{phrase('After the change, your other devices are signed out; this one stays signed in.')}</Text>
      <Card withBorder padding="lg">
        <form onSubmit={save} noValidate>
          <Stack>
            {form.formError && <Alert color="red">{form.formError}</Alert>}
            <PasswordInput
              label={phrase('Current password')}
              autoComplete="current-password"
              required
              {...form.field('current_password')}
            />
            <PasswordInput
              label={phrase('New password')}
              description={phrase('At least 8 characters.')}
              autoComplete="new-password"
              required
              {...form.field('password')}
            />
            <PasswordInput
              label={phrase('Repeat the new password')}
              autoComplete="new-password"
              required
              {...form.field('password_confirmation')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={form.submitting}>
                {t('admin.changePassword')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
