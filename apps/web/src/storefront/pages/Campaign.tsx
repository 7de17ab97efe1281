import type { ProductCard, PublicCampaignProduct } from '@haat/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError, get } from '../../lib/api';
import { useSiteInfo } from '../../lib/site';
import { NotFound } from '../../ui/NotFound';
import { usePageTitle } from '../../ui/Title';
import { Countdown } from '../Countdown';
import { Loading } from '../Loading';
import { ProductList } from '../ProductCard';
import { PICTURE_SIZES, responsiveImage } from '../pictures';

interface CampaignAnswer {
  campaign: {
    id: number;
    name: string;
    slug: string;
    description: string;
    starts_at: string;
    ends_at: string;
    banner_image: string | null;
  };
  products: PublicCampaignProduct[];
}

/** A campaign's product as the storefront's card (the campaign price is the price now). */
const asCard = (product: PublicCampaignProduct): ProductCard => ({
  id: product.id,
  name: product.name,
  slug: product.slug,
  thumbnail: product.thumbnail,
  price: product.campaign_price,
  retail_price: product.retail_price,
  discount_percent: product.saving_percent,
  in_stock: product.stock > 0,
  rating: { average: 0, count: 0 },
});

/** `/campaign/:slug`: a running campaign, the countdown to its end, and its products at campaign price. */
export default function Campaign() {
  const { t } = useTranslation();
  const site = useSiteInfo();
  const { slug = '' } = useParams();
  // Seed §8: a failed campaign call is not an error page; a campaign that is not running is not found.
  const query = useQuery({
    queryKey: ['store', 'campaign', slug],
    queryFn: () => get<CampaignAnswer>(`/_public/campaign/${encodeURIComponent(slug)}`),
    staleTime: 60_000,
  });
  const campaign = query.data?.campaign;
  usePageTitle(campaign && site ? `${campaign.name} | ${site.site_name}` : null);
  if (query.error instanceof ApiError && query.error.status === 404) return <NotFound inShell />;
  if (!campaign) return <Loading />;
  return (
    <div className="s-stack">
      {campaign.banner_image && (
        <div className="s-banner">
          <img {...responsiveImage(campaign.banner_image, PICTURE_SIZES.wide)} alt="" width={1200} height={450} fetchPriority="high" />
        </div>
      )}
      <h1>{campaign.name}</h1>
      <Countdown endsAt={campaign.ends_at} />
      {campaign.description && <p>{campaign.description}</p>}
      {query.data && query.data.products.length > 0 ? (
        <ProductList products={query.data.products.map(asCard)} eagerCount={2} />
      ) : (
        <p className="s-empty">{t('store.noProducts')}</p>
      )}
    </div>
  );
}
