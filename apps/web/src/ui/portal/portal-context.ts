import { createContext, useContext } from 'react';
import { PORTALS, type Portal } from './portal';

/** The portal whose pages are showing (PortalShell provides it): shared pages read their API and paths from it. */
export const PortalContext = createContext<Portal>(PORTALS.reseller);

export function usePortal(): Portal {
  return useContext(PortalContext);
}
