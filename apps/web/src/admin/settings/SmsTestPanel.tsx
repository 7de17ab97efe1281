import { smsTestInput } from '@haat/contracts';
import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { ApiError, post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { AA_COLORS } from '../../ui/colors';
import { toast } from '../../ui/toast/toast';
import { useZodForm } from '../../ui/useZodForm';

/** "Send test SMS": one message through the saved gateway, or to the SMS log when there is none. */
export function SmsTestPanel() {
  const phrase = usePhrase();
  const form = useZodForm(smsTestInput, { phone: '' });
  const send = form.onSubmit(async (input) => {
    const answer = await post<{ message: string; result: { status: string } }>('/api/admin/settings/sms/test', input).catch(
      (error: unknown) => {
        // A gateway's refusal names no field: it shows above the form and as a toast.
        if (error instanceof ApiError && Object.keys(error.errors).length === 0) toast.error(phrase('Test SMS not sent'), error.message);
        throw error;
      },
    );
    if (answer.result.status === 'sent') toast.success(answer.message);
    else toast.info(answer.message);
  });
  return (
    <Card withBorder padding="lg">
      <form onSubmit={send} noValidate aria-label={phrase('Send test SMS')}>
        <Stack gap="sm">
          <Title order={2} fz="h4">
            {phrase('Send test SMS')}
          </Title>
          <Text fz="sm" c={AA_COLORS.muted}>
            {phrase('Uses the saved settings: save your changes first.')}
          </Text>
          {form.formError && (
            <Text c="red.8" fz="sm" role="alert">
              {form.formError}
            </Text>
          )}
          <Group align="flex-start">
            <TextInput label={phrase('Mobile number')} placeholder="01712345678" inputMode="tel" {...form.field('phone')} />
            <Button type="submit" mt={25} loading={form.submitting}>
              {phrase('Send test SMS')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
