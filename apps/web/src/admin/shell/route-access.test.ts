import { isPermission } from '@haat/contracts';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../../app-routes';
import { ANY_STAFF, mayOpen, PUBLIC, ROUTE_ACCESS, routeAccess } from './route-access';
import { joinPath } from './route-guard';

// The portals' route modules add their words to i18next as they load; the router's shape needs none.
vi.mock('../../lib/i18n', () => ({ addTranslations: () => undefined }));

interface Screen {
  path: string;
  route: RouteObject;
}

/** Every route that shows a screen (a leaf with its own code), with its full path. */
function screens(routes: RouteObject[], base = ''): Screen[] {
  return routes.flatMap((route) => {
    const path = route.index ? base : joinPath(base, route.path);
    if (route.children) return screens(route.children, path);
    return route.lazy || route.element ? [{ path, route }] : [];
  });
}

const adminScreens = screens(appRoutes).filter((screen) => /^\/(admin|backend)(\/|$)/.test(screen.path));

describe('who may open each back-office screen', () => {
  it('gives every back-office screen its permission (or says it is open to any staff member, or public)', () => {
    expect(adminScreens.length).toBeGreaterThan(100);
    const undeclared = adminScreens.filter((screen) => screen.route.lazy && !routeAccess(screen.path)).map((screen) => screen.path);
    expect(undeclared).toEqual([]);
    for (const screen of adminScreens) {
      const access = routeAccess(screen.path);
      if (access) expect(access === ANY_STAFF || access === PUBLIC || isPermission(access), `${screen.path}: ${access}`).toBe(true);
    }
  });

  it('declares no path the router does not have', () => {
    const paths = new Set(adminScreens.map((screen) => screen.path));
    expect(Object.keys(ROUTE_ACCESS).filter((path) => !paths.has(path))).toEqual([]);
  });

  it('puts every screen with code of its own behind the guard', async () => {
    const { guardAdminRoutes } = await import('./route-guard');
    const source = [{ path: '/admin', lazy: async () => ({}), children: [{ path: 'role', lazy: async () => ({}) }] }];
    const [shell] = guardAdminRoutes(source as RouteObject[]);
    expect(shell?.lazy).toBe(source[0]?.lazy);
    expect(shell?.children?.[0]?.lazy).not.toBe(source[0]?.children[0]?.lazy);
    // The app's own routes are the guarded ones: a screen's lazy is the guard's, not the screen module's.
    const roles = adminScreens.find((screen) => screen.path === '/admin/role');
    expect(String(roles?.route.lazy)).toContain('guardScreen');
    // Open screens load as they are, without the guard's code.
    const login = adminScreens.find((screen) => screen.path === '/admin/login');
    expect(String(login?.route.lazy)).not.toContain('guardScreen');
  });

  it('asks the permission each kind of screen needs', () => {
    expect(routeAccess('/admin/role')).toBe('role.view');
    expect(routeAccess('/admin/role/add')).toBe('role.create');
    expect(routeAccess('/admin/permissions/edit/role/:id')).toBe('role.update');
    expect(routeAccess('/admin/add/product')).toBe('product.create');
    expect(routeAccess('/backend/attribute/edit/:id')).toBe('attribute.update');
    expect(routeAccess('/admin/delivery/charge')).toBe('delivery.charge.manage');
    expect(routeAccess('/admin/order/process/:status/:type?')).toBe('order.view');
    expect(routeAccess('/admin/payment/setup')).toBe('payment.setup.manage');
    // Online payments (decision 062): the declared lists answer to their descriptors' view permissions.
    expect(routeAccess('/admin/payment/list')).toBe('payment.view');
    expect(routeAccess('/admin/payment/reconciliation')).toBe('payment.reconcile');
    expect(routeAccess('/admin/payment/reconciliation/items')).toBe('payment.reconcile');
    expect(routeAccess('/admin/dashboard')).toBe(ANY_STAFF);
    expect(routeAccess('/admin/site/configuration')).toBe(PUBLIC);
  });

  it('lets a super admin open everything and a staff member only what they hold', () => {
    expect(mayOpen(['*'], 'role.view')).toBe(true);
    expect(mayOpen(['order.view'], 'role.view')).toBe(false);
    expect(mayOpen(['role.view'], 'role.view')).toBe(true);
    expect(mayOpen([], ANY_STAFF)).toBe(true);
    // A screen nobody declared opens to super admins only.
    expect(mayOpen(['role.view'], undefined)).toBe(false);
    expect(mayOpen(['*'], undefined)).toBe(true);
  });
});
