import './parcel-print.css';
import { formatMoney, INVOICES_PER_PAGE, type InvoicesPerPage, type ParcelPrint as ParcelPrintSheet } from '@haat/contracts';
import { Alert, Button, Group, Loader, SegmentedControl, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { get } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { imageUrl } from '../../../lib/image';
import { formatNumber as formatIn } from '../../../lib/numbers';
import { usePhrase } from '../../../lib/phrases';
import { Barcode } from './Barcode';
import type { ParcelPrintKind } from './print-url';

export { loader } from '../../shell/AdminShell';

type SheetOrder = ParcelPrintSheet['orders'][number];

/** Lines an invoice shows when it shares its page: the rest are counted, never cut off unseen. */
const LINES_SHOWN: Record<InvoicesPerPage, number> = { 1: 40, 2: 12, 3: 5 };

const perPageOf = (value: string | null): InvoicesPerPage => {
  const number = Number(value);
  return (INVOICES_PER_PAGE as readonly number[]).includes(number) ? (number as InvoicesPerPage) : 1;
};

/**
 * `/admin/order/print/parcels?ids=1,2&kind=invoice|sticker&per_page=1|2|3` (decision 059): barcoded
 * invoices, one, two or three to an A4 page, or 10 × 6.2 cm parcel stickers, one a label. Each
 * carries the order number as a Code 128 barcode for the dispatch desk and the returns check-in, and
 * a reseller's order carries the reseller's shop name, logo and phone instead of ours.
 */
export default function ParcelPrint() {
  const phrase = usePhrase();
  const formatNumber = useNumber();
  const [params, setParams] = useSearchParams();
  const kind: ParcelPrintKind = params.get('kind') === 'sticker' ? 'sticker' : 'invoice';
  const perPage = perPageOf(params.get('per_page'));
  const ids = params.get('ids') ?? '';
  const { data, error, isPending } = useQuery({
    queryKey: ['orders', 'parcel-print', ids],
    queryFn: () => get<ParcelPrintSheet>(`/api/admin/order-scan/print?ids=${encodeURIComponent(ids)}`),
  });
  const heading = kind === 'sticker' ? phrase('Parcel stickers') : phrase('Invoices');
  const pages: SheetOrder[][] = [];
  if (data) for (let at = 0; at < data.orders.length; at += perPage) pages.push(data.orders.slice(at, at + perPage));

  return (
    <main className={`parcel-print parcel-print-${kind}`} id="main">
      {/* The paper follows what is printed: A4 for invoices, the 10 × 6.2 cm label for stickers. */}
      <style>{kind === 'sticker' ? '@page { size: 100mm 62mm; margin: 0; }' : '@page { size: A4; margin: 8mm; }'}</style>
      <Group className="no-print" justify="space-between" maw={820} mx="auto" mb="md" wrap="wrap">
        <Title order={1} fz="h3">
          {heading}
          {data ? ` (${formatNumber(data.orders.length)})` : ''}
        </Title>
        <Group>
          {kind === 'invoice' && (
            <SegmentedControl
              aria-label={phrase('Invoices a page')}
              value={String(perPage)}
              onChange={(value) => {
                const next = new URLSearchParams(params);
                next.set('per_page', value);
                setParams(next, { replace: true });
              }}
              data={INVOICES_PER_PAGE.map((n) => ({ value: String(n), label: phrase('{{n}} a page', { n: formatNumber(n) }) }))}
            />
          )}
          <Button onClick={() => window.print()} disabled={!data}>
            {phrase('Print')}
          </Button>
        </Group>
      </Group>
      {isPending && <Loader aria-label={phrase('Loading')} mx="auto" display="block" />}
      {error && (
        <Alert color="red" role="alert" maw={820} mx="auto">
          {error.message}
        </Alert>
      )}
      {data && kind === 'sticker' && data.orders.map((order) => <Sticker key={order.id} order={order} symbol={data.currency_symbol} />)}
      {data &&
        kind === 'invoice' &&
        pages.map((page) => (
          <div key={page[0]?.id} className={`a4-page per-${perPage}`}>
            {page.map((order) => (
              <Invoice key={order.id} order={order} symbol={data.currency_symbol} perPage={perPage} />
            ))}
          </div>
        ))}
    </main>
  );
}

function useMoney(symbol: string) {
  const { i18n } = useTranslation();
  return (paisa: number) => formatMoney(paisa, symbol, i18n.language);
}

function useNumber() {
  const { i18n } = useTranslation();
  return (value: number) => formatIn(value, i18n.language);
}

function Invoice({ order, symbol, perPage }: { order: SheetOrder; symbol: string; perPage: InvoicesPerPage }) {
  const phrase = usePhrase();
  const formatNumber = useNumber();
  const money = useMoney(symbol);
  const logo = imageUrl(order.brand.logo);
  const shown = order.lines.slice(0, LINES_SHOWN[perPage]);
  const more = order.lines.length - shown.length;
  return (
    <article className="parcel-invoice" aria-label={phrase('Invoice {{number}}', { number: order.number })}>
      <header className="invoice-head">
        <div className="brand">
          {logo && <img src={logo} alt="" />}
          <div>
            <strong className="brand-name">{order.brand.name}</strong>
            <div>{order.brand.phone}</div>
            {order.brand.address && <div>{order.brand.address}</div>}
          </div>
        </div>
        <div className="invoice-number">
          <strong>{phrase('Invoice {{number}}', { number: order.number })}</strong>
          <div>{formatDate(order.placed_at)}</div>
          <Barcode value={order.number} heightMm={perPage === 3 ? 9 : 12} />
        </div>
      </header>
      <section className="invoice-parties">
        <div>
          <div className="caption">{phrase('Deliver to')}</div>
          <strong>{order.customer_name}</strong>, {order.phone}
          <div>{order.address}</div>
        </div>
        {order.courier_name && (
          <div>
            <div className="caption">{phrase('Courier')}</div>
            <strong>{order.courier_name}</strong>
            {order.tracking_code && <div>{phrase('Tracking {{code}}', { code: order.tracking_code })}</div>}
          </div>
        )}
      </section>
      <table className="invoice-lines">
        <thead>
          <tr>
            <th>{phrase('Item')}</th>
            <th className="amount">{phrase('Quantity')}</th>
            <th className="amount">{phrase('Price')}</th>
            <th className="amount">{phrase('Total')}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((line) => (
            <tr key={line.id}>
              <td>{line.name}</td>
              <td className="amount">{formatNumber(line.quantity)}</td>
              <td className="amount">{money(line.unit_price)}</td>
              <td className="amount">{money(line.line_total)}</td>
            </tr>
          ))}
          {more > 0 && (
            <tr>
              <td colSpan={4}>{phrase('and {{n}} more items (print one invoice a page to list them all)', { n: formatNumber(more) })}</td>
            </tr>
          )}
        </tbody>
      </table>
      <div className="invoice-foot">
        <dl className="invoice-totals">
          <dt>{phrase('Subtotal')}</dt>
          <dd>{money(order.subtotal)}</dd>
          <dt>{phrase('Delivery charge')}</dt>
          <dd>{money(order.delivery_charge)}</dd>
          {order.discount > 0 && (
            <>
              <dt>{phrase('Discount')}</dt>
              <dd>− {money(order.discount)}</dd>
            </>
          )}
          {order.advance_paid > 0 && (
            <>
              <dt>{phrase('Advance paid')}</dt>
              <dd>− {money(order.advance_paid)}</dd>
            </>
          )}
        </dl>
        <div className="cod-box">
          <div className="caption">{phrase('To pay on delivery')}</div>
          <strong>{money(order.cod)}</strong>
        </div>
      </div>
      {order.note && perPage === 1 && <p className="invoice-note">{phrase('Note: {{note}}', { note: order.note })}</p>}
    </article>
  );
}

function Sticker({ order, symbol }: { order: SheetOrder; symbol: string }) {
  const phrase = usePhrase();
  const money = useMoney(symbol);
  return (
    <article className="parcel-sticker" aria-label={phrase('Sticker {{number}}', { number: order.number })}>
      <div className="sticker-head">
        <span>
          <strong>{order.brand.name}</strong> {order.brand.phone}
        </span>
        <strong className="sticker-courier">{order.courier_name ?? phrase('No courier yet')}</strong>
      </div>
      <div className="sticker-to">
        <strong>{order.customer_name}</strong> · {order.phone}
        <div className="sticker-address">{order.address}</div>
      </div>
      <div className="sticker-cod">
        {phrase('COD')} <strong>{money(order.cod)}</strong>
      </div>
      <div className="sticker-codes">
        <Barcode value={order.number} moduleMm={0.4} heightMm={13} />
        {order.tracking_code && <Barcode value={order.tracking_code} heightMm={9} />}
      </div>
    </article>
  );
}
