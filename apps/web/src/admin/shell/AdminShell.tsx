import { SESSION_STATUS } from '@haat/contracts';
import { AppShell, Burger } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, redirect, useLocation, useNavigate } from 'react-router';
import { get } from '../../lib/api';
import { usePhrase } from '../../lib/phrases';
import { queryClient } from '../../lib/query';
import { route } from '../../lib/routes';
import { clearSession, sessionQueries } from '../../lib/session';
import { onProductionHost } from '../../lib/site';
import { ResourceAccessProvider } from '../../ui/resource/access';
import { useCan } from '../useAdmin';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';

const HOST_GUARDED = [/^\/admin\/dashboard\/?$/, /^\/admin\/products(\/|$)/, /^\/admin\/order\/process(\/|$)/];

/**
 * Admin pages need an admin session (seed §6). `/check/session/admin` answers RUNNING (the admin is
 * stored) or EXPIRED (the token is removed and the visitor goes to adminLogin).
 */
export async function loader({ request }: { request: Request }) {
  const path = new URL(request.url).pathname;
  if (HOST_GUARDED.some((pattern) => pattern.test(path)) && !(await onProductionHost())) throw redirect('/');
  const answer = await queryClient.fetchQuery(sessionQueries.admin).catch(() => null);
  if (answer?.status !== SESSION_STATUS.running) {
    clearSession('admin');
    throw redirect(route('adminLogin'));
  }
  return null;
}

export default function AdminShell() {
  const [opened, { toggle, close }] = useDisclosure();
  const navigate = useNavigate();
  const location = useLocation();
  const phrase = usePhrase();
  const { t } = useTranslation();

  // Shell load check (/api/check/authenticate): unauthenticate removes admin_token; network errors are only logged.
  useEffect(() => {
    get<{ status: string }>('/api/check/authenticate')
      .then((answer) => {
        if (answer.status === SESSION_STATUS.unauthenticate) {
          clearSession('admin');
          navigate('/admin/login', { replace: true });
        }
      })
      .catch((error) => console.error(error));
  }, [navigate]);

  // Backend check when the tab comes back: a session that ended elsewhere goes to backend_login.
  useEffect(() => {
    const check = () => {
      if (document.visibilityState !== 'visible') return;
      get<{ status: string }>('/api/admin/authenticate/check')
        .then((answer) => {
          if (answer.status === SESSION_STATUS.unauthorized) {
            clearSession('admin');
            navigate(route('backend_login'), { replace: true });
          }
        })
        .catch(() => {
          clearSession('admin');
          navigate(route('backend_login'), { replace: true });
        });
    };
    document.addEventListener('visibilitychange', check);
    return () => document.removeEventListener('visibilitychange', check);
  }, [navigate]);

  // Between a sign-out and the login page there is no admin to show.
  const signedIn = Boolean(useQuery(sessionQueries.admin).data?.admin);

  // The menu closes on mobile after a move.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every route change
  useEffect(() => close(), [location.pathname]);

  if (!signedIn) return null;
  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <AppShell.Header>
        <TopBar
          burger={
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={phrase('Menu')}
              aria-controls="admin-side-menu"
            />
          }
        />
      </AppShell.Header>
      <AppShell.Navbar id="admin-side-menu">
        <SideMenu />
      </AppShell.Navbar>
      <AppShell.Main id="main" tabIndex={-1}>
        <AdminResourceAccess>
          <Outlet />
        </AdminResourceAccess>
      </AppShell.Main>
    </AppShell>
  );
}

/** The list and form machinery asks the signed-in admin's permissions. */
function AdminResourceAccess({ children }: { children: ReactNode }) {
  const can = useCan();
  const mayReadLog = can('audit.view');
  const historyPath = useCallback(
    (entity: string, id: string) =>
      mayReadLog ? `/admin/audit/log?${new URLSearchParams({ 'filter[entity]': entity, 'filter[entity_id]': id })}` : null,
    [mayReadLog],
  );
  return (
    <ResourceAccessProvider can={can} historyPath={historyPath}>
      {children}
    </ResourceAccessProvider>
  );
}
