import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders its children once their place comes within `margin` (a screen) of the viewport (or at once when the
 * address points into it, `#id`): sections far down a page — the home page's lower rows, a product's
 * reviews with the dates they format — cost a phone nothing while the top of the page loads. Their
 * place is kept meanwhile by an empty block (`className`, 300 px high by default).
 */
export function WhenNear({
  children,
  className = 's-section s-placeholder',
  anchor,
  margin = '100%',
}: {
  children: ReactNode;
  className?: string;
  anchor?: string;
  /** How far below the screen it starts (a screen by default). */
  margin?: string;
}) {
  const [near, setNear] = useState(() => anchor !== undefined && typeof location !== 'undefined' && location.hash === `#${anchor}`);
  const marker = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = marker.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), {
      rootMargin: `${margin} 0px`,
    });
    observer.observe(element);
    const onHash = () => anchor !== undefined && location.hash === `#${anchor}` && setNear(true);
    window.addEventListener('hashchange', onHash);
    return () => {
      observer.disconnect();
      window.removeEventListener('hashchange', onHash);
    };
  }, [near, anchor, margin]);
  return near ? children : <div ref={marker} className={className} />;
}
