import '../store.css';
import type { ResellerShopInfo } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, type FormEvent, useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError, get } from '../../lib/api';
import { takeEarlyAnswer } from '../../lib/early';
import { imageUrl } from '../../lib/image';
import { useNumber } from '../../lib/numbers';
import { NotFound } from '../../ui/NotFound';
import { type RouteHandle, usePageTitle } from '../../ui/Title';
import { useBootForPage } from '../boot';
import { Icon } from '../icons';
import { Loading } from '../Loading';
import { contrastRatio, readableTextOn } from '../store-theme';
import { hostShopSlug } from './host-shop';
import { readShopCart, type ShopCartLine, type ShopContext, writeShopCart } from './shop';

/**
 * The shop's search: the words go to its home page as `?q=` (name, SKU and the other names the shop's
 * product search knows), where ShopProducts lists what matches.
 */
function ShopSearch({ home }: { home: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [text, setText] = useState(params.get('q') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = text.trim();
    navigate(q ? `${home}?q=${encodeURIComponent(q)}` : home);
  };
  return (
    <search className="s-search">
      <form onSubmit={submit}>
        <label htmlFor={id} className="s-visually-hidden">
          {t('store.searchLabel')}
        </label>
        <input
          id={id}
          type="search"
          name="q"
          enterKeyHint="search"
          autoComplete="off"
          placeholder={t('store.searchLabel')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <button type="submit" aria-label={t('store.search')}>
          <Icon name="search" />
        </button>
      </form>
    </search>
  );
}

export const shopQuery = (slug: string) => ({
  queryKey: ['shop', slug],
  queryFn: () => get<ResellerShopInfo>(`/_public/shop/${encodeURIComponent(slug)}`),
  initialData: () => takeEarlyAnswer<ResellerShopInfo>(`/_public/shop/${encodeURIComponent(slug)}`),
  staleTime: 5 * 60_000,
  retry: (failures: number, error: Error) => !(error instanceof ApiError && error.status === 404) && failures < 2,
});

/**
 * A reseller's storefront at `/shop/{slug}`, or at `/` on their own host name: their shop name and colours in the header, their
 * categories, and a cart of its own; an unknown or suspended shop is a real not-found page.
 */
export default function ShopLayout() {
  const { t } = useTranslation();
  const number = useNumber();
  const slug = useParams().slug ?? hostShopSlug ?? '';
  const shop = useQuery(shopQuery(slug));
  // The shop's own name in the tab, not the site's: "Cart | Rina's Closet".
  const matches = useMatches();
  const handle = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const shopName = shop.data?.name ?? null;
  const routeTitle = handle?.title;
  usePageTitle(
    !shopName ? null : typeof routeTitle === 'function' ? routeTitle(shopName) : routeTitle ? `${t(routeTitle)} | ${shopName}` : shopName,
  );
  const [cart, setCartState] = useState<ShopCartLine[]>(() => readShopCart(slug));
  const setCart = useCallback(
    (lines: ShopCartLine[]) => {
      setCartState(lines);
      writeShopCart(slug, lines);
    },
    [slug],
  );
  // The server draws the shop's header, and on its product pages their top (#boot): those pages hand over themselves.
  const { pathname } = useLocation();
  useBootForPage(pathname, !shop.isError);

  if (shop.isPending) return <Loading />;
  if (shop.isError) {
    if (shop.error instanceof ApiError && shop.error.status === 404) return <NotFound />;
    return (
      <main id="main" className="plain-page plain-page-center">
        <h1>{t('common.errorTitle')}</h1>
        <p>{shop.error.message}</p>
        <button type="button" className="s-btn" onClick={() => void shop.refetch()}>
          {t('common.retry')}
        </button>
      </main>
    );
  }
  const info = shop.data;
  const base = hostShopSlug ? '' : `/shop/${info.slug}`;
  const context: ShopContext = { shop: info, path: (rest = '') => (rest ? `${base}/${rest}` : base || '/'), cart, setCart };
  const count = cart.reduce((sum, line) => sum + line.quantity, 0);
  const variables = {
    '--haat-primary': info.colors.primary,
    '--haat-on-primary': info.colors.header_text || readableTextOn(info.colors.primary),
    '--haat-accent': info.colors.secondary,
    '--haat-on-accent': readableTextOn(info.colors.secondary),
    // The accent as text (prices) only where it reads on white (AA), as the shop's own storefront does.
    '--haat-accent-text': contrastRatio(info.colors.secondary, '#ffffff') >= 4.5 ? info.colors.secondary : '#1f2330',
  } as CSSProperties;
  const logo = imageUrl(info.logo);

  return (
    <div className="store" style={variables} data-testid="reseller-shop">
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      <header className="s-header" data-testid="store-header">
        <div className="s-wrap">
          <div className="s-header-top">
            <Link to={context.path()} className="s-brand">
              {logo && <img src={logo} alt="" width={40} height={40} />}
              <span data-testid="shop-name">{info.name}</span>
            </Link>
            <div className="s-header-actions">
              <Link to={context.path('cart')} className="s-icon-link" aria-label={t('store.cartWithCount', { count })}>
                <Icon name="cart" />
                {count > 0 && (
                  <span className="s-badge" data-testid="cart-badge" aria-hidden="true">
                    {count > 99 ? `${number(99)}+` : number(count)}
                  </span>
                )}
              </Link>
            </div>
          </div>
          <div className="s-header-search">
            <ShopSearch home={context.path()} />
          </div>
          {info.categories.length > 0 && (
            <nav className="s-menu" aria-label={t('store.shopMenu')}>
              <Link to={context.path()}>{t('common.home')}</Link>
              {info.categories.map((category) => (
                <Link key={category.id} to={context.path(`category/${category.id}`)}>
                  {category.name}
                </Link>
              ))}
            </nav>
          )}
        </div>
      </header>
      <main id="main" className="s-main">
        <div className="s-wrap">
          <Outlet context={context} />
        </div>
      </main>
      <footer className="s-footer">
        <div className="s-wrap">
          {info.pages.length > 0 && (
            <nav aria-label={t('store.pages')}>
              <ul className="s-row" style={{ listStyle: 'none', padding: 0, gap: 16 }}>
                {info.pages.map((page) => (
                  <li key={page.slug}>
                    <Link to={context.path(`page/${page.slug}`)}>{page.title}</Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <p className="s-footer-copy">
            © {number(new Date().getFullYear(), { useGrouping: false })} {info.name}
            {info.phone && (
              <>
                {' · '}
                <a href={`tel:${info.phone}`}>{info.phone}</a>
              </>
            )}
          </p>
        </div>
      </footer>
    </div>
  );
}
