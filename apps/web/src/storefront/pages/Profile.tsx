import { customerProfileInput, type PersonView } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get, put } from '../../lib/api';
import { queryClient } from '../../lib/query';
import { sessionQueries } from '../../lib/session';
import { useZodForm } from '../../ui/useZodForm';
import { FormAlert, TextField } from '../fields';
import { Loading } from '../Loading';

const profileQuery = {
  queryKey: ['store', 'account', 'profile'],
  queryFn: () => get<{ user: PersonView }>('/_public/account/profile'),
};

function ProfileForm({ user }: { user: PersonView }) {
  const { t } = useTranslation();
  const [saved, setSaved] = useState<string | null>(null);
  const form = useZodForm(customerProfileInput, { name: user.name, phone: user.phone, email: user.email ?? '' });
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
        required
      />
      <TextField label={t('store.emailOptional')} field={form.field('email')} type="email" autoComplete="email" />
      <button type="submit" className="s-btn" disabled={form.submitting}>
        {form.submitting ? t('common.saving') : t('common.save')}
      </button>
    </form>
  );
}

/** `/account`: the shopper's profile, to edit. */
export default function Profile() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  return (
    <div className="s-stack s-narrow" style={{ margin: 0 }}>
      <h1>{t('store.account')}</h1>
      {profile.data ? (
        <ProfileForm user={profile.data.user} />
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
