import { loginSchema, type PersonView, SESSION_STATUS, SOCIAL_ERROR_CODES, type SocialErrorCode } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { Link, type LoaderFunctionArgs, redirect, useLocation, useNavigate, useSearchParams } from 'react-router';
import { post } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { rememberToken, sessionQueries } from '../../lib/session';
import { useZodForm } from '../../ui/useZodForm';
import { refreshCart } from '../api';
import { FormAlert, TextField } from '../fields';
import { SocialButtons } from '../SocialButtons';

/** Only paths inside the shop: `?next=https://elsewhere` must not send a shopper away. */
export function safeNext(next: string | null, fallback = '/account'): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : fallback;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const answer = await queryClient.fetchQuery(sessionQueries.user).catch(() => null);
  if (answer?.status === SESSION_STATUS.authorized) throw redirect(safeNext(new URL(request.url).searchParams.get('next')));
  return null;
}

/** The answer of sign-in and sign-up: the session is kept, the guest cart joined to the customer's. */
export function signedIn(answer: { status: string; user: PersonView; token: string }) {
  rememberToken('user', answer.token);
  queryClient.setQueryData(sessionQueries.user.queryKey, { status: answer.status, user: answer.user });
  refreshCart();
}

/** Why a Google or Facebook sign-in came back unfinished (`?social_error=` from the callback), or null. */
export function socialError(code: string | null): SocialErrorCode | null {
  return SOCIAL_ERROR_CODES.find((known) => known === code) ?? null;
}

/** Shoppers sign in with their phone number or email, or with Google or Facebook when the shop offers them. */
export default function Login() {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // After a password reset: "Your new password is set", and the phone filled in.
  const after = useLocation().state as { notice?: string; login?: string } | null;
  const form = useZodForm(loginSchema, { login: after?.login ?? '', password: '' });
  const social = socialError(params.get('social_error'));
  const submit = form.onSubmit(async (input) => {
    signedIn(await post('/_public/login', input));
    navigate(next, { replace: true });
  });
  return (
    <div className="s-narrow">
      <form onSubmit={submit} noValidate className="s-card s-stack">
        <h1>{t('store.signInTitle')}</h1>
        <FormAlert>{social ? t(`store.socialErrors.${social}`) : null}</FormAlert>
        <SocialButtons next={next} />
        <FormAlert ok>{after?.notice}</FormAlert>
        <FormAlert>{form.formError}</FormAlert>
        <TextField label={t('common.phoneOrEmail')} field={form.field('login')} autoComplete="username" inputMode="email" required />
        <TextField label={t('common.password')} field={form.field('password')} type="password" autoComplete="current-password" required />
        <p className="s-small">
          <Link to="/forgot-password" className="s-link">
            {phrase('Forgot your password?')}
          </Link>
        </p>
        <button type="submit" className="s-btn" disabled={form.submitting}>
          {form.submitting ? t('common.signingIn') : t('common.signIn')}
        </button>
        <p className="s-small">
          {t('store.noAccount')}{' '}
          <Link to={`/register${params.get('next') ? `?next=${encodeURIComponent(next)}` : ''}`} className="s-link">
            {t('store.register')}
          </Link>
        </p>
      </form>
    </div>
  );
}
