import { contactMessageInput } from '@haat/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { post } from '../lib/api';
import { useZodForm } from '../ui/useZodForm';
import { FormAlert, TextArea, TextField } from './fields';

/** The contact page's form (`POST /_public/contact`): a phone number or an email so the shop can answer. */
export default function ContactForm() {
  const { t } = useTranslation();
  const [sent, setSent] = useState<string | null>(null);
  const form = useZodForm(contactMessageInput, { name: '', phone: '', email: '', message: '' });
  const submit = form.onSubmit(async (_parsed, values) => {
    const answer = await post<{ message: string }>('/_public/contact', values);
    setSent(answer.message);
  });
  if (sent) return <FormAlert ok>{sent}</FormAlert>;
  return (
    <form onSubmit={submit} noValidate className="s-card s-stack" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title">{t('store.writeToUs')}</h2>
      <FormAlert>{form.formError}</FormAlert>
      <TextField label={t('common.name')} field={form.field('name')} autoComplete="name" required />
      <TextField
        label={t('store.mobileNumber')}
        field={form.field('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint={t('store.phoneOrEmailHint')}
      />
      <TextField label={t('common.email')} field={form.field('email')} type="email" autoComplete="email" />
      <TextArea label={t('store.message')} field={form.field('message')} required />
      <button type="submit" className="s-btn" disabled={form.submitting}>
        {form.submitting ? t('common.saving') : t('store.send')}
      </button>
    </form>
  );
}
