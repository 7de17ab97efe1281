import { type Location, Outlet, ScrollRestoration } from 'react-router';
import { ProgressBar } from './ui/ProgressBar';
import { TitleSync } from './ui/Title';
import { Toaster } from './ui/toast/Toaster';

/**
 * Where a page's scroll position is kept. Every page a browser loads afresh (typed, linked from an SMS, or a
 * gateway's redirect back) has the same history key, "default": kept under it, the checkout's position would be
 * restored on the pay page the gateway sends the shopper back to. Such a page is kept under its address instead.
 */
const scrollKey = (location: Location) => (location.key === 'default' ? `${location.pathname}${location.search}` : location.key);

/** Around every page: the loading bar, the toasts and the title. */
export function Root() {
  return (
    <>
      <ProgressBar />
      <TitleSync />
      <Outlet />
      <Toaster />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}
