import { Outlet, ScrollRestoration } from 'react-router';
import { ProgressBar } from './ui/ProgressBar';
import { TitleSync } from './ui/Title';
import { Toaster } from './ui/toast/Toaster';

/** Around every page: the loading bar, the toasts and the title. */
export function Root() {
  return (
    <>
      <ProgressBar />
      <TitleSync />
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
