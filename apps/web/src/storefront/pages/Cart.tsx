import type { CartLine } from '@haat/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageUrl } from '../../lib/image';
import { usePhrase } from '../../lib/phrases';
import { useCart, useCartChange } from '../api';
import { useBootHandover } from '../boot';
import { useFormMessage } from '../form-messages';
import { Loading } from '../Loading';
import { useMoney } from '../money';
import { Totals } from '../OrderSummary';
import { quantityProblem } from '../quantity';

function LineItem({ line }: { line: CartLine }) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const say = useFormMessage();
  const money = useMoney();
  const change = useCartChange();
  const errorId = useId();
  // A quantity typed above what is left stays as typed, with the reason beside it; it is not sent.
  const [typed, setTyped] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const picture = imageUrl(line.thumbnail);
  const blocked = line.problem === 'out_of_stock' || line.problem === 'unavailable';
  const set = (quantity: number) => {
    const problem = quantityProblem(quantity, line.stock, phrase);
    setTyped(problem ? quantity : null);
    setError(problem);
    if (problem) return;
    change.mutate(
      { variantId: line.variant_id, quantity, mode: 'set' },
      { onError: (failure) => setError(say(failure.message) ?? failure.message) },
    );
  };
  const remove = () => {
    setError(null);
    change.mutate(
      { variantId: line.variant_id, quantity: 0, mode: 'remove' },
      { onError: (failure) => setError(say(failure.message) ?? failure.message) },
    );
  };
  const label = line.variant_label ? `${line.name} (${line.variant_label})` : line.name;
  const shown = typed ?? line.quantity;
  // The stock fell below what the line holds since it was added: said at its quantity until it is lowered.
  const fieldError = error ?? (line.problem === 'over_stock' ? t('store.cartProblem.over_stock', { count: line.max_quantity }) : null);
  return (
    <li className="s-line" data-testid="cart-line">
      {picture ? <img src={picture} alt="" width={72} height={72} loading="lazy" /> : <span className="s-line-ph" />}
      <div className="s-stack" style={{ gap: 6 }}>
        <div>
          <Link to={`/product/${line.slug}`} style={{ fontWeight: 600 }}>
            {line.name}
          </Link>
          {line.variant_label && <div className="s-muted s-small">{line.variant_label}</div>}
        </div>
        <div className="s-row s-between">
          <span>
            {money(line.unit_price)}
            {line.regular_price > line.unit_price && (
              <del className="s-muted s-small" style={{ marginLeft: 6 }}>
                {money(line.regular_price)}
              </del>
            )}
          </span>
          <strong>{money(line.line_total)}</strong>
        </div>
        {blocked && line.problem && (
          <p className="s-stock-out s-small" role="status">
            {t(`store.cartProblem.${line.problem}`)}
          </p>
        )}
        <div className="s-row s-between">
          {!blocked && (
            <fieldset className="s-qty">
              <legend className="s-visually-hidden">{t('store.quantityOf', { name: label })}</legend>
              <button
                type="button"
                aria-label={t('store.less')}
                disabled={shown <= 1 || change.isPending}
                onClick={() => set(Math.min(shown, line.max_quantity + 1) - 1)}
              >
                −
              </button>
              <input
                type="number"
                inputMode="numeric"
                min={1}
                aria-label={t('store.quantityOf', { name: label })}
                aria-invalid={fieldError ? true : undefined}
                aria-describedby={fieldError ? errorId : undefined}
                defaultValue={shown}
                key={shown}
                onBlur={(event) => {
                  const next = Math.trunc(Number(event.currentTarget.value));
                  if (Number.isFinite(next) && next >= 1 && next !== shown) set(next);
                }}
              />
              <button
                type="button"
                aria-label={t('store.more')}
                disabled={change.isPending || shown >= line.max_quantity}
                onClick={() => set(shown + 1)}
              >
                +
              </button>
            </fieldset>
          )}
          <button type="button" className="s-btn s-btn-secondary s-btn-small" onClick={remove} disabled={change.isPending}>
            {t('store.remove')}
            <span className="s-visually-hidden"> {label}</span>
          </button>
        </div>
        {fieldError && !blocked && (
          <p id={errorId} className="s-field-error" role="alert">
            {fieldError}
          </p>
        )}
      </div>
    </li>
  );
}

export default function Cart() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const cart = useCart();
  // The server's drawing of the cart gives way once the cart is drawn here (or has failed).
  useBootHandover(!cart.isPending);
  const lines = cart.data?.cart_content ?? [];
  const blocked = lines.some((line) => line.problem !== null);

  return (
    <div className="s-stack">
      <h1>{t('store.cart')}</h1>
      {cart.isPending && <Loading />}
      {cart.isError && (
        <p className="s-alert" role="alert">
          {cart.error.message}
        </p>
      )}
      {cart.data && lines.length === 0 && (
        <div className="s-card s-stack" style={{ alignItems: 'flex-start' }}>
          <p>{t('store.cartEmpty')}</p>
          <Link to="/" className="s-btn">
            {t('store.keepShopping')}
          </Link>
        </div>
      )}
      {lines.length > 0 && cart.data && (
        <div className="s-checkout">
          <ul className="s-lines" aria-label={t('store.cartItems')}>
            {lines.map((line) => (
              <LineItem key={line.variant_id} line={line} />
            ))}
          </ul>
          <div className="s-card s-stack">
            <h2>{t('store.orderSummary')}</h2>
            <p className="s-muted s-small">{t('store.itemCount', { count: cart.data.item_count })}</p>
            <Totals subtotal={cart.data.cart_total} delivery={null} discount={0} total={cart.data.cart_total} />
            {blocked && (
              <p className="s-alert" role="alert">
                {lines.some((line) => line.problem === 'over_stock')
                  ? phrase('Fewer are left of some items than your cart holds. Lower or remove them to check out.')
                  : t('store.removeBlocked')}
              </p>
            )}
            {blocked ? (
              <span className="s-btn s-btn-block" aria-disabled="true">
                {t('store.checkout')}
              </span>
            ) : (
              <Link to="/checkout" className="s-btn s-btn-block">
                {t('store.checkout')}
              </Link>
            )}
            <Link to="/" className="s-link s-small" style={{ textAlign: 'center' }}>
              {t('store.keepShopping')}
            </Link>
          </div>
        </div>
      )}
    </div>
  );
}
