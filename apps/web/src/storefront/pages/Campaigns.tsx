import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { storeQueries } from '../api';
import { Countdown } from '../Countdown';
import { Loading } from '../Loading';
import { PICTURE_SIZES, responsiveImage } from '../pictures';

/** `/campaigns`: the campaigns running now. */
export default function Campaigns() {
  const { t } = useTranslation();
  const query = useQuery(storeQueries.campaigns);
  const campaigns = query.data?.campaigns ?? [];
  return (
    <div className="s-stack">
      <h1>{t('store.campaigns')}</h1>
      {query.isPending && <Loading />}
      {!query.isPending && campaigns.length === 0 && <p className="s-empty">{t('store.noCampaigns')}</p>}
      <ul className="s-grid" style={{ gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))' }}>
        {campaigns.map((campaign) => (
          <li key={campaign.id} className="s-product">
            <Link to={`/campaign/${campaign.slug}`} style={{ textDecoration: 'none' }}>
              <div className="s-banner">
                {campaign.banner_image && (
                  <img {...responsiveImage(campaign.banner_image, PICTURE_SIZES.banner)} alt="" width={400} height={150} loading="lazy" />
                )}
              </div>
              <h2 className="s-product-body">{campaign.name}</h2>
            </Link>
            <div className="s-product-body">
              <Countdown endsAt={campaign.ends_at} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
