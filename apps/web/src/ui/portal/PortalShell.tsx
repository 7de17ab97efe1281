import type { PersonView } from '@haat/contracts';
import { AppShell, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { usePhrase } from '../../lib/phrases';
import { sessionQueries } from '../../lib/session';
import { useSiteInfo } from '../../lib/site';
import { toast } from '../toast/toast';
import { type Portal, portalSignOut } from './portal';
import { PortalContext } from './portal-context';

export interface PortalLink {
  /** Declared in English (or already in the reader's language): shown through `phrase`. */
  label: string;
  to: string;
}

/** The frame of a reseller's or merchant's pages: their name, their menu, sign out. */
export function PortalShell({ portal, links }: { portal: Portal; links: PortalLink[] }) {
  const [opened, { toggle }] = useDisclosure();
  const { t } = useTranslation();
  const phrase = usePhrase();
  const site = useSiteInfo();
  const navigate = useNavigate();
  const location = useLocation();
  const person = usePortalPerson(portal);
  const title = phrase(portal.title);

  const signOut = async () => {
    try {
      await portalSignOut(portal);
      navigate(`${portal.base}/login`, { replace: true });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger opened={opened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label={phrase('Toggle navigation')} />
            <Text fw={800} c="#161745">
              {site?.site_name ?? 'Haat'} · {title}
            </Text>
          </Group>
          <Group gap="sm" wrap="nowrap">
            <Text fz="sm" fw={600} visibleFrom="xs" data-testid="portal-person">
              {person?.name}
            </Text>
            <Button variant="default" size="xs" onClick={() => void signOut()}>
              {t('common.signOut')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label={title} style={{ overflowY: 'auto' }}>
        <Stack gap={2}>
          {links.map((link) => (
            <NavLink key={link.to} component={Link} to={link.to} label={phrase(link.label)} active={location.pathname === link.to} />
          ))}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main id="main">
        <PortalContext.Provider value={portal}>
          <Outlet />
        </PortalContext.Provider>
      </AppShell.Main>
    </AppShell>
  );
}

export function usePortalPerson(portal: Portal): PersonView | null {
  return useQuery(sessionQueries[portal.kind]).data?.person ?? null;
}
