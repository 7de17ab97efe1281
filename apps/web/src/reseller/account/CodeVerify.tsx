import { resetCodeVerifyInput } from '@haat/contracts';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError, post } from '../../lib/api';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';
import { PublicCard, usePublicPortal, useText } from './kit';

/** Where the verified code's one-time token waits for the next page (this tab only, never in the address). */
export const RESET_TOKEN_KEY = 'haat_reseller_reset';

/** `/dropshipper|/merchant/code/verify/{phone}`: the 6-digit code from the SMS. */
export default function CodeVerify() {
  const { t } = useText();
  const portal = usePublicPortal();
  const { phone = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const sent = (location.state as { message?: string } | null)?.message;
  const form = useZodForm(resetCodeVerifyInput, { code: '' });
  const [resending, setResending] = useState(false);

  const submit = form.onSubmit(async (input) => {
    const answer = await post<{ reset_token: string }>(`${portal.api}/code/verify/${encodeURIComponent(phone)}`, input);
    sessionStorage.setItem(RESET_TOKEN_KEY, JSON.stringify({ phone, token: answer.reset_token }));
    navigate(`${portal.base}/set/new/password/${encodeURIComponent(phone)}`);
  });

  const resend = async () => {
    setResending(true);
    try {
      const answer = await post<{ message: string }>(`${portal.api}/password/reset`, { phone });
      toast.success(answer.message);
    } catch (error) {
      toast.error(error instanceof ApiError ? error.message : String(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <PublicCard
      title={t('verifyTitle', 'Enter the code')}
      intro={t('verifyIntro', 'Type the 6-digit code we sent by SMS to {{phone}}.', { phone })}
    >
      {sent && (
        <Alert color="blue" role="status">
          {sent}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('code', 'Code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            placeholder="123456"
            required
            styles={{ input: { letterSpacing: '0.4em', fontSize: 20, fontWeight: 700 } }}
            {...form.field('code')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('verifyCode', 'Verify code')}
          </Button>
          <Group justify="space-between">
            <Button variant="subtle" size="compact-sm" onClick={() => void resend()} loading={resending}>
              {t('resendCode', 'Send a new code')}
            </Button>
            <Text fz="sm">
              <Link to={`${portal.base}/password/reset`}>{t('otherNumber', 'Use another number')}</Link>
            </Text>
          </Group>
        </Stack>
      </form>
    </PublicCard>
  );
}
