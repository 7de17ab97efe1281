import { DIRECTOR_PAYMENT_KIND_LABELS, DIRECTOR_PAYMENT_KINDS, type DirectorPaymentDetails } from '@haat/contracts';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { usePhrase } from '../../lib/phrases';
import { balanceReference, EditMoneyEventButton } from '../loans/MoneyEventForm';
import { ReverseButton } from '../loans/ReverseButton';
import { useMoney } from '../reports/report-kit';
import { StatementCards, StatementHeader, StatementSection } from '../reports/StatementTable';
import { useCan } from '../useAdmin';
import { MoneyEventForm } from './MoneyEventForm';
import { MoneyEventTable } from './MoneyEventTable';

/**
 * `/admin/director/payment/details/{id}`: what a director was paid (remuneration, drawings) and brought
 * in, with totals, and a new payment from a balance (decision 052).
 */
export default function DirectorPayments() {
  const phrase = usePhrase();
  const money = useMoney();
  const can = useCan();
  const client = useQueryClient();
  const id = Number(useParams().id);
  const { data, error, isPending } = useQuery({
    queryKey: ['director-payments', id],
    queryFn: () => get<{ data: DirectorPaymentDetails }>(`/api/admin/directors/${id}/payments`).then((answer) => answer.data),
  });
  if (isPending) return <Loader aria-label={phrase('Loading')} />;
  if (error || !data)
    return (
      <Alert color="red" role="alert">
        {phrase(error?.message ?? 'The director was not found.')}
      </Alert>
    );
  const { director, totals } = data;
  return (
    <Stack>
      <StatementHeader
        title={phrase('Payments to {{name}}', { name: director.name })}
        links={[{ to: `/admin/director/edit/${id}`, label: phrase('Edit director'), filled: false }]}
      />
      <Text c="dimmed">
        {[director.designation, director.company_name, director.phone, `${phrase('Share')}: ${director.share_percent}%`]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      <StatementCards
        cards={[
          { label: phrase('Remuneration'), value: money(totals.remuneration) },
          { label: phrase('Drawings'), value: money(totals.drawing) },
          { label: phrase('Brought in'), value: money(totals.capital_in) },
        ]}
      />
      <StatementSection title={phrase('Payments')}>
        <MoneyEventTable
          rows={data.payments}
          kindLabels={DIRECTOR_PAYMENT_KIND_LABELS}
          balanceHeader={phrase('Balance')}
          withAdmin
          actions={(row) => {
            const what = phrase('the payment of {{amount}} on {{date}}', { amount: money(row.amount), date: formatDate(row.date) });
            return (
              <>
                {can('director.update') && (
                  <EditMoneyEventButton
                    url={`/api/admin/director-payments/${row.id}`}
                    what={what}
                    note={phrase('Its entry is reversed and the right one posted.')}
                    initial={{ kind: row.kind, date: row.date, amount: row.amount, balance_id: row.balance_id, note: row.note }}
                    fields={[
                      {
                        name: 'kind',
                        label: 'Kind',
                        kind: 'select',
                        required: true,
                        options: DIRECTOR_PAYMENT_KINDS.map((value) => ({ value, label: DIRECTOR_PAYMENT_KIND_LABELS[value] })),
                      },
                      { name: 'date', label: 'Date', kind: 'date', required: true },
                      { name: 'amount', label: 'Amount', kind: 'money', required: true },
                      {
                        name: 'balance_id',
                        label: 'Balance',
                        kind: 'reference',
                        reference: balanceReference(phrase, money),
                        required: true,
                      },
                      { name: 'note', label: 'Note', kind: 'text' },
                    ]}
                  />
                )}
                {can('director.delete') && (
                  <ReverseButton
                    url={`/api/admin/director-payments/${row.id}/reverse`}
                    what={what}
                    effect={phrase(
                      row.kind === 'capital_in'
                        ? 'The money goes back out of the balance it came into, and it no longer counts as brought in.'
                        : 'The money goes back into the balance it was paid from, and it no longer counts as paid.',
                    )}
                  />
                )}
              </>
            );
          }}
        />
      </StatementSection>
      {can('director.pay') && (
        <MoneyEventForm
          title={phrase('New payment')}
          api={`/api/admin/directors/${id}/payments`}
          kinds={DIRECTOR_PAYMENT_KINDS.map((value) => ({ value, label: phrase(DIRECTOR_PAYMENT_KIND_LABELS[value]) }))}
          balanceLabel={phrase('Balance')}
          submit={phrase('Save the payment')}
          onDone={() => client.invalidateQueries({ queryKey: ['director-payments', id] })}
        />
      )}
    </Stack>
  );
}
