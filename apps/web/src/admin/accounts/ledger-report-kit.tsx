import type { Paginator } from '@haat/contracts';
import { Anchor, Select } from '@mantine/core';
import { Link } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { ReportHeader, type useReportParams } from '../reports/report-kit';

/** Every row on one page: a statement has a few dozen accounts at most. */
export const onePage = <Row,>(data: Row[]): Paginator<Row> => ({
  data,
  current_page: 1,
  last_page: 1,
  per_page: Math.max(data.length, 1),
  total: data.length,
  from: data.length ? 1 : null,
  to: data.length || null,
  next_page_url: null,
  prev_page_url: null,
});

/** What a drill-down lists: one account or one group, in a range, optionally one channel or one source. */
export interface LinesTarget {
  from: string;
  to: string;
  account_id?: number;
  group?: string;
  channel?: string;
  source?: string;
}

/** The drill-down screen's address for a figure. */
export function linesUrl(target: LinesTarget): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(target)) if (value !== undefined && value !== '') params.set(key, String(value));
  return `/admin/account/report/lines?${params.toString()}`;
}

/** A figure that opens the journal lines behind it. */
export function FigureLink({ to, children, label }: { to: LinesTarget; children: string; label?: string }) {
  const phrase = usePhrase();
  return (
    <Anchor component={Link} to={linesUrl(to)} title={label ?? phrase('See the entries')}>
      {children}
    </Anchor>
  );
}

const pad = (value: number) => String(value).padStart(2, '0');
const iso = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The ranges offered in one choice: this month, last month, this year, last year. */
export function presetRange(preset: string, today = new Date()): { from: string; to: string } | null {
  const year = today.getFullYear();
  const month = today.getMonth();
  if (preset === 'this_month') return { from: iso(new Date(year, month, 1)), to: iso(new Date(year, month + 1, 0)) };
  if (preset === 'last_month') return { from: iso(new Date(year, month - 1, 1)), to: iso(new Date(year, month, 0)) };
  if (preset === 'this_year') return { from: `${year}-01-01`, to: `${year}-12-31` };
  if (preset === 'last_year') return { from: `${year - 1}-01-01`, to: `${year - 1}-12-31` };
  return null;
}

/** A labelled choice of the preset ranges, setting `from` and `to`. */
export function PresetSelect({ onRange }: { onRange: (from: string, to: string) => void }) {
  const phrase = usePhrase();
  return (
    <Select
      label={phrase('Period')}
      placeholder={phrase('Choose a period')}
      value={null}
      onChange={(value) => {
        const range = value ? presetRange(value) : null;
        if (range) onRange(range.from, range.to);
      }}
      data={[
        { value: 'this_month', label: phrase('This month') },
        { value: 'last_month', label: phrase('Last month') },
        { value: 'this_year', label: phrase('This year') },
        { value: 'last_year', label: phrase('Last year') },
      ]}
    />
  );
}

/**
 * The header of a report over a year or a range (profit, monthly): title, CSV of what is shown, the dates,
 * a year (this year's when nothing is chosen, as the API answers) and, with `presets`, the preset periods.
 */
export function YearReportHeader({
  title,
  api,
  report,
  range,
  presets,
}: {
  title: string;
  api: string;
  report: ReturnType<typeof useReportParams>;
  range: { from: string; to: string } | undefined;
  presets?: boolean;
}) {
  const phrase = usePhrase();
  const { params, filters, update } = report;
  const thisYear = new Date().getFullYear();
  const years = Array.from({ length: 6 }, (_, index) => String(thisYear - index));
  const onRange = (from: string | null, to: string | null) => update({ from, to, year: null });
  return (
    <ReportHeader title={title} exportUrl={`${api}/export.csv?${filters}`} range={range && { ...range, time_zone: '' }} onRange={onRange}>
      <Select
        label={phrase('Year')}
        clearable
        value={params.get('year') ?? (!params.get('from') && range ? range.from.slice(0, 4) : null)}
        onChange={(value) => update({ year: value, from: null, to: null })}
        data={years}
      />
      {presets && <PresetSelect onRange={onRange} />}
    </ReportHeader>
  );
}

/** What caused an entry, in plain words (its `source`); an unknown source shows as it is. */
export const SOURCE_LABELS: Record<string, string> = {
  'order.delivered': 'Orders delivered',
  'order.returned': 'Orders returned',
  'courier.remittance': 'Courier remittances',
  'supplier.paid': 'Supplier payments',
  'purchase.received': 'Purchases received',
  'purchase.returned': 'Goods returned to suppliers',
  'purchase.credited': 'Supplier credit notes',
  'sale.counter': 'Counter sales',
  'sale.company': 'Company sales',
  'sale.company.paid': 'Company payments',
  'sale.exchange': 'Exchanges at the counter',
  'fund.transfer': 'Transfer fees',
  'balance.opening': 'Opening balances',
  credit: 'Money in',
  debit: 'Money out',
  reversal: 'Corrections',
  'courier.remittance.accepted': 'Remittance shortfalls accepted',
  'reseller.order_profit': 'Reseller profit',
  'reseller.order_profit_reversal': 'Reseller profit reversed',
  'reseller.return_charge': 'Reseller return charges',
  'reseller.sms_charge': 'Reseller SMS campaigns',
  'reseller.withdrawal_paid': 'Reseller withdrawals paid',
  'merchant.earning': 'Merchant earnings',
  'merchant.earning_reversal': 'Merchant earnings reversed',
  'merchant.withdrawal_paid': 'Merchant withdrawals paid',
  'fabric.purchased': 'Fabric purchases',
  'salary.month': 'Salaries booked',
  'salary.paid': 'Salaries paid',
  'salary.advance': 'Salary advances',
  'bill.recorded': 'Bills recorded',
  'bill.paid': 'Bills paid',
  'loan.taken': 'Loans taken',
  'loan.given': 'Loans given',
  'loan.repaid': 'Loan repayments',
  'loan.repayment.received': 'Loan repayments received',
  'asset.purchase': 'Assets bought',
  'asset.depreciation': 'Depreciation',
  'asset.sold': 'Assets sold',
  'asset.written_off': 'Assets written off',
  'investment.received': 'Investments received',
  'investor.profit_paid': 'Profit shares paid',
  'investor.capital_returned': 'Investment returned',
  'director.remuneration': 'Director remuneration',
  'director.drawing': 'Director drawings',
  'director.capital_in': 'Money brought in by directors',
};
