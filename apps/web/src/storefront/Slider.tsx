import type { PublicSlider } from '@haat/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PICTURE_SIZES, responsiveImage } from './pictures';

/** Seed §9: carousels turn every 5000 ms. */
export const CAROUSEL_INTERVAL_MS = 5000;

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/**
 * The home sliders: turns every 5 s, stops while the pointer or the keyboard focus is on it and when
 * paused with its button; with reduced motion asked for it starts paused. Previous, next and one
 * button per slide work from the keyboard.
 */
export function Slider({ slides }: { slides: PublicSlider[] }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(prefersReducedMotion);
  const [held, setHeld] = useState(false);
  // Until the first picture is in, the others wait: they must not share the line with it.
  const [firstShown, setFirstShown] = useState(false);
  const count = slides.length;
  const rotating = count > 1 && !paused && !held;

  useEffect(() => {
    if (!rotating) return;
    const timer = window.setInterval(() => setIndex((current) => (current + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [rotating, count]);

  if (count === 0) return null;
  const show = (next: number) => setIndex((next + count) % count);

  return (
    // Rotation stops while the pointer or the keyboard is on the slider (WCAG 2.2.2); the pause button is the explicit way.
    // biome-ignore lint/a11y/noNoninteractiveElementInteractions: see above
    <section
      className="s-slider"
      aria-roledescription="carousel"
      aria-label={t('store.highlights')}
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setHeld(false);
      }}
    >
      <div className="s-slides" aria-live={rotating ? 'off' : 'polite'}>
        {slides.map((slide, position) => {
          const picture = responsiveImage(slide.image, PICTURE_SIZES.wide);
          const first = position === 0;
          const image = (
            // biome-ignore lint/a11y/noNoninteractiveElementInteractions: load and error of an image, not a user's action
            <img
              {...picture}
              alt={[slide.title, slide.subtitle].filter(Boolean).join(' — ')}
              width={1200}
              height={450}
              loading={first ? 'eager' : 'lazy'}
              // The first slide is the page's largest picture: fetch it before anything else.
              fetchPriority={first ? 'high' : 'auto'}
              decoding={first ? 'sync' : 'async'}
              onLoad={first ? () => setFirstShown(true) : undefined}
              onError={first ? () => setFirstShown(true) : undefined}
            />
          );
          if (!first && !firstShown && position !== index) return <div key={slide.id} className="s-slide" hidden />;
          return (
            // The APG carousel pattern: each slide a group described as a "slide".
            // biome-ignore lint/a11y/useSemanticElements: see above
            <div
              key={slide.id}
              className="s-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={t('store.slideOf', { index: position + 1, count })}
              hidden={position !== index}
            >
              {slide.link ? (
                slide.link.startsWith('/') ? (
                  <Link to={slide.link} tabIndex={position === index ? 0 : -1}>
                    {image}
                  </Link>
                ) : (
                  <a href={slide.link} rel="noopener" tabIndex={position === index ? 0 : -1}>
                    {image}
                  </a>
                )
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      {count > 1 && (
        <div className="s-slider-controls">
          <button type="button" onClick={() => setPaused(!paused)} aria-label={paused ? t('store.playSlides') : t('store.pauseSlides')}>
            {paused ? '▶' : '❚❚'}
          </button>
          <button type="button" onClick={() => show(index - 1)} aria-label={t('store.previousSlide')}>
            ‹
          </button>
          {slides.map((slide, position) => (
            <button
              key={slide.id}
              type="button"
              className="s-dot"
              aria-label={t('store.showSlide', { index: position + 1 })}
              aria-current={position === index}
              onClick={() => show(position)}
            >
              <span />
            </button>
          ))}
          <button type="button" onClick={() => show(index + 1)} aria-label={t('store.nextSlide')}>
            ›
          </button>
        </div>
      )}
    </section>
  );
}
