import { customerPasswordResetInput } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { useZodForm } from '../../ui/useZodForm';
import { FormAlert, TextField } from '../fields';
import { PasswordFields } from '../PasswordFields';

export { loader } from './Login';

/**
 * `/password/reset`: the code from the SMS and the new password, twice. Done, the shopper signs in with
 * it (every session they had was ended).
 */
export default function ResetPassword() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const sent = (useLocation().state as { sent?: string } | null)?.sent ?? null;
  const form = useZodForm(customerPasswordResetInput, {
    phone: params.get('phone') ?? '',
    code: '',
    password: '',
    password_confirmation: '',
  });
  const submit = form.onSubmit(async (parsed, values) => {
    const answer = await post<{ message: string }>('/_public/password/reset', values);
    navigate('/login', { replace: true, state: { notice: answer.message, login: parsed.phone } });
  });
  return (
    <div className="s-narrow">
      <form onSubmit={submit} noValidate className="s-card s-stack">
        <h1>{phrase('Choose a new password')}</h1>
        <FormAlert ok>{sent}</FormAlert>
        <FormAlert>{form.formError}</FormAlert>
        <TextField
          label={t('store.mobileNumber')}
          field={form.field('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          required
        />
        <TextField
          label={phrase('Code from the SMS')}
          field={form.field('code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          hint={phrase('6 digits, valid for 10 minutes')}
          required
        />
        <PasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
          labels={{ password: phrase('New password'), confirmation: phrase('New password again') }}
        />
        <button type="submit" className="s-btn" disabled={form.submitting}>
          {form.submitting ? t('common.saving') : phrase('Set the new password')}
        </button>
        <p className="s-small">
          {phrase('No code?')}{' '}
          <Link to="/forgot-password" className="s-link">
            {phrase('Ask for a new code')}
          </Link>
        </p>
      </form>
    </div>
  );
}
