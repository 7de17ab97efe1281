import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSiteInfo } from '../../lib/site';
import { storeQueries } from '../api';
import { Banners } from '../Banners';
import { useBootHandover } from '../boot';
import { CategoryMenu } from '../CategoryMenu';
import { useCategoryUrl } from '../category-paths';
import { Icon } from '../icons';
import { ProductList } from '../ProductCard';
import { largeOf, PICTURE_SIZES, responsiveImage } from '../pictures';
import { Slider } from '../Slider';
import { WhenNear } from '../WhenNear';

function Section({ title, more, children, id }: { title: string; more?: { to: string; label: string }; children: ReactNode; id: string }) {
  return (
    <section className="s-section" aria-labelledby={id}>
      <div className="s-section-head">
        <h2 id={id}>{title}</h2>
        {more && (
          <Link to={more.to} className="s-link s-small">
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/**
 * The home page. Every section comes from its own call and shows only when that call answered
 * (seed §8: a failed catalogue, slider, offer, product list or campaign call is ignored).
 */
export default function Home() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const categoryUrl = useCategoryUrl();
  const queries = [
    useQuery(storeQueries.slider),
    useQuery(storeQueries.catalogue),
    useQuery(storeQueries.offers),
    useQuery(storeQueries.campaigns),
    useQuery(storeQueries.homeProducts),
  ] as const;
  // Sections show top to bottom: one whose call answers early waits for those above it, so nothing
  // already on screen is pushed down by a late answer (no layout shift).
  const settled = (index: number) => queries.slice(0, index + 1).every((query) => !query.isPending);
  const slider = settled(0) ? queries[0].data : undefined;
  const catalogue = settled(1) ? queries[1].data : undefined;
  const offers = settled(2) ? queries[2].data : undefined;
  const campaigns = (settled(3) ? queries[3].data?.campaigns : undefined) ?? [];
  // Best sellers come with the sliders but sit below the campaigns.
  const bestSellers = (settled(3) ? queries[0].data?.best_seller : undefined) ?? [];
  const home = settled(4) ? queries[4].data : undefined;
  // The server's drawing of the header, the category menu and the first slide gives way once the slider and the
  // menu are drawn here, in the same frame.
  useBootHandover(!queries[0].isPending && !queries[1].isPending);

  return (
    <>
      <h1 className="s-visually-hidden">{site ? t('store.welcome', { name: site.site_name }) : t('common.home')}</h1>
      <div className="s-home-top">
        {/* Its column is kept from the start on a wide screen: nothing moves when the catalogue answers. */}
        {catalogue && catalogue.categories.length > 0 ? (
          <CategoryMenu categories={catalogue.categories} />
        ) : (
          <div className="s-home-menu" />
        )}
        {queries[0].isPending ? (
          // The slider's place is kept while its call is out.
          <div className="s-slider" aria-hidden="true">
            <div className="s-slides" />
          </div>
        ) : slider && slider.sliders.length > 0 ? (
          <Slider slides={slider.sliders} />
        ) : (
          <div />
        )}
      </div>
      {slider && slider.slider_banner.length > 0 && (
        <div className="s-section">
          <Banners banners={slider.slider_banner} eager />
        </div>
      )}

      {catalogue && catalogue.categories.length > 0 && (
        <Section id="home-categories" title={t('store.categories')}>
          <ul className="s-scroller s-categories">
            {catalogue.categories.map((category) => {
              const picture = category.icon ?? category.image;
              return (
                <li key={category.id}>
                  <Link to={`/category/${category.slug}`} className="s-category">
                    {picture ? (
                      <img {...responsiveImage(picture, PICTURE_SIZES.tile)} alt="" width={64} height={64} loading="lazy" />
                    ) : (
                      <span aria-hidden="true" />
                    )}
                    {category.name}
                  </Link>
                </li>
              );
            })}
          </ul>
        </Section>
      )}

      {catalogue && catalogue.services.length > 0 && (
        <WhenNear>
          <section className="s-section s-services" aria-label={t('store.services')}>
            {catalogue.services.map((service) => (
              <div key={service.title} className="s-service">
                <Icon name={service.icon} />
                <div>
                  <h3>{service.title}</h3>
                  <p>{service.text}</p>
                </div>
              </div>
            ))}
          </section>
        </WhenNear>
      )}

      {offers && offers.offer_banner.length > 0 && (
        <WhenNear>
          <Section id="home-offers" title={t('store.offers')} more={{ to: '/offers', label: t('store.seeAllOffers') }}>
            <Banners banners={offers.offer_banner} />
          </Section>
        </WhenNear>
      )}

      {campaigns.length > 0 && (
        <WhenNear>
          <Section id="home-campaigns" title={t('store.campaigns')} more={{ to: '/campaigns', label: t('store.seeAll') }}>
            <ul className="s-scroller">
              {campaigns.map((campaign) => (
                <li key={campaign.id}>
                  <Link to={`/campaign/${campaign.slug}`} className="s-product">
                    <div className="s-banner">
                      {campaign.banner_thumbnail && (
                        <img
                          {...responsiveImage(largeOf(campaign.banner_thumbnail), PICTURE_SIZES.card)}
                          alt=""
                          width={400}
                          height={150}
                          loading="lazy"
                        />
                      )}
                    </div>
                    <span className="s-product-body s-product-name">{campaign.name}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </Section>
        </WhenNear>
      )}

      {bestSellers.length > 0 && (
        <WhenNear>
          <Section id="home-best" title={t('store.bestSellers')}>
            <ProductList products={bestSellers} row />
          </Section>
        </WhenNear>
      )}

      {home && home.featured.length > 0 && (
        <WhenNear>
          <Section id="home-featured" title={t('store.featured')}>
            <ProductList products={home.featured} row />
          </Section>
        </WhenNear>
      )}

      {home?.home_page_products
        .filter((row) => row.products.length > 0)
        .map((row) => (
          <WhenNear key={row.category.id}>
            <Section
              id={`home-category-${row.category.id}`}
              title={row.category.name}
              more={{ to: categoryUrl(row.category.slug), label: t('store.seeAll') }}
            >
              <ProductList products={row.products} row />
            </Section>
          </WhenNear>
        ))}
    </>
  );
}
