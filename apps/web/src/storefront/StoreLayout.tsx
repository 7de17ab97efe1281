import { THEME_DEFAULTS } from '@haat/contracts';
import { Anchor, Container, Group, Image, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { imageUrl } from '../lib/image';
import { siteQueries, useSiteInfo, useStorefrontInfo } from '../lib/site';
import { MarketingTags } from './MarketingTags';
import { useShopper } from './session';
import { fontStack, fontStylesheet, readableTextOn } from './store-theme';

const SOCIAL = [
  ['facebook_url', 'Facebook'],
  ['instagram_url', 'Instagram'],
  ['youtube_url', 'YouTube'],
  ['tiktok_url', 'TikTok'],
] as const;

/** A menu or footer link: inside the shop through the router, anywhere else as a plain link. */
function ShopLink({ to, children, color, weight }: { to: string; children: string; color: string; weight?: number }) {
  return to.startsWith('/') ? (
    <Anchor component={Link} to={to} c={color} fz="sm" fw={weight}>
      {children}
    </Anchor>
  ) : (
    <Anchor href={to} c={color} fz="sm" fw={weight} rel="noopener">
      {children}
    </Anchor>
  );
}

/** Adds the theme's web font once (nothing for the system font). */
function useThemeFont(font: string | undefined) {
  useEffect(() => {
    const href = font ? fontStylesheet(font as never) : null;
    if (!href || document.querySelector(`link[data-theme-font][href="${CSS.escape(href)}"]`)) return;
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.href = href;
    link.dataset.themeFont = '';
    document.head.append(link);
  }, [font]);
}

/** The browser tab's icon from the general settings' favicon. */
function useFavicon(path: string | null | undefined) {
  useEffect(() => {
    const url = imageUrl(path);
    if (!url) return;
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    if (!link) return;
    const previous = { href: link.href, type: link.type };
    link.href = url;
    link.type = 'image/webp';
    return () => {
      link.href = previous.href;
      link.type = previous.type;
    };
  }, [path]);
}

/** The storefront's header and footer around every public page, in the shop's theme. */
export default function StoreLayout() {
  const site = useSiteInfo();
  const info = useStorefrontInfo();
  const configuration = useQuery(siteQueries.configuration).data;
  const { t, i18n } = useTranslation();
  const { user } = useShopper();
  const theme = info?.theme_setting ?? THEME_DEFAULTS;
  const header = info?.header_setting;
  const footer = info?.footer_setting;
  const onPrimary = readableTextOn(theme.primary_color);
  const onAccent = readableTextOn(theme.accent_color);
  const font = fontStack(theme.font_family);
  useThemeFont(theme.font_family);
  useFavicon(site?.favicon);
  const siteName = site?.site_name ?? 'Haat';
  const logo = imageUrl(site?.logo);
  const closed = configuration?.storefront_enabled === false;
  const socials = SOCIAL.filter(([key]) => footer?.[key]);
  const themeVariables = {
    '--haat-primary': theme.primary_color,
    '--haat-accent': theme.accent_color,
    '--haat-on-accent': onAccent,
    ...(font ? { '--mantine-font-family': font, '--mantine-font-family-headings': font, fontFamily: font } : {}),
  } as CSSProperties;

  return (
    <Stack gap={0} mih="100vh" style={themeVariables}>
      <MarketingTags marketing={info?.marketing_setting} />
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {header?.announcement_text && (
        <Text ta="center" fz="sm" fw={600} py={6} px="md" style={{ background: theme.accent_color, color: onAccent }}>
          {header.announcement_text}
        </Text>
      )}
      <header data-testid="store-header" style={{ background: theme.primary_color, color: onPrimary }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to="/" c={onPrimary} fw={800} fz="xl" underline="never">
              <Group gap="xs" wrap="nowrap">
                {logo && <Image src={logo} alt="" h={36} w="auto" fit="contain" />}
                <span>{siteName}</span>
              </Group>
            </Anchor>
            <Group gap="md" wrap="nowrap">
              {header?.phone && (
                <Anchor href={`tel:${header.phone.replace(/[^\d+]/g, '')}`} c={onPrimary} fz="sm" fw={600} visibleFrom="sm">
                  {header.phone}
                </Anchor>
              )}
              <NativeSelect
                aria-label={t('common.language')}
                size="xs"
                value={i18n.language}
                onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
                data={LANGUAGES.map((language) => ({ value: language.code, label: language.label }))}
              />
              <Anchor component={Link} to={user ? '/account' : '/login'} c={onPrimary} fz="sm" fw={600}>
                {user ? t('store.account') : t('common.signIn')}
              </Anchor>
            </Group>
          </Group>
          {header && header.menu_links.length > 0 && (
            <Group component="nav" aria-label="Shop menu" gap="lg" mt="xs" wrap="wrap">
              {header.menu_links.map((link) => (
                <ShopLink key={`${link.label}-${link.url}`} to={link.url} color={onPrimary} weight={600}>
                  {link.label}
                </ShopLink>
              ))}
            </Group>
          )}
        </Container>
      </header>
      <main id="main" style={{ flex: 1 }}>
        {closed ? (
          <Container size="sm" py={64}>
            <Stack>
              <Title order={1}>{siteName} is closed for now</Title>
              <Text fz="lg">{configuration?.maintenance_message}</Text>
            </Stack>
          </Container>
        ) : (
          <Outlet />
        )}
      </main>
      <footer style={{ background: '#10112f', color: '#e6e7f2' }}>
        <Container size="lg" py="lg">
          <Group justify="space-between" align="flex-start" gap="xl">
            <Stack gap={4} maw={420}>
              <Text fw={700}>{siteName}</Text>
              {footer?.about_text && <Text fz="sm">{footer.about_text}</Text>}
              {(footer?.address || site?.address) && <Text fz="sm">{footer?.address || site?.address}</Text>}
              {site?.contact_phone && (
                <Anchor href={`tel:${site.contact_phone}`} c="#e6e7f2" fz="sm">
                  {site.contact_phone}
                </Anchor>
              )}
              {site?.contact_email && (
                <Anchor href={`mailto:${site.contact_email}`} c="#e6e7f2" fz="sm">
                  {site.contact_email}
                </Anchor>
              )}
            </Stack>
            {socials.length > 0 && (
              <Stack gap={4}>
                <Text fw={700} fz="sm">
                  Follow us
                </Text>
                {socials.map(([key, label]) => (
                  <ShopLink key={key} to={footer?.[key] ?? ''} color="#e6e7f2">
                    {label}
                  </ShopLink>
                ))}
              </Stack>
            )}
            <Stack gap={4}>
              <Anchor component={Link} to="/dropshipper/login" c="#e6e7f2" fz="sm">
                Resellers
              </Anchor>
              <Anchor component={Link} to="/merchant/login" c="#e6e7f2" fz="sm">
                Merchants
              </Anchor>
            </Stack>
          </Group>
          <Text fz="xs" mt="lg" c="#c9cbe0">
            {footer?.copyright || `© ${new Date().getFullYear()} ${siteName}`}
          </Text>
        </Container>
      </footer>
    </Stack>
  );
}
