import type { PublicBanner } from '@haat/contracts';
import { Link } from 'react-router';
import { PICTURE_SIZES, responsiveImage } from './pictures';

function BannerImage({ banner, eager }: { banner: PublicBanner; eager: boolean }) {
  return (
    <img
      {...responsiveImage(banner.image, PICTURE_SIZES.banner)}
      alt={banner.title}
      width={800}
      height={300}
      loading={eager ? 'eager' : 'lazy'}
    />
  );
}

/** Offer and slider banners, each linking where the shop set it to. */
export function Banners({ banners, eager = false }: { banners: PublicBanner[]; eager?: boolean }) {
  return (
    <div className="s-banners">
      {banners.map((banner) =>
        banner.link ? (
          <Link key={banner.id} to={banner.link} className="s-banner">
            <BannerImage banner={banner} eager={eager} />
          </Link>
        ) : (
          <div key={banner.id} className="s-banner">
            <BannerImage banner={banner} eager={eager} />
          </div>
        ),
      )}
    </div>
  );
}
