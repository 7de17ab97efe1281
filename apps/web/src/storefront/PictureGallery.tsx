import { useTranslation } from 'react-i18next';
import { PICTURE_SIZES, responsiveImage } from './pictures';

/**
 * A product's pictures as its page shows them: the one at `index` large (the picture the server's drawing of the
 * page asks for first, the API's storefront/first-paint.ts), the others as thumbnails that show it. The product
 * page and the landing page decide which one is shown.
 */
export function PictureGallery({
  images,
  name,
  index,
  onChoose,
  testId,
}: {
  images: readonly { path: string }[];
  name: string;
  index: number;
  onChoose: (index: number) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  const current = images[index] ?? images[0];
  return (
    <div>
      <div className="s-gallery-main">
        {current && (
          <img
            data-testid={testId}
            {...responsiveImage(current.path, PICTURE_SIZES.product)}
            alt={name}
            width={1200}
            height={1200}
            fetchPriority="high"
          />
        )}
      </div>
      {images.length > 1 && (
        <ul className="s-thumbs" aria-label={t('store.pictures')}>
          {images.map((image, position) => (
            <li key={image.path}>
              <button
                type="button"
                aria-pressed={position === index}
                aria-label={t('store.showPicture', { index: position + 1, count: images.length })}
                onClick={() => onChoose(position)}
              >
                <img {...responsiveImage(image.path, PICTURE_SIZES.tile)} alt="" width={64} height={64} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
