import type { SalaryBalanceOption, SalaryMonthRow } from '@haat/contracts';
import { Badge, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { useMoney } from '../purchasing/PurchaseForm';

/** `2026-11` in the reader's words: "November 2026", "নভেম্বর ২০২৬". */
export const monthName = (month: string) => formatDate(`${month}-01`, 'MMMM YYYY');

/** The shop's today, `YYYY-MM-DD`, for the date fields. */
export const today = () => new Date().toLocaleDateString('en-CA');

/** Where a month stands: not saved, due, partly paid or paid. */
export function MonthState({ row }: { row: Pick<SalaryMonthRow, 'saved' | 'paid' | 'due' | 'net'> }) {
  const phrase = usePhrase();
  if (!row.saved)
    return (
      <Badge variant="light" color="gray">
        {phrase('Not saved')}
      </Badge>
    );
  if (row.due === 0) return <Badge color="green">{phrase('Paid')}</Badge>;
  if (row.paid > 0) return <Badge color="yellow">{phrase('Partly paid')}</Badge>;
  return (
    <Badge color="red" variant="light">
      {phrase('Due')}
    </Badge>
  );
}

/** The active balances (cash, bank, wallets) with what each holds, to pay from: asked of the team's own route (`salary.pay`). */
export function BalanceSelect({
  value,
  onChange,
  error,
}: {
  value: string | null;
  onChange: (value: string | null) => void;
  error?: string;
}) {
  const phrase = usePhrase();
  const money = useMoney();
  const { data } = useQuery({
    queryKey: ['team', 'pay-from'],
    queryFn: () => get<{ data: SalaryBalanceOption[] }>('/api/admin/team/pay-from'),
  });
  return (
    <Select
      label={phrase('Pay from')}
      description={phrase('Cash, bank account or mobile wallet')}
      required
      data={(data?.data ?? []).map((row) => ({ value: String(row.id), label: `${phrase(row.name)} (${money(row.balance)})` }))}
      value={value}
      onChange={onChange}
      error={error}
    />
  );
}
