import './order-print.css';
import './stacked-table.css';
import { formatMoney, type OrderPrintKind, type OrderPrint as OrderPrintSheet } from '@haat/contracts';
import { Alert, Button, Group, Loader, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { get } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { imageUrl } from '../../lib/image';
import { usePhrase } from '../../lib/phrases';
import { useOrderWords } from './order-ui';

export { loader } from '../shell/AdminShell';

type SheetOrder = OrderPrintSheet['orders'][number];

/**
 * `/admin/order/print?ids=1,2&kind=invoice|label`: invoices (the shop's invoice template when it
 * has one) or parcel labels for the chosen orders, laid out for paper: one invoice a page, labels
 * two across. Opens in its own tab, without the admin menu.
 */
export default function OrderPrint() {
  const { t, phrase } = useOrderWords();
  const [params] = useSearchParams();
  const kind: OrderPrintKind = params.get('kind') === 'label' ? 'label' : 'invoice';
  const ids = params.get('ids') ?? '';
  const { data, error, isPending } = useQuery({
    queryKey: ['orders', 'print', kind, ids],
    queryFn: () => get<OrderPrintSheet>(`/api/admin/orders/print?ids=${encodeURIComponent(ids)}&kind=${kind}`),
  });
  const heading = kind === 'label' ? t('orders.printLabels') : t('orders.printInvoices');

  return (
    <main className="order-print" id="main">
      <Group className="no-print" justify="space-between" maw={800} mx="auto" mb="md">
        <Title order={1} fz="h3">
          {heading}
          {data ? ` (${data.orders.length})` : ''}
        </Title>
        <Button onClick={() => window.print()} disabled={!data}>
          {t('orders.print')}
        </Button>
      </Group>
      {isPending && <Loader aria-label={phrase('Loading')} mx="auto" display="block" />}
      {error && (
        <Alert color="red" role="alert" maw={800} mx="auto">
          {error.message}
        </Alert>
      )}
      {data &&
        (kind === 'label' ? (
          <div className="order-labels">
            {data.orders.map((order) => (
              <Label key={order.id} order={order} sheet={data} />
            ))}
          </div>
        ) : (
          data.orders.map((order) => <Invoice key={order.id} order={order} sheet={data} />)
        ))}
    </main>
  );
}

function Invoice({ order, sheet }: { order: SheetOrder; sheet: OrderPrintSheet }) {
  const { phrase, number, money: shopMoney } = useOrderWords();
  // The sheet names its own currency symbol; the digits follow the page's language.
  const money = (paisa: number) => shopMoney(paisa).replace(/^(-?)\D*/, `$1${sheet.shop.currency_symbol}`);
  if (order.invoice_html) {
    // The shop's invoice template: sanitised when saved, every value escaped when filled in (server).
    return (
      <article className="order-sheet" aria-label={phrase('Invoice {{number}}', { number: order.number })}>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised template HTML filled with escaped values */}
        <div dangerouslySetInnerHTML={{ __html: order.invoice_html }} />
      </article>
    );
  }
  const logo = imageUrl(sheet.shop.logo);
  return (
    <article className="order-sheet" aria-label={phrase('Invoice {{number}}', { number: order.number })}>
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          {logo && <img src={logo} alt="" height={40} />}
          <Text fw={700} fz="lg">
            {sheet.shop.name}
          </Text>
          <Text fz="sm">{sheet.shop.address}</Text>
          <Text fz="sm">{sheet.shop.phone}</Text>
        </div>
        <div style={{ textAlign: 'right' }}>
          <Text fw={700} fz="xl">
            {phrase('Invoice {{number}}', { number: order.number })}
          </Text>
          <Text fz="sm">{formatDate(order.placed_at)}</Text>
        </div>
      </Group>
      <Text fz="sm" mb="sm">
        <strong>{order.customer_name}</strong>, {order.phone}
        <br />
        {[order.address, order.sub_city_name, order.city_name].filter(Boolean).join(', ')}
      </Text>
      {/* On a phone's screen a card per line (stacked-table.css); on paper the table. */}
      <table className="stacked-table">
        <thead>
          <tr>
            <th>{phrase('Item')}</th>
            <th className="amount">{phrase('Quantity')}</th>
            <th className="amount">{phrase('Price')}</th>
            <th className="amount">{phrase('Total')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>{line.variant_label ? `${line.name} (${line.variant_label})` : line.name}</td>
              <td className="amount" data-label={phrase('Quantity')}>
                {number(line.quantity)}
              </td>
              <td className="amount" data-label={phrase('Price')}>
                {money(line.unit_price)}
              </td>
              <td className="amount" data-label={phrase('Total')}>
                {money(line.line_total)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <td colSpan={3} className="amount stacked-hide">
              {phrase('Subtotal')}
            </td>
            <td className="amount" data-label={phrase('Subtotal')}>
              {money(order.subtotal)}
            </td>
          </tr>
          <tr>
            <td colSpan={3} className="amount stacked-hide">
              {phrase('Delivery charge')}
            </td>
            <td className="amount" data-label={phrase('Delivery charge')}>
              {money(order.delivery_charge)}
            </td>
          </tr>
          {order.discount > 0 && (
            <tr>
              <td colSpan={3} className="amount stacked-hide">
                {phrase('Discount')}
              </td>
              <td className="amount" data-label={phrase('Discount')}>
                − {money(order.discount)}
              </td>
            </tr>
          )}
          {order.advance_paid > 0 && (
            <tr>
              <td colSpan={3} className="amount stacked-hide">
                {phrase('Advance paid')}
              </td>
              <td className="amount" data-label={phrase('Advance paid')}>
                − {money(order.advance_paid)}
              </td>
            </tr>
          )}
          <tr>
            <td colSpan={3} className="amount stacked-hide">
              <strong>{phrase('To pay on delivery')}</strong>
            </td>
            <td className="amount" data-label={phrase('To pay on delivery')}>
              <strong>{money(order.due)}</strong>
            </td>
          </tr>
        </tfoot>
      </table>
      {order.note && (
        <Text fz="sm" mt="md">
          {phrase('Note: {{note}}', { note: order.note })}
        </Text>
      )}
    </article>
  );
}

function Label({ order, sheet }: { order: SheetOrder; sheet: OrderPrintSheet }) {
  const phrase = usePhrase();
  return (
    <article className="order-label" aria-label={phrase('Label {{number}}', { number: order.number })}>
      <Group justify="space-between">
        <Text fw={700}>{sheet.shop.name}</Text>
        <Text fw={700}>{order.number}</Text>
      </Group>
      <Text fz="xs">{sheet.shop.phone}</Text>
      <Text mt={6} fw={600}>
        {order.customer_name}
      </Text>
      <Text>{order.phone}</Text>
      <Text fz="sm">{[order.address, order.sub_city_name, order.city_name].filter(Boolean).join(', ')}</Text>
      <Group justify="space-between" mt={6}>
        <Text className="cod">COD {formatMoney(order.due, sheet.shop.currency_symbol)}</Text>
        {order.tracking_code && <Text fz="sm">{phrase('Tracking {{code}}', { code: order.tracking_code })}</Text>}
      </Group>
      <Text fz="xs" c="dimmed">
        {order.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ')}
      </Text>
    </article>
  );
}
