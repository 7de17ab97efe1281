import type { Paginator, ProductAnswer, PublicReview } from '@haat/contracts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { get } from '../lib/api';
import { formatDate } from '../lib/dates';
import { useNumber } from '../lib/numbers';
import { ONE_DECIMAL, Stars } from './ProductCard';
import { useShopper } from './session';

/** The stars' breakdown and the approved reviews, newest first, with a button for older ones. */
export function Reviews({ answer }: { answer: ProductAnswer }) {
  const { t } = useTranslation();
  const number = useNumber();
  const stars = answer.rating_stars;
  // Older pages appended as the shopper asks for them; a new product answer starts over.
  const [more, setMore] = useState<{ from: Paginator<PublicReview>; pages: Paginator<PublicReview>[] }>({
    from: answer.reviews,
    pages: [],
  });
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pages = more.from === answer.reviews ? more.pages : [];
  const last = pages[pages.length - 1] ?? answer.reviews;
  const reviews = [answer.reviews, ...pages].flatMap((page) => page.data);
  if (stars.count === 0) return <p className="s-muted">{t('store.noReviews')}</p>;

  const loadMore = async () => {
    if (!last.next_page_url) return;
    setLoading(true);
    setFailed(false);
    try {
      const page = await get<Paginator<PublicReview>>(last.next_page_url);
      setMore({ from: answer.reviews, pages: [...pages, page] });
    } catch {
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="s-stack">
      <div className="s-row">
        <strong style={{ fontSize: '1.6rem' }}>{number(stars.average, ONE_DECIMAL)}</strong>
        <Stars average={stars.average} count={stars.count} />
      </div>
      <div className="s-rating-bars">
        {(['5', '4', '3', '2', '1'] as const).map((star) => (
          <div key={star} className="s-rating-bar">
            <span>{t('store.starsShort', { count: Number(star) })}</span>
            <meter min={0} max={stars.count} value={stars.breakdown[star]} aria-label={t('store.starsOf', { count: Number(star) })} />
            <span className="s-muted">{number(stars.breakdown[star])}</span>
          </div>
        ))}
      </div>
      {reviews.map((review) => (
        <article key={review.id} className="s-review s-stack" style={{ gap: 4 }} data-testid="review">
          <div className="s-row s-between">
            <strong>{review.customer_name}</strong>
            <span className="s-muted s-small">{formatDate(review.created_at)}</span>
          </div>
          <Stars average={review.rating} />
          <p>{review.text}</p>
          {review.answer && (
            <p className="s-muted s-small">
              <strong>{t('store.shopAnswer')}</strong> {review.answer}
            </p>
          )}
        </article>
      ))}
      {failed && (
        <p className="s-alert" role="alert">
          {t('store.reviewsFailed')}
        </p>
      )}
      {last.next_page_url && (
        <button type="button" className="s-btn s-btn-secondary" onClick={() => void loadMore()} disabled={loading}>
          {loading ? t('common.loading') : t('store.moreReviews', { count: last.total - reviews.length })}
        </button>
      )}
    </div>
  );
}

// The form (and zod, which checks it) loads only for a signed-in shopper.
const Form = lazy(() => import('./ReviewFormFields'));

/** Signed-in customers may rate and review; the server refuses one who did not receive the product. */
export function ReviewForm({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const { user } = useShopper();
  const location = useLocation();
  if (!user)
    return (
      <p className="s-small">
        <Link to={`/login?next=${encodeURIComponent(location.pathname)}`} className="s-link">
          {t('store.signInToReview')}
        </Link>
      </p>
    );
  return (
    <Suspense fallback={null}>
      <Form productId={productId} />
    </Suspense>
  );
}

/**
 * The reviews and the form under a product, in a chunk of their own (with the dates they show): below the fold,
 * they load after the page is drawn (pages/Product.tsx).
 */
export default function ProductReviews({ answer }: { answer: ProductAnswer }) {
  return (
    <>
      <Reviews answer={answer} />
      <ReviewForm productId={answer.product.id} />
    </>
  );
}
