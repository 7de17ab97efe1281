import { SESSION_STATUS } from '@haat/contracts';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, NavLink, Outlet, redirect, useNavigate } from 'react-router';
import { post } from '../../lib/api';
import { dateLocaleReady } from '../../lib/i18n';
import { queryClient } from '../../lib/query';
import { clearSession, sessionQueries } from '../../lib/session';
import { toast } from '../../ui/toast/toast';
import { refreshCart } from '../api';
import { useShopper } from '../session';

/** Every account page needs a signed-in shopper; the others go to sign in and come back. */
export async function loader({ request }: LoaderFunctionArgs) {
  const [answer] = await Promise.all([queryClient.fetchQuery(sessionQueries.user).catch(() => null), dateLocaleReady()]);
  if (answer?.status !== SESSION_STATUS.authorized) {
    throw redirect(`/login?next=${encodeURIComponent(new URL(request.url).pathname)}`);
  }
  return null;
}

export default function AccountLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useShopper();
  const signOut = async () => {
    try {
      await post('/_public/logout');
      clearSession('user');
      queryClient.removeQueries({ queryKey: ['store', 'account'] });
      refreshCart();
      navigate('/', { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };
  return (
    <div className="s-stack">
      {user && <p className="s-muted">{t('store.signedInAs', { name: user.name })}</p>}
      <nav aria-label={t('store.account')} className="s-tabs">
        <NavLink to="/account" end>
          {t('store.profile')}
        </NavLink>
        <NavLink to="/account/orders">{t('store.myOrders')}</NavLink>
        <NavLink to="/account/addresses">{t('store.addresses')}</NavLink>
        <button type="button" className="s-btn s-btn-secondary s-btn-small" onClick={() => void signOut()}>
          {t('common.signOut')}
        </button>
      </nav>
      <Outlet />
    </div>
  );
}
