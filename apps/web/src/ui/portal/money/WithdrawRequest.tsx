import { type WithdrawalView, withdrawRequestInput } from '@haat/contracts';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { post } from '../../../lib/api';
import { MoneyInput } from '../../resource/fields';
import { toast } from '../../toast/toast';
import { useZodForm } from '../../useZodForm';
import { usePortal } from '../portal-context';
import { BalanceFigures } from './BalanceCard';
import { moneyKey, moneyPaths, moneyQueries, useMoneyText } from './money';

/** `…/payment/withdraw/request` of either portal: an amount up to the available balance, to a saved account. */
export default function WithdrawRequest() {
  const { t } = useMoneyText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const portal = usePortal();
  const paths = moneyPaths(portal);
  const balance = useQuery(moneyQueries.balance(portal));
  const accounts = useQuery(moneyQueries.accounts(portal, 'all'));
  const form = useZodForm<typeof withdrawRequestInput, { amount: number | null; payout_account_id: string | null; note: string }>(
    withdrawRequestInput,
    { amount: null, payout_account_id: null, note: '' },
  );

  const submit = form.onSubmit(async (_parsed, values) => {
    const answer = await post<{ data: WithdrawalView; message: string }>(`${portal.api}/withdrawals`, {
      amount: values.amount,
      payout_account_id: Number(values.payout_account_id),
      note: values.note,
    });
    await queryClient.invalidateQueries({ queryKey: moneyKey(portal) });
    // The cashbook and history lists on the shared list screen.
    await queryClient.invalidateQueries({ queryKey: ['resource'] });
    toast.success(t('request.sent'), answer.message);
    navigate(paths.history);
  });

  const options = (accounts.data?.data ?? []).map((account) => ({ value: String(account.id), label: account.label }));
  return (
    <Stack maw={720}>
      <div>
        <Title order={1}>{t('request.title')}</Title>
        <Text c="dimmed">{t('request.intro')}</Text>
      </div>
      <Card withBorder>{balance.data ? <BalanceFigures balance={balance.data.balance} /> : <Skeleton h={48} />}</Card>
      <Card withBorder>
        {accounts.isPending ? (
          <Skeleton h={120} />
        ) : options.length === 0 ? (
          <Stack>
            <Alert color="yellow">{t('request.noAccounts')}</Alert>
            <Group>
              <Button component={Link} to={paths.bank} variant="default">
                {t('request.addBank')}
              </Button>
              <Button component={Link} to={paths.mobile} variant="default">
                {t('request.addMobile')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              {form.formError && (
                <Alert color="red" role="alert">
                  {form.formError}
                </Alert>
              )}
              <MoneyInput
                label={t('request.amount')}
                description={t('request.amountHelp')}
                required
                value={form.values.amount}
                error={form.errors.amount}
                onChange={(paisa) => form.setValue('amount', paisa)}
              />
              <Select
                label={t('request.account')}
                placeholder={t('request.accountPlaceholder')}
                data={options}
                value={form.values.payout_account_id}
                required
                error={form.errors.payout_account_id}
                onChange={(value) => form.setValue('payout_account_id', value)}
              />
              <Textarea label={t('request.note')} {...form.field('note')} />
              <Group>
                <Button type="submit" loading={form.submitting}>
                  {t('request.submit')}
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Card>
    </Stack>
  );
}
