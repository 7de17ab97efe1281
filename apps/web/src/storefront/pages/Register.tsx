import { customerRegisterInput } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { post } from '../../lib/api';
import { useZodForm } from '../../ui/useZodForm';
import { FormAlert, TextField } from '../fields';
import { PasswordFields } from '../PasswordFields';
import { SocialButtons } from '../SocialButtons';
import { safeNext, signedIn } from './Login';

export { loader } from './Login';

/** Sign-up: name, mobile number, optional email, password; the new customer is signed in at once. */
export default function Register() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  const form = useZodForm(customerRegisterInput, { name: '', phone: '', email: '', password: '', password_confirmation: '' });
  const submit = form.onSubmit(async (_parsed, values) => {
    signedIn(await post('/_public/register', values));
    navigate(next, { replace: true });
  });
  return (
    <div className="s-narrow">
      <form onSubmit={submit} noValidate className="s-card s-stack">
        <h1>{t('store.registerTitle')}</h1>
        <SocialButtons next={next} />
        <FormAlert>{form.formError}</FormAlert>
        <TextField label={t('common.name')} field={form.field('name')} autoComplete="name" required />
        <TextField
          label={t('store.mobileNumber')}
          field={form.field('phone')}
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          hint={t('store.phoneHint')}
          required
        />
        <TextField label={t('store.emailOptional')} field={form.field('email')} type="email" autoComplete="email" />
        <PasswordFields
          password={form.field('password')}
          confirmation={form.field('password_confirmation')}
          labels={{ password: t('common.password'), confirmation: t('store.passwordAgain') }}
        />
        <button type="submit" className="s-btn" disabled={form.submitting}>
          {form.submitting ? t('common.saving') : t('store.register')}
        </button>
        <p className="s-small">
          {t('store.haveAccount')}{' '}
          <Link to="/login" className="s-link">
            {t('common.signIn')}
          </Link>
        </p>
      </form>
    </div>
  );
}
