import '@mantine/core/styles.css';
import './mantine-frame.css';
import { MantineProvider } from '@mantine/core';
import { Outlet } from 'react-router';
import { dateLocaleReady } from '../lib/i18n';
import { theme } from './theme';

/**
 * The back office and the reseller and merchant portals are built with Mantine; the storefront is
 * not (it must stay small for phones on slow networks). This frame, loaded on demand, wraps only
 * their route trees, so Mantine's code and styles never reach a shopper.
 */
export default function MantineFrame() {
  return (
    <MantineProvider theme={theme}>
      <Outlet />
    </MantineProvider>
  );
}

/** Back-office screens format dates as they render: the date language is in place first. */
export async function loader() {
  await dateLocaleReady();
  return null;
}
