import type { SalaryAdvanceView, SalaryOverview } from '@haat/contracts';
import { Alert, Anchor, Button, Card, Group, Loader, SimpleGrid, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { get, post } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { MoneyInput } from '../../ui/resource/fields';
import { useApiSubmit } from '../../ui/useApiSubmit';
import { useMoney } from '../purchasing/PurchaseForm';
import { useCan } from '../useAdmin';
import { BalanceSelect, MonthState, monthName, today } from './shared';

/** The form giving a member an advance from a balance, recovered from later months' salaries. */
function AdvanceForm({ memberId }: { memberId: number }) {
  const phrase = usePhrase();
  const [amount, setAmount] = useState<number | null>(null);
  const [instalment, setInstalment] = useState<number | null>(null);
  const [givenOn, setGivenOn] = useState(today());
  const [balance, setBalance] = useState<string | null>(null);
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const { submit, working, error, alert } = useApiSubmit(
    () =>
      post<{ message: string; data: SalaryAdvanceView }>(`/api/admin/team-members/${memberId}/advances`, {
        amount,
        instalment,
        given_on: givenOn,
        balance_id: balance ? Number(balance) : null,
        reference,
        note,
      }),
    () => {
      setAmount(null);
      setInstalment(null);
      setReference('');
      setNote('');
    },
  );

  return (
    <Card withBorder component="form" onSubmit={submit} aria-label={phrase('Give an advance')}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {phrase('Give an advance')}
        </Title>
        {alert}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <MoneyInput label={phrase('Advance amount')} required min={0} value={amount} onChange={setAmount} error={error('amount')} />
          <MoneyInput
            label={phrase('Recover each month')}
            description={phrase('Taken from each later month’s salary until it is all back')}
            required
            min={0}
            value={instalment}
            onChange={setInstalment}
            error={error('instalment')}
          />
          <TextInput
            type="date"
            label={phrase('Given on')}
            required
            value={givenOn}
            onChange={(event) => setGivenOn(event.currentTarget.value)}
            error={error('given_on')}
          />
          <BalanceSelect value={balance} onChange={setBalance} error={error('balance_id')} />
          <TextInput
            label={phrase('Payment reference')}
            description={phrase('Cheque, transfer or wallet transaction number')}
            value={reference}
            onChange={(event) => setReference(event.currentTarget.value)}
            error={error('reference')}
          />
          <Textarea
            label={phrase('Note')}
            autosize
            value={note}
            onChange={(event) => setNote(event.currentTarget.value)}
            error={error('note')}
          />
        </SimpleGrid>
        <Group>
          <Button type="submit" loading={working}>
            {phrase('Give advance')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** `/admin/team/salary/{id}`: a member's salary month by month, and their advances. */
export default function SalaryMember() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['team', 'salary', id],
    queryFn: () => get<{ data: SalaryOverview }>(`/api/admin/team-members/${id}/salary`).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data) {
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'Something went wrong')}
      </Alert>
    );
  }
  const { member } = data;
  return (
    <Stack>
      <Group justify="space-between">
        <Title order={1} fz="h3">
          {phrase('Salary of {{name}}', { name: member.name })}
        </Title>
        {can('team.member.update') && (
          <Button component={Link} to={`/admin/team/member/edit/${member.id}`} variant="light">
            {phrase('Edit member')}
          </Button>
        )}
      </Group>
      <Text c="dimmed">
        {phrase('{{designation}} · monthly salary {{salary}} · joined {{date}}', {
          designation: member.designation,
          salary: money(member.monthly_salary),
          date: formatDate(member.joining_date),
        })}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder>
          <Text c="dimmed" fz="sm">
            {phrase('Still due')}
          </Text>
          <Text fw={700} fz="xl">
            {money(data.totals.due)}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed" fz="sm">
            {phrase('Paid')}
          </Text>
          <Text fw={700} fz="xl">
            {money(data.totals.paid)}
          </Text>
        </Card>
        <Card withBorder>
          <Text c="dimmed" fz="sm">
            {phrase('Advance to recover')}
          </Text>
          <Text fw={700} fz="xl">
            {money(data.totals.advance_left)}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder>
        <Title order={2} fz="h4" mb="sm">
          {phrase('Salary months')}
        </Title>
        <Table.ScrollContainer minWidth={800}>
          <Table striped aria-label={phrase('Salary months')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{phrase('Month')}</Table.Th>
                <Table.Th ta="right">{phrase('Basic')}</Table.Th>
                <Table.Th ta="right">{phrase('Bonus')}</Table.Th>
                <Table.Th ta="right">{phrase('Deductions')}</Table.Th>
                <Table.Th ta="right">{phrase('Advance recovered')}</Table.Th>
                <Table.Th ta="right">{phrase('Net')}</Table.Th>
                <Table.Th ta="right">{phrase('Paid')}</Table.Th>
                <Table.Th ta="right">{phrase('Still due')}</Table.Th>
                <Table.Th>{phrase('Status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.months.map((row) => (
                <Table.Tr key={row.month}>
                  <Table.Td>
                    <Anchor component={Link} to={`/admin/team/salary/${member.id}/${row.month}`} fz="sm">
                      {monthName(row.month)}
                    </Anchor>
                  </Table.Td>
                  <Table.Td ta="right">{money(row.basic)}</Table.Td>
                  <Table.Td ta="right">{money(row.bonus)}</Table.Td>
                  <Table.Td ta="right">{money(row.deductions)}</Table.Td>
                  <Table.Td ta="right">{money(row.advance_recovery)}</Table.Td>
                  <Table.Td ta="right">{money(row.net)}</Table.Td>
                  <Table.Td ta="right">{money(row.paid)}</Table.Td>
                  <Table.Td ta="right" fw={row.due > 0 ? 600 : undefined}>
                    {money(row.due)}
                  </Table.Td>
                  <Table.Td>
                    <MonthState row={row} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>
      <Card withBorder>
        <Title order={2} fz="h4" mb="sm">
          {phrase('Advances')}
        </Title>
        {data.advances.length === 0 ? (
          <Text c="dimmed">{phrase('No advances given.')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={700}>
            <Table striped aria-label={phrase('Advances')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{phrase('Given on')}</Table.Th>
                  <Table.Th ta="right">{phrase('Amount')}</Table.Th>
                  <Table.Th>{phrase('Paid from')}</Table.Th>
                  <Table.Th ta="right">{phrase('Recover each month')}</Table.Th>
                  <Table.Th ta="right">{phrase('Recovered')}</Table.Th>
                  <Table.Th ta="right">{phrase('Left to recover')}</Table.Th>
                  <Table.Th>{phrase('Note')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.advances.map((advance) => (
                  <Table.Tr key={advance.id}>
                    <Table.Td>{formatDate(advance.given_on)}</Table.Td>
                    <Table.Td ta="right">{money(advance.amount)}</Table.Td>
                    <Table.Td>{phrase(advance.balance_name)}</Table.Td>
                    <Table.Td ta="right">{money(advance.instalment)}</Table.Td>
                    <Table.Td ta="right">{money(advance.recovered)}</Table.Td>
                    <Table.Td ta="right" fw={advance.left > 0 ? 600 : undefined}>
                      {money(advance.left)}
                    </Table.Td>
                    <Table.Td>{advance.note}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {can('salary.pay') && <AdvanceForm memberId={member.id} />}
    </Stack>
  );
}
