import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePhrase } from '../lib/phrases';
import { type Bound, TextField } from './fields';

/**
 * A new password and its confirmation (sign-up, password reset): the length hint under the first, the
 * contract's messages under each ("The two passwords do not match" under the second), and one "Show
 * passwords" box that shows both as text, for a shopper typing on a phone.
 */
export function PasswordFields({
  password,
  confirmation,
  labels,
}: {
  password: Bound;
  confirmation: Bound;
  /** The two fields' labels ("Password" / "Password again", "New password" / "New password again"). */
  labels: { password: string; confirmation: string };
}) {
  const { t } = useTranslation();
  const phrase = usePhrase();
  const [shown, setShown] = useState(false);
  const type = shown ? 'text' : 'password';
  return (
    <>
      <TextField label={labels.password} field={password} type={type} autoComplete="new-password" hint={t('store.passwordHint')} required />
      <TextField label={labels.confirmation} field={confirmation} type={type} autoComplete="new-password" required />
      <label className="s-check">
        <input type="checkbox" checked={shown} onChange={(event) => setShown(event.currentTarget.checked)} />
        {phrase('Show passwords')}
      </label>
    </>
  );
}
