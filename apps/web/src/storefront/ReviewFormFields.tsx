import { productReviewByCustomerInput } from '@haat/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../lib/api';
import { useZodForm } from '../ui/useZodForm';
import { FormAlert, TextArea } from './fields';
import { useFormMessage } from './form-messages';

/** `POST /_public/product/{id}/reviews`; the answer's message says whether it waits for approval or why it was refused. */
export default function ReviewFormFields({ productId }: { productId: number }) {
  const { t } = useTranslation();
  const say = useFormMessage();
  const form = useZodForm(productReviewByCustomerInput, { rating: 0, text: '' });
  const [done, setDone] = useState<string | null>(null);
  const rating = Number(form.values.rating) || 0;
  const submit = form.onSubmit(async (_parsed, values) => {
    const answer = await post<{ message?: string }>(`/_public/product/${productId}/reviews`, values);
    setDone(answer.message ?? t('store.reviewThanks'));
  });
  if (done) return <FormAlert ok>{done}</FormAlert>;
  return (
    <form onSubmit={submit} noValidate className="s-stack" aria-labelledby="review-form-title">
      <h3 id="review-form-title">{t('store.writeReview')}</h3>
      <FormAlert>{form.formError}</FormAlert>
      <fieldset className="s-star-input" aria-describedby={form.errors.rating ? 'review-rating-error' : undefined}>
        <legend className="s-field" style={{ fontWeight: 600, marginBottom: 4 }}>
          {t('store.yourRating')}
        </legend>
        {[1, 2, 3, 4, 5].map((star) => (
          <label key={star} className={star <= rating ? 's-on' : undefined}>
            <input type="radio" name="rating" value={star} checked={rating === star} onChange={() => form.setValue('rating', star)} />
            <span aria-hidden="true">★</span>
            <span className="s-visually-hidden">{t('store.starsOf', { count: star })}</span>
          </label>
        ))}
      </fieldset>
      {form.errors.rating && (
        <span id="review-rating-error" className="s-field-error" role="alert">
          {say(form.errors.rating)}
        </span>
      )}
      <TextArea label={t('store.yourReview')} field={form.field('text')} required />
      <button type="submit" className="s-btn" disabled={form.submitting}>
        {form.submitting ? t('common.saving') : t('store.sendReview')}
      </button>
    </form>
  );
}
