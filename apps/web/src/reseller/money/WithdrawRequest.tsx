import { toPaisa, type WithdrawalView } from '@haat/contracts';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError, post } from '../../lib/api';
import { toast } from '../../ui/toast/toast';
import { BalanceFigures } from './BalanceCard';
import { MONEY_KEY, moneyQueries, useMoneyText } from './money';

/** `/dropshipper/payment/withdraw/request`: an amount up to the available balance, to a saved account. */
export default function WithdrawRequest() {
  const { t } = useMoneyText();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const balance = useQuery(moneyQueries.balance());
  const accounts = useQuery(moneyQueries.accounts('all'));
  const [amount, setAmount] = useState('');
  const [accountId, setAccountId] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    let paisa: number;
    try {
      paisa = toPaisa(amount.replace(/,/g, ''));
    } catch {
      setErrors({ amount: 'Enter the amount in taka, like 1500 or 1500.50' });
      return;
    }
    setSubmitting(true);
    try {
      const answer = await post<{ data: WithdrawalView; message: string }>('/api/reseller/withdrawals', {
        amount: paisa,
        payout_account_id: accountId ? Number(accountId) : null,
        note,
      });
      await queryClient.invalidateQueries({ queryKey: MONEY_KEY });
      // The cashbook and history lists on the shared list screen.
      await queryClient.invalidateQueries({ queryKey: ['resource'] });
      toast.success(t('request.sent'), answer.message);
      navigate('/dropshipper/payment/withdraw/history');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.errors).length) setErrors(error.fieldErrors());
      else setFormError(error instanceof Error ? error.message : String(error));
    } finally {
      setSubmitting(false);
    }
  };

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
              <Button component={Link} to="/dropshipper/bank/account" variant="default">
                {t('request.addBank')}
              </Button>
              <Button component={Link} to="/dropshipper/mobile/banking" variant="default">
                {t('request.addMobile')}
              </Button>
            </Group>
          </Stack>
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              {formError && (
                <Alert color="red" role="alert">
                  {formError}
                </Alert>
              )}
              <TextInput
                label={t('request.amount')}
                description={t('request.amountHelp')}
                inputMode="decimal"
                required
                value={amount}
                error={errors.amount}
                onChange={(event) => {
                  setAmount(event.currentTarget.value);
                  setErrors(({ amount: _, ...rest }) => rest);
                }}
              />
              <Select
                label={t('request.account')}
                placeholder={t('request.accountPlaceholder')}
                data={options}
                value={accountId}
                required
                error={errors.payout_account_id}
                onChange={(value) => {
                  setAccountId(value);
                  setErrors(({ payout_account_id: _, ...rest }) => rest);
                }}
              />
              <Textarea
                label={t('request.note')}
                value={note}
                error={errors.note}
                onChange={(event) => setNote(event.currentTarget.value)}
              />
              <Group>
                <Button type="submit" loading={submitting}>
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
