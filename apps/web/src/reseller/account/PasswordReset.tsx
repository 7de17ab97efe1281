import { passwordResetRequestInput } from '@haat/contracts';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { useNavigate } from 'react-router';
import { post } from '../../lib/api';
import { useZodForm } from '../../ui/useZodForm';
import { PublicCard, usePublicPortal, useText } from './kit';

/** `/dropshipper|/merchant/password/reset`: the phone number a code is sent to. */
export default function PasswordReset() {
  const { t } = useText();
  const portal = usePublicPortal();
  const navigate = useNavigate();
  const form = useZodForm(passwordResetRequestInput, { phone: '' });
  const submit = form.onSubmit(async (input) => {
    const answer = await post<{ message: string }>(`${portal.api}/password/reset`, input);
    navigate(`${portal.base}/code/verify/${encodeURIComponent(input.phone)}`, { state: { message: answer.message } });
  });
  return (
    <PublicCard
      title={t('resetTitle', 'Reset your password')}
      intro={
        portal.kind === 'merchant'
          ? t('resetIntroMerchant', 'Enter the mobile number of your merchant account. We will send you a 6-digit code by SMS.')
          : t('resetIntro', 'Enter the mobile number of your reseller account. We will send you a 6-digit code by SMS.')
      }
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {form.formError && (
            <Alert color="red" role="alert">
              {form.formError}
            </Alert>
          )}
          <TextInput
            label={t('mobileNumber', 'Mobile number')}
            type="tel"
            autoComplete="tel"
            placeholder="01712345678"
            required
            {...form.field('phone')}
          />
          <Button type="submit" loading={form.submitting} fullWidth>
            {t('sendCode', 'Send code')}
          </Button>
        </Stack>
      </form>
    </PublicCard>
  );
}
