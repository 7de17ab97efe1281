import { customerProfileInput, type PersonView, type SignInMethods, SOCIAL_PROVIDER_NAMES } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, del, get, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { sessionQueries } from '../../lib/session';
import { useStorefrontInfo } from '../../lib/site';
import { useZodForm } from '../../ui/useZodForm';
import { FormAlert, TextField } from '../fields';
import { Loading } from '../Loading';
import { socialError } from './Login';

const profileQuery = {
  queryKey: ['store', 'account', 'profile'],
  queryFn: () => get<{ user: PersonView }>('/_public/account/profile'),
};

function ProfileForm({ user }: { user: PersonView }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm(customerProfileInput, { name: user.name, phone: user.phone ?? '', email: user.email ?? '' });
  const submit = form.onSubmit(async (_parsed, values) => {
    setSaved(null);
    const answer = await put<{ user: PersonView; message: string }>('/_public/account/profile', values);
    queryClient.setQueryData(profileQuery.queryKey, { user: answer.user });
    queryClient.setQueryData(sessionQueries.user.queryKey, (current: object | undefined) => ({ ...current, user: answer.user }));
    setSaved(answer.message);
  });
  return (
    <form onSubmit={submit} noValidate className="s-card s-stack">
      <FormAlert>{form.formError}</FormAlert>
      <FormAlert ok>{saved}</FormAlert>
      <TextField label={t('common.name')} field={form.field('name')} autoComplete="name" required />
      <TextField
        label={t('store.mobileNumber')}
        field={form.field('phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        hint={user.phone ? undefined : t('store.addPhoneHint')}
        required={Boolean(user.phone) || !user.email}
      />
      <TextField label={t('store.emailOptional')} field={form.field('email')} type="email" autoComplete="email" />
      <button type="submit" className="s-btn" disabled={form.submitting}>
        {form.submitting ? t('common.saving') : t('common.save')}
      </button>
    </form>
  );
}

const methodsQuery = {
  queryKey: ['store', 'account', 'sign-in-methods'],
  queryFn: () => get<SignInMethods>('/_public/account/sign-in-methods'),
};

/**
 * How the shopper can sign in: their password, and Google / Facebook when the shop offers them —
 * linked ones can be unlinked while a password remains, others linked through the provider.
 */
function SignInMethodsCard() {
  const { t } = useTranslation();
  const methods = useQuery(methodsQuery);
  const offered = useStorefrontInfo()?.social_login ?? [];
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  if (!methods.data) return null;
  const { password, identities } = methods.data;
  const providers = [...new Set([...identities.map((identity) => identity.provider), ...offered.map((entry) => entry.provider)])];
  const unlink = async (provider: string) => {
    setBusy(true);
    setNotice(null);
    try {
      const answer = await del<SignInMethods & { message: string }>(`/_public/account/sign-in-methods/${provider}`);
      queryClient.setQueryData(methodsQuery.queryKey, { password: answer.password, identities: answer.identities });
      setNotice({ ok: true, text: t('store.unlinked') });
    } catch (error) {
      setNotice({ ok: false, text: error instanceof ApiError ? error.message : String(error) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="s-card s-stack" aria-labelledby="sign-in-methods">
      <h2 id="sign-in-methods">{t('store.signInMethods')}</h2>
      <FormAlert ok={notice?.ok}>{notice?.text}</FormAlert>
      <ul className="s-methods">
        <li>
          <span>{t('store.passwordMethod')}</span>
          <span className="s-small">{password ? t('store.passwordSet') : t('store.noPassword')}</span>
        </li>
        {providers.map((provider) => {
          const identity = identities.find((each) => each.provider === provider);
          const start = offered.find((entry) => entry.provider === provider)?.start_url;
          return (
            <li key={provider}>
              <span>
                {SOCIAL_PROVIDER_NAMES[provider]}
                <br />
                <span className="s-small">
                  {identity ? (identity.email ? t('store.linkedAs', { email: identity.email }) : t('store.linked')) : t('store.notLinked')}
                </span>
              </span>
              {identity ? (
                password ? (
                  <button type="button" className="s-btn s-btn-secondary s-btn-small" disabled={busy} onClick={() => unlink(provider)}>
                    {t('store.unlink', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
                  </button>
                ) : (
                  <span className="s-small">{t('store.onlyWayIn')}</span>
                )
              ) : (
                start && (
                  <a className="s-btn s-btn-secondary s-btn-small" href={`${start}?next=${encodeURIComponent('/account')}`}>
                    {t('store.link', { provider: SOCIAL_PROVIDER_NAMES[provider] })}
                  </a>
                )
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** `/account`: the shopper's profile, to edit, and how they sign in. */
export default function Profile() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const [params] = useSearchParams();
  const social = socialError(params.get('social_error'));
  return (
    <div className="s-stack s-narrow" style={{ margin: 0 }}>
      <h1>{t('store.account')}</h1>
      <FormAlert>{social ? t(`store.socialErrors.${social}`) : null}</FormAlert>
      {profile.data ? (
        <>
          <ProfileForm user={profile.data.user} />
          <SignInMethodsCard />
        </>
      ) : profile.isError ? (
        <p className="s-alert" role="alert">
          {profile.error.message}
        </p>
      ) : (
        <Loading />
      )}
    </div>
  );
}
