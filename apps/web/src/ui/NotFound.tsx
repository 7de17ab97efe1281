import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A real not-found page, for any path no route knows. Plain elements: it shows outside any area's frame too. */
export function NotFound({ home = '/', inShell = false }: { home?: string; inShell?: boolean }) {
  const { t } = useTranslation();
  const body = (
    <div className="plain-page plain-page-center">
      <p className="plain-page-code" aria-hidden>
        404
      </p>
      <h1>{t('common.notFoundTitle')}</h1>
      <p className="plain-page-muted">{t('common.notFoundText')}</p>
      <Link to={home}>{t('common.backHome')}</Link>
    </div>
  );
  // Inside a shell the shell already provides <main>.
  return inShell ? body : <main id="main">{body}</main>;
}
