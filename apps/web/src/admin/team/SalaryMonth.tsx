import './payslip.css';
import type { SalaryMonthDetail } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { get, post, put } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { useSiteInfo } from '../../lib/site';
import { MoneyInput } from '../../ui/resource/fields';
import { useApiSubmit } from '../../ui/useApiSubmit';
import { useMoney } from '../purchasing/PurchaseForm';
import { useCan } from '../useAdmin';
import { BalanceSelect, MonthState, monthName, today } from './shared';

type Answer = { message: string; data: SalaryMonthDetail };

/** Basic, bonus, deductions and the advance recovered: saving books the month (a change is booked as a correction). */
function MonthForm({ detail, path }: { detail: SalaryMonthDetail; path: string }) {
  const phrase = usePhrase();
  const money = useMoney();
  const [basic, setBasic] = useState<number | null>(detail.basic);
  const [bonus, setBonus] = useState<number | null>(detail.bonus);
  const [deductions, setDeductions] = useState<number | null>(detail.deductions);
  const [deductionNote, setDeductionNote] = useState(detail.deduction_note);
  const [recovery, setRecovery] = useState<number | null>(detail.advance_recovery);
  const [note, setNote] = useState(detail.note);
  const form = useApiSubmit(() =>
    put<Answer>(path, {
      basic,
      bonus: bonus ?? 0,
      deductions: deductions ?? 0,
      deduction_note: deductionNote,
      advance_recovery: recovery ?? 0,
      note,
    }),
  );
  const net = (basic ?? 0) + (bonus ?? 0) - (deductions ?? 0) - (recovery ?? 0);

  return (
    <Card withBorder component="form" onSubmit={form.submit} aria-label={phrase('Salary for the month')}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} fz="h4">
            {phrase('Salary for the month')}
          </Title>
          <MonthState row={detail} />
        </Group>
        {form.alert}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <MoneyInput
            label={phrase('Basic salary')}
            description={phrase('{{amount}} proposed for this month', { amount: money(detail.proposed_basic) })}
            required
            min={0}
            value={basic}
            onChange={setBasic}
            error={form.error('basic')}
          />
          <MoneyInput label={phrase('Bonus')} min={0} value={bonus} onChange={setBonus} error={form.error('bonus')} />
          <MoneyInput label={phrase('Deductions')} min={0} value={deductions} onChange={setDeductions} error={form.error('deductions')} />
          <MoneyInput
            label={phrase('Advance recovered')}
            description={phrase('Planned: {{amount}}', { amount: money(detail.proposed_recovery) })}
            min={0}
            value={recovery}
            onChange={setRecovery}
            error={form.error('advance_recovery')}
          />
          <TextInput
            label={phrase('Why the deductions')}
            value={deductionNote}
            onChange={(event) => setDeductionNote(event.currentTarget.value)}
            error={form.error('deduction_note')}
          />
          <Textarea
            label={phrase('Note')}
            autosize
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={form.error('note')}
          />
        </SimpleGrid>
        <Group justify="space-between">
          <Text fw={700} fz="lg" aria-live="polite">
            {phrase('Net salary: {{amount}}', { amount: money(net) })}
          </Text>
          <Button type="submit" loading={form.working}>
            {detail.saved ? phrase('Save changes') : phrase('Save salary')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** A payment (whole or part) from a balance the person chooses. */
function PayForm({ detail, path }: { detail: SalaryMonthDetail; path: string }) {
  const phrase = usePhrase();
  const [amount, setAmount] = useState<number | null>(detail.due > 0 ? detail.due : null);
  const [balance, setBalance] = useState<string | null>(null);
  const [paidOn, setPaidOn] = useState(today());
  const [reference, setReference] = useState('');
  const form = useApiSubmit(
    () => post<Answer>(`${path}/payments`, { amount, balance_id: balance ? Number(balance) : null, paid_on: paidOn, reference }),
    (answer) => {
      setAmount(answer.data.due > 0 ? answer.data.due : null);
      setReference('');
    },
  );

  return (
    <Card withBorder component="form" onSubmit={form.submit} aria-label={phrase('Pay salary')}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {phrase('Pay salary')}
        </Title>
        {form.alert}
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <MoneyInput
            label={phrase('Amount to pay')}
            description={phrase('Part payments are fine until the net is paid')}
            required
            min={0}
            value={amount}
            onChange={setAmount}
            error={form.error('amount')}
          />
          <BalanceSelect value={balance} onChange={setBalance} error={form.error('balance_id')} />
          <TextInput
            type="date"
            label={phrase('Paid on')}
            required
            value={paidOn}
            onChange={(event) => setPaidOn(event.currentTarget.value)}
            error={form.error('paid_on')}
          />
          <TextInput
            label={phrase('Payment reference')}
            description={phrase('Cheque, transfer or wallet transaction number')}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={form.error('reference')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={form.working}>
            {phrase('Pay')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** The payslip on paper: the shop, the member, the month, its lines, net, paid and due, and places to sign. */
function Payslip({ detail }: { detail: SalaryMonthDetail }) {
  const phrase = usePhrase();
  const money = useMoney();
  const site = useSiteInfo();
  const line = (label: string, amount: number, note?: string) => (
    <tr>
      <td>
        {label}
        {note ? ` (${note})` : ''}
      </td>
      <td className="amount">{money(amount)}</td>
    </tr>
  );
  return (
    <article className="payslip" aria-label={phrase('Payslip')}>
      <header>
        <h2 style={{ margin: 0, fontSize: 22 }}>{site?.site_name}</h2>
        {site?.address && <div>{site.address}</div>}
        <div style={{ marginTop: 8, fontWeight: 700, fontSize: 16 }}>
          {phrase('Payslip for {{month}}', { month: monthName(detail.month) })}
        </div>
      </header>
      <table>
        <tbody>
          <tr>
            <td>{phrase('Name')}</td>
            <td className="amount">{detail.member.name}</td>
          </tr>
          <tr>
            <td>{phrase('Designation')}</td>
            <td className="amount">{detail.member.designation}</td>
          </tr>
          <tr>
            <td>{phrase('Phone')}</td>
            <td className="amount">{detail.member.phone}</td>
          </tr>
        </tbody>
      </table>
      <table style={{ marginTop: 16 }}>
        <tbody>
          {line(phrase('Basic salary'), detail.basic)}
          {line(phrase('Bonus'), detail.bonus)}
          {line(phrase('Deductions'), -detail.deductions, detail.deduction_note)}
          {line(phrase('Advance recovered'), -detail.advance_recovery)}
          <tr className="total">
            <td>{phrase('Net salary')}</td>
            <td className="amount">{money(detail.net)}</td>
          </tr>
          {line(phrase('Paid'), detail.paid)}
          {line(phrase('Still due'), detail.due)}
        </tbody>
      </table>
      {detail.payments.length > 0 && (
        <p style={{ fontSize: 12 }}>
          {detail.payments
            .map(
              (payment) =>
                `${formatDate(payment.paid_on)}: ${money(payment.amount)} (${phrase(payment.balance_name)}${payment.reference ? `, ${payment.reference}` : ''})`,
            )
            .join(' · ')}
        </p>
      )}
      <p style={{ fontWeight: 700 }}>{detail.due === 0 ? phrase('Paid') : detail.paid > 0 ? phrase('Partly paid') : phrase('Due')}</p>
      <div className="signatures">
        <div>{phrase('Received by')}</div>
        <div>{phrase('Authorised by')}</div>
      </div>
    </article>
  );
}

/** `/admin/team/salary/{id}/{month}`: one month's salary, its payments, and its payslip (`?payslip=1`). */
export default function SalaryMonth() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const params = useParams();
  const [search] = useSearchParams();
  const id = Number(params.id);
  const month = String(params.month);
  const path = `/api/admin/team-members/${id}/salary/${month}`;
  const { data, error, isPending } = useQuery({
    queryKey: ['team', 'salary', id, month],
    queryFn: () => get<{ data: SalaryMonthDetail }>(path).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data) {
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'Something went wrong')}
      </Alert>
    );
  }
  const back = `/admin/team/salary/${id}`;
  if (search.get('payslip') === '1') {
    return (
      <Stack className="payslip-page">
        <Group className="no-print" justify="space-between">
          <Title order={1} fz="h3">
            {phrase('Payslip')}
          </Title>
          <Group>
            <Button component={Link} to={`/admin/team/salary/${id}/${month}`} variant="light">
              {phrase('Back to the month')}
            </Button>
            <Button onClick={() => window.print()}>{phrase('Print')}</Button>
          </Group>
        </Group>
        <Payslip detail={data} />
      </Stack>
    );
  }
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {phrase('Salary of {{name}} for {{month}}', { name: data.member.name, month: monthName(month) })}
        </Title>
        <Group>
          <Button component={Link} to={back} variant="light">
            {phrase('All months')}
          </Button>
          {data.saved && (
            <Button component={Link} to={`/admin/team/salary/${id}/${month}?payslip=1`} variant="default">
              {phrase('Payslip')}
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text c="dimmed" fz="sm">
            {phrase('Net salary')}
          </Text>
          <Text fw={700} fz="xl" data-testid="salary-net">
            {money(data.net)}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed" fz="sm">
            {phrase('Paid')}
          </Text>
          <Text fw={700} fz="xl" data-testid="salary-paid">
            {money(data.paid)}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed" fz="sm">
            {phrase('Still due')}
          </Text>
          <Text fw={700} fz="xl" data-testid="salary-due">
            {money(data.due)}
          </Text>
        </Card>
      </SimpleGrid>
      {can('salary.pay') ? <MonthForm key={`${data.month}-${data.saved}-${data.net}-${data.paid}`} detail={data} path={path} /> : null}
      {data.advances.length > 0 && (
        <Card withBorder>
          <Title order={2} fz="h4" mb="sm">
            {phrase('Advances to recover')}
          </Title>
          <Table striped aria-label={phrase('Advances to recover')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Given on')}</Table.Th>
                <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                <Table.Th ta="right">{phrase('Recover each month')}</Table.Th>
                <Table.Th ta="right">{phrase('Left to recover')}</Table.Th>
                <Table.Th ta="right">{phrase('This month')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.advances.map((advance) => (
                <Table.Tr key={advance.id}>
                  <Table.Td>{formatDate(advance.given_on)}</Table.Td>
                  <Table.Td ta="right">{money(advance.amount)}</Table.Td>
                  <Table.Td ta="right">{money(advance.instalment)}</Table.Td>
                  <Table.Td ta="right">{money(advance.left)}</Table.Td>
                  <Table.Td ta="right">{money(advance.this_month)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Card>
      )}
      <Card withBorder>
        <Title order={2} fz="h4" mb="sm">
          {phrase('Payments')}
        </Title>
        {data.payments.length === 0 ? (
          <Text c="dimmed">{phrase('Nothing paid yet.')}</Text>
        ) : (
          <Table striped aria-label={phrase('Payments')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Paid on')}</Table.Th>
                <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                <Table.Th>{phrase('Paid from')}</Table.Th>
                <Table.Th>{phrase('Payment reference')}</Table.Th>
                <Table.Th>{phrase('By')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.payments.map((payment) => (
                <Table.Tr key={payment.id}>
                  <Table.Td>{formatDate(payment.paid_on)}</Table.Td>
                  <Table.Td ta="right">{money(payment.amount)}</Table.Td>
                  <Table.Td>{phrase(payment.balance_name)}</Table.Td>
                  <Table.Td>{payment.reference}</Table.Td>
                  <Table.Td>{payment.by}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
      {can('salary.pay') && data.due > 0 && <PayForm key={`${data.paid}-${data.net}`} detail={data} path={path} />}
      {can('salary.pay') && !data.saved && (
        <Text c="dimmed" fz="sm">
          {phrase('Not saved yet: the first payment saves the month as shown.')}
        </Text>
      )}
      <Anchor component={Link} to={back} fz="sm">
        {phrase('Back to all months')}
      </Anchor>
    </Stack>
  );
}
