import './store.css';
import { THEME_DEFAULTS } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { get } from '../lib/api';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { imageUrl } from '../lib/image';
import { formatNumber, useNumber } from '../lib/numbers';
import { usePhrase } from '../lib/phrases';
import { siteQueries, useSiteInfo, useStorefrontInfo } from '../lib/site';
import { useCart } from './api';
import { useBootForPage } from './boot';
import { Icon } from './icons';
import { MarketingTags } from './MarketingTags';
import { SearchBox } from './SearchBox';
import { useShopper } from './session';
import { contrastRatio, fontStack, fontStylesheet, readableTextOn } from './store-theme';

const SOCIAL = [
  ['facebook_url', 'Facebook'],
  ['instagram_url', 'Instagram'],
  ['youtube_url', 'YouTube'],
  ['tiktok_url', 'TikTok'],
] as const;

const footerPagesQuery = {
  queryKey: ['store', 'pages'],
  queryFn: () =>
    get<{ pages: { title: string; slug: string; show_in_footer: boolean }[] }>('/_public/pages')
      .then((answer) => answer.pages)
      .catch(() => []),
  staleTime: 10 * 60_000,
};

/** A menu or footer link: inside the shop through the router, anywhere else as a plain link. */
function ShopLink({ to, children }: { to: string; children: ReactNode }) {
  return to.startsWith('/') ? (
    <Link to={to}>{children}</Link>
  ) : (
    <a href={to} rel="noopener">
      {children}
    </a>
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

function CartLink() {
  const { t } = useTranslation();
  const number = useNumber();
  const count = useCart().data?.item_count ?? 0;
  return (
    <Link to="/cart" className="s-icon-link" aria-label={t('store.cartWithCount', { count })}>
      <Icon name="cart" />
      {count > 0 && (
        <span className="s-badge" data-testid="cart-badge" aria-hidden="true">
          {count > 99 ? `${number(99)}+` : number(count)}
        </span>
      )}
    </Link>
  );
}

/** The storefront's header and footer around every public page, in the shop's theme (plain React, no Mantine). */
export default function StoreLayout() {
  const site = useSiteInfo();
  const info = useStorefrontInfo();
  const configuration = useQuery(siteQueries.configuration).data;
  const pages = useQuery(footerPagesQuery).data ?? [];
  const { t, i18n } = useTranslation();
  const phrase = usePhrase();
  const { user } = useShopper();

  const theme = info?.theme_setting ?? THEME_DEFAULTS;
  const header = info?.header_setting;
  const footer = info?.footer_setting;
  const font = fontStack(theme.font_family);
  useThemeFont(theme.font_family);
  useFavicon(site?.favicon);
  const siteName = site?.site_name ?? '';
  const logo = imageUrl(site?.logo);
  const closed = configuration?.storefront_enabled === false;
  // The server's drawing of the page's top (#boot) stays over a page that draws its own top from the same answers
  // (home, listing, product) until that page hands over; on any other page, or while the shop is closed, it goes at once.
  const { pathname } = useLocation();
  useBootForPage(pathname, !closed);
  const socials = SOCIAL.filter(([key]) => footer?.[key]);
  const footerPages = pages.filter((page) => page.show_in_footer);
  const themeVariables = {
    '--haat-primary': theme.primary_color,
    '--haat-on-primary': readableTextOn(theme.primary_color),
    '--haat-accent': theme.accent_color,
    '--haat-on-accent': readableTextOn(theme.accent_color),
    // The accent as text on white only where it reads (AA); otherwise near-black.
    '--haat-accent-text': contrastRatio(theme.accent_color, '#ffffff') >= 4.5 ? theme.accent_color : '#1f2330',
    ...(font ? { fontFamily: font } : {}),
  } as CSSProperties;

  return (
    <div className="store" style={themeVariables}>
      <MarketingTags marketing={info?.marketing_setting} />
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {header?.announcement_text && <p className="s-announce">{header.announcement_text}</p>}
      <header className="s-header" data-testid="store-header">
        <div className="s-wrap">
          <div className="s-header-top">
            <Link to="/" className="s-brand">
              {logo && <img src={logo} alt="" height={32} />}
              <span>{siteName}</span>
            </Link>
            <div className="s-header-actions">
              {header?.phone && (
                <a className="s-icon-link s-header-phone" href={`tel:${header.phone.replace(/[^\d+]/g, '')}`}>
                  <Icon name="phone" />
                  {header.phone}
                </a>
              )}
              <select
                className="s-lang"
                aria-label={t('common.language')}
                value={i18n.language}
                onChange={(event) => void changeLanguage(event.currentTarget.value as Language)}
              >
                {LANGUAGES.map((language) => (
                  <option key={language.code} value={language.code} lang={language.code}>
                    {language.label}
                  </option>
                ))}
              </select>
              <Link to={user ? '/account' : '/login'} className="s-icon-link" aria-label={user ? t('store.account') : t('common.signIn')}>
                <Icon name="user" />
              </Link>
              <CartLink />
            </div>
          </div>
          <div className="s-header-search">
            <SearchBox />
          </div>
          {header && header.menu_links.length > 0 && (
            <nav className="s-menu" aria-label={t('store.shopMenu')}>
              {header.menu_links.map((link) => (
                <ShopLink key={`${link.label}-${link.url}`} to={link.url}>
                  {link.label}
                </ShopLink>
              ))}
            </nav>
          )}
        </div>
      </header>
      <main id="main" className="s-main">
        <div className="s-wrap">
          {closed ? (
            <div className="s-card s-stack">
              <h1>{t('store.closedTitle', { name: siteName })}</h1>
              <p>{configuration?.maintenance_message}</p>
            </div>
          ) : (
            <Outlet />
          )}
        </div>
      </main>
      <footer className="s-footer">
        <div className="s-wrap">
          <div className="s-footer-grid">
            <section aria-labelledby="footer-shop">
              <h2 id="footer-shop">{siteName}</h2>
              <div className="s-stack" style={{ gap: 4 }}>
                {footer?.about_text && <p>{footer.about_text}</p>}
                {(footer?.address || site?.address) && <p>{footer?.address || site?.address}</p>}
                {site?.contact_phone && <a href={`tel:${site.contact_phone}`}>{site.contact_phone}</a>}
                {site?.contact_email && <a href={`mailto:${site.contact_email}`}>{site.contact_email}</a>}
              </div>
            </section>
            <section aria-labelledby="footer-help">
              <h2 id="footer-help">{t('store.help')}</h2>
              <ul>
                <li>
                  <Link to="/track">{t('store.trackOrder')}</Link>
                </li>
                <li>
                  <Link to="/offers">{t('store.offers')}</Link>
                </li>
                <li>
                  <Link to="/campaigns">{t('store.campaigns')}</Link>
                </li>
                <li>
                  <Link to="/page/contact">{t('store.contactUs')}</Link>
                </li>
                {footerPages.map((page) => (
                  <li key={page.slug}>
                    {/* The shop's own title; the demo shop's pages, kept in its English, are in the phrasebook. */}
                    <Link to={`/page/${page.slug}`}>{phrase(page.title)}</Link>
                  </li>
                ))}
              </ul>
            </section>
            {socials.length > 0 && (
              <section aria-labelledby="footer-follow">
                <h2 id="footer-follow">{t('store.followUs')}</h2>
                <ul>
                  {socials.map(([key, label]) => (
                    <li key={key}>
                      <ShopLink to={footer?.[key] ?? ''}>{label}</ShopLink>
                    </li>
                  ))}
                </ul>
              </section>
            )}
            <section aria-labelledby="footer-business">
              <h2 id="footer-business">{t('store.business')}</h2>
              <ul>
                <li>
                  <a href="/dropshipper/login">{t('store.resellers')}</a>
                </li>
                <li>
                  <a href="/merchant/login">{t('store.merchants')}</a>
                </li>
              </ul>
            </section>
          </div>
          <p className="s-footer-copy">
            {footer?.copyright || `© ${formatNumber(new Date().getFullYear(), i18n.language, { useGrouping: false })} ${siteName}`}
          </p>
        </div>
      </footer>
    </div>
  );
}
