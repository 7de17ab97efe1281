import './sale-print.css';
import { COMPANY_PAYMENT_METHOD_LABELS, type CounterSaleDetail } from '@haat/contracts';
import { Alert, Button, Group, Loader, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { useSiteInfo } from '../../lib/site';
import { useOrderWords } from '../orders/order-ui';
import { useCompanySale } from './CompanySalePanel';

export { loader } from '../shell/AdminShell';

/**
 * `/admin/sale/print/{id}?paper=receipt|invoice`: a counter sale on paper, without the admin menu:
 * an 80 mm thermal receipt, or an A4 invoice. Opened right after a sale, it prints at once.
 */
export default function SalePrint() {
  const { phrase, money, number } = useOrderWords();
  const site = useSiteInfo();
  const { id } = useParams();
  const [params] = useSearchParams();
  const paper = params.get('paper') === 'invoice' ? 'invoice' : 'receipt';
  const { data, error, isPending } = useQuery({
    queryKey: ['sales', 'counter', Number(id)],
    queryFn: () => get<{ data: CounterSaleDetail }>(`/api/admin/sales/counter/${Number(id)}`).then((answer) => answer.data),
  });
  // A company sale's buyer and due (decision 039); null for a counter sale.
  const companyQuery = useCompanySale(Number(id));
  const company = companyQuery.data ?? null;
  const printNow = params.get('auto') === '1';
  const ready = Boolean(data) && !companyQuery.isPending;
  useEffect(() => {
    if (ready && printNow) window.print();
  }, [ready, printNow]);

  return (
    <main className="sale-print" id="main">
      <Group className="no-print" justify="space-between" maw={800} mx="auto" mb="md">
        <Title order={1} fz="h3">
          {paper === 'receipt' ? phrase('Receipt') : phrase('Invoice')} {data?.number}
        </Title>
        <Group>
          <Button component={Link} to="/admin/sale/add" variant="filled">
            {phrase('New sale')}
          </Button>
          <Button component={Link} to={`/admin/sale/view/${id}`} variant="light">
            {phrase('Back to the sale')}
          </Button>
          <Button component={Link} to={`/admin/sale/print/${id}?paper=${paper === 'receipt' ? 'invoice' : 'receipt'}`} variant="light">
            {paper === 'receipt' ? phrase('A4 invoice') : phrase('80 mm receipt')}
          </Button>
          <Button onClick={() => window.print()} disabled={!data}>
            {phrase('Print')}
          </Button>
        </Group>
      </Group>
      {isPending && <Loader aria-label={phrase('Loading')} mx="auto" display="block" />}
      {error && (
        <Alert color="red" role="alert" maw={800} mx="auto">
          {phrase(error.message)}
        </Alert>
      )}
      {data && (
        <article className={`sale-paper ${paper}`} aria-label={paper === 'receipt' ? phrase('Receipt') : phrase('Invoice')}>
          <header>
            <h2 style={{ margin: 0, fontSize: paper === 'receipt' ? 15 : 22 }}>{site?.site_name}</h2>
            {site?.address && <div>{site.address}</div>}
            {site?.contact_phone && <div>{site.contact_phone}</div>}
            <div className="rule" />
            <div>
              {paper === 'receipt' ? phrase('Receipt') : phrase('Invoice')} {data.number}
              {data.kind === 'exchange' ? ` · ${phrase('Exchange')}` : ''}
            </div>
            <div>{formatDateTime(data.sold_at)}</div>
            {data.sold_by && <div>{phrase('Served by {{name}}', { name: data.sold_by })}</div>}
            {company && (
              <div>
                {phrase('Buyer')}: {company.buyer_name}
              </div>
            )}
            {(data.customer_name || data.customer_phone) && (
              <div>
                {phrase('Customer')}: {[data.customer_name, data.customer_phone].filter(Boolean).join(', ')}
              </div>
            )}
          </header>
          <div className="rule" />
          <table>
            <thead>
              <tr>
                <th>{phrase('Item')}</th>
                <th className="amount">{phrase('Qty')}</th>
                {paper === 'invoice' && <th className="amount">{phrase('Price')}</th>}
                <th className="amount">{phrase('Amount')}</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.direction === 'in' ? `${phrase('Returned')}: ` : ''}
                    {line.product_name}
                    {line.variant_label ? ` (${line.variant_label})` : ''}
                    {paper === 'receipt' && (
                      <div>
                        {number(line.quantity)} × {money(line.unit_price)}
                        {line.discount > 0 ? ` − ${money(line.discount)}` : ''}
                      </div>
                    )}
                    {paper === 'invoice' && line.discount > 0 && (
                      <div>{phrase('Discount {{amount}}', { amount: money(line.discount) })}</div>
                    )}
                  </td>
                  <td className="amount">{number(line.quantity)}</td>
                  {paper === 'invoice' && <td className="amount">{money(line.unit_price)}</td>}
                  <td className="amount">{line.direction === 'in' ? `− ${money(line.line_total)}` : money(line.line_total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <div className="rule" />
          <table>
            <tbody>
              <tr>
                <td>{data.kind === 'exchange' ? phrase('Difference') : phrase('Subtotal')}</td>
                <td className="amount">{money(data.subtotal)}</td>
              </tr>
              {data.discount > 0 && (
                <tr>
                  <td>{phrase('Discount')}</td>
                  <td className="amount">− {money(data.discount)}</td>
                </tr>
              )}
              <tr className="total">
                <td>{phrase('Total')}</td>
                <td className="amount">{money(data.total)}</td>
              </tr>
              {data.payments.map((payment) => (
                <tr key={payment.id}>
                  <td>
                    {payment.refund ? `${phrase('Refund')} · ` : ''}
                    {phrase(COMPANY_PAYMENT_METHOD_LABELS[payment.method])}
                    {payment.reference ? ` (${payment.reference})` : ''}
                  </td>
                  <td className="amount">{money(payment.amount)}</td>
                </tr>
              ))}
              {company ? (
                <tr className="total">
                  <td>
                    {phrase('Due')}
                    {company.due_date ? ` (${phrase('by {{date}}', { date: company.due_date })})` : ''}
                  </td>
                  <td className="amount">{money(company.due)}</td>
                </tr>
              ) : (
                <tr>
                  <td>{phrase('Change')}</td>
                  <td className="amount">{money(data.change_given)}</td>
                </tr>
              )}
              {data.refunded > 0 && (
                <tr className="total">
                  <td>{phrase('Refunded')}</td>
                  <td className="amount">{money(data.refunded)}</td>
                </tr>
              )}
            </tbody>
          </table>
          <div className="rule" />
          <p style={{ textAlign: 'center', margin: '6px 0 0' }}>{phrase('Thank you for shopping with us!')}</p>
        </article>
      )}
    </main>
  );
}
