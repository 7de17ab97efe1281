import { customerPasswordForgotInput } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { useZodForm } from '../../ui/useZodForm';
import { FormAlert, TextField } from '../fields';

export { loader } from './Login';

/** `/forgot-password`: the shopper gives their mobile number and a 6-digit code goes to it by SMS. */
export default function ForgotPassword() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const navigate = useNavigate();
  const form = useZodForm(customerPasswordForgotInput, { phone: '' });
  const submit = form.onSubmit(async (parsed, values) => {
    const answer = await post<{ message: string }>('/_public/password/forgot', values);
    navigate(`/password/reset?phone=${encodeURIComponent(parsed.phone)}`, { state: { sent: answer.message } });
  });
  return (
    <div className="s-narrow">
      <form onSubmit={submit} noValidate className="s-card s-stack">
        <h1>{phrase('Forgot your password?')}</h1>
        <p className="s-muted s-small">{phrase('Enter the mobile number of your account. We will send a 6-digit code to it by SMS.')}</p>
        <FormAlert>{form.formError}</FormAlert>
        <TextField
          label={t('store.mobileNumber')}
          field={form.field('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('store.phoneHint')}
          required
        />
        <button type="submit" className="s-btn" disabled={form.submitting}>
          {form.submitting ? phrase('Sending…') : phrase('Send the code')}
        </button>
        <p className="s-small">
          <Link to="/password/reset" className="s-link">
            {phrase('I already have a code')}
          </Link>
          {' · '}
          <Link to="/login" className="s-link">
            {phrase('Back to sign in')}
          </Link>
        </p>
      </form>
    </div>
  );
}
