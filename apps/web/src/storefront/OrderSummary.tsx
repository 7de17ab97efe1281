import { useTranslation } from 'react-i18next';
import { useNumber } from '../lib/numbers';
import { useMoney } from './money';

interface Line {
  name: string;
  variant_label: string;
  quantity: number;
  unit_price: number;
  line_total: number;
}

/** What was ordered and what it costs: the confirmation, tracking and the customer's order page. */
export function OrderLines({
  lines,
  subtotal,
  delivery,
  discount,
  total,
}: {
  lines: Line[];
  subtotal: number;
  delivery: number;
  discount: number;
  total: number;
}) {
  const { t } = useTranslation();
  const number = useNumber();
  const money = useMoney();
  return (
    <div className="s-stack">
      <table className="s-table">
        <caption className="s-visually-hidden">{t('store.orderedItems')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('store.item')}</th>
            <th scope="col" className="s-num">
              {t('store.quantityShort')}
            </th>
            <th scope="col" className="s-num">
              {t('store.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            // One line per product option in an order.
            <tr key={`${line.name}-${line.variant_label}`}>
              <td>
                {line.name}
                {line.variant_label && <div className="s-muted s-small">{line.variant_label}</div>}
              </td>
              <td className="s-num">
                {number(line.quantity)} × {money(line.unit_price)}
              </td>
              <td className="s-num">{money(line.line_total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Totals subtotal={subtotal} delivery={delivery} discount={discount} total={total} />
    </div>
  );
}

export function Totals({
  subtotal,
  delivery,
  discount,
  total,
  deliveryPending,
}: {
  subtotal: number;
  delivery: number | null;
  discount: number;
  total: number;
  /** What the delivery charge says before it is known (the cart's "Chosen at checkout" unless told). */
  deliveryPending?: string;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  return (
    <dl className="s-totals">
      <div>
        <dt>{t('store.subtotal')}</dt>
        <dd>{money(subtotal)}</dd>
      </div>
      <div>
        <dt>{t('store.delivery')}</dt>
        <dd>{delivery === null ? (deliveryPending ?? t('store.deliveryAfterCity')) : money(delivery)}</dd>
      </div>
      {discount > 0 && (
        <div>
          <dt>{t('store.discount')}</dt>
          <dd>−{money(discount)}</dd>
        </div>
      )}
      <div className="s-total">
        <dt>{t('store.total')}</dt>
        <dd data-testid="order-total">{money(total)}</dd>
      </div>
    </dl>
  );
}
