import type { ProductAnswer } from '@haat/contracts';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDate } from '../lib/dates';
import { Stars } from './ProductCard';
import { useShopper } from './session';

/**
 * An approved review as the product page shows it. The product answer does not carry them yet
 * (only `rating_stars`); they show as soon as it does.
 */
interface ShownReview {
  id: number;
  customer_name: string;
  rating: number;
  text: string;
  answer?: string;
  created_at: string;
}

/** The stars' breakdown and the approved reviews. */
export function Reviews({ answer }: { answer: ProductAnswer & { reviews?: ShownReview[] } }) {
  const { t } = useTranslation();
  const stars = answer.rating_stars;
  const reviews = answer.reviews ?? [];
  if (stars.count === 0) return <p className="s-muted">{t('store.noReviews')}</p>;
  return (
    <div className="s-stack">
      <div className="s-row">
        <strong style={{ fontSize: '1.6rem' }}>{stars.average.toFixed(1)}</strong>
        <Stars average={stars.average} count={stars.count} />
      </div>
      <div className="s-rating-bars">
        {(['5', '4', '3', '2', '1'] as const).map((star) => (
          <div key={star} className="s-rating-bar">
            <span>{t('store.starsShort', { count: Number(star) })}</span>
            <meter min={0} max={stars.count} value={stars.breakdown[star]} aria-label={t('store.starsOf', { count: Number(star) })} />
            <span className="s-muted">{stars.breakdown[star]}</span>
          </div>
        ))}
      </div>
      {reviews.map((review) => (
        <article key={review.id} className="s-review s-stack" style={{ gap: 4 }}>
          <div className="s-row s-between">
            <strong>{review.customer_name}</strong>
            <span className="s-muted s-small">{formatDate(review.created_at)}</span>
          </div>
          <Stars average={review.rating} count={1} />
          <p>{review.text}</p>
          {review.answer && <p className="s-muted s-small">{review.answer}</p>}
        </article>
      ))}
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
