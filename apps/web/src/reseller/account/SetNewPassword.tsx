import { setNewPasswordInput } from '@haat/contracts';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { Link, useNavigate, useParams } from 'react-router';
import { post } from '../../lib/api';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { RESET_TOKEN_KEY } from './CodeVerify';
import { PublicCard, usePublicPortal, useText } from './kit';

function savedToken(phone: string): string {
  try {
    const saved = JSON.parse(sessionStorage.getItem(RESET_TOKEN_KEY) ?? 'null') as { phone: string; token: string } | null;
    return saved?.phone === phone ? saved.token : '';
  } catch {
    return '';
  }
}

/** `/dropshipper|/merchant/set/new/password/{phone}`: the new password, after the code was verified. */
export default function SetNewPassword() {
  const { t } = useText();
  const portal = usePublicPortal();
  const { phone = '' } = useParams();
  const navigate = useNavigate();
  const token = savedToken(phone);
  const form = useZodForm(setNewPasswordInput, { reset_token: token, password: '', password_confirmation: '' });
  const submit = form.onSubmit(async (input) => {
    const answer = await post<{ message: string }>(`${portal.api}/set/new/password/${encodeURIComponent(phone)}`, input);
    sessionStorage.removeItem(RESET_TOKEN_KEY);
    toast.success(answer.message);
    navigate(`${portal.base}/login`, { replace: true });
  });
  return (
    <PublicCard
      title={t('newPasswordTitle', 'Choose a new password')}
      intro={t('newPasswordIntro', 'Use at least 8 characters. You will be signed out on every device.')}
    >
      {!token ? (
        <Alert color="yellow" role="alert">
          {t('noResetToken', 'First verify the code sent to your phone.')}{' '}
          <Link to={`${portal.base}/password/reset`}>{t('startAgain', 'Start again')}</Link>
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            {(form.formError || form.errors.reset_token) && (
              <Alert color="red" role="alert">
                {form.formError ?? form.errors.reset_token}{' '}
                <Link to={`${portal.base}/password/reset`}>{t('startAgain', 'Start again')}</Link>
              </Alert>
            )}
            <PasswordInput label={t('newPassword', 'New password')} autoComplete="new-password" required {...form.field('password')} />
            <PasswordInput
              label={t('confirmPassword', 'Confirm the new password')}
              autoComplete="new-password"
              required
              {...form.field('password_confirmation')}
            />
            <Button type="submit" loading={form.submitting} fullWidth>
              {t('setPassword', 'Set new password')}
            </Button>
          </Stack>
        </form>
      )}
    </PublicCard>
  );
}
