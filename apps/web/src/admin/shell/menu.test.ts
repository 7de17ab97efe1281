import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app-routes';
import { MENU } from './menu';

// The portals' route modules add their words to i18next as they load; the router's shape needs none.
vi.mock('../../lib/i18n', () => ({ addTranslations: () => undefined }));

/** The route a path lands on: the deepest match, which is a catch-all when no screen exists. */
function screenOf(path: string): RouteObject | undefined {
  const url = new URL(path, 'http://haat.test');
  return matchRoutes(appRoutes, url.pathname)?.at(-1)?.route;
}

describe('the back office menu', () => {
  it('has a screen behind every item: no item opens "Page not found"', () => {
    const items = MENU.flatMap((group) => group.items.map((item) => ({ ...item, group: group.label })));
    expect(items.length).toBeGreaterThan(20);
    const nowhere = items.filter((item) => {
      const route = screenOf(item.to);
      return !route || route.path === '*';
    });
    expect(nowhere.map((item) => `${item.group} › ${item.label} (${item.to})`)).toEqual([]);
  });

  it('tells a missing screen from a real one', () => {
    expect(screenOf('/admin/dashboard')?.path).toBe('dashboard');
    expect(screenOf('/admin/no/such/screen')?.path).toBe('*');
  });
});
