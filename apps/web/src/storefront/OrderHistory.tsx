import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../lib/dates';

// Apart from OrderSummary.tsx: the dates (dayjs) load only with the pages that show an order's history, not with
// the cart and checkout.
/** An order's moves from status to status, newest last. */
export function OrderHistory({ history }: { history: { status: number; status_label: string; at: string }[] }) {
  const { t } = useTranslation();
  if (history.length === 0) return null;
  return (
    <section aria-labelledby="order-history" className="s-stack">
      <h2 id="order-history">{t('store.orderHistory')}</h2>
      <ol className="s-timeline">
        {history.map((step) => (
          <li key={`${step.at}-${step.status_label}`}>
            <strong>{t(`store.status.${step.status}`, { defaultValue: step.status_label })}</strong>{' '}
            <span className="s-muted s-small">{formatDateTime(step.at)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
