import type { ComponentType } from 'react';
import type { LoaderFunction, LoaderFunctionArgs, RouteObject } from 'react-router';
import { loadChunk } from '../../lib/lazy';
import { queryClient } from '../../lib/query';
import { sessionQueries } from '../../lib/session';
import { ANY_STAFF, mayOpen, PUBLIC, type RouteAccess, routeAccess } from './route-access';

/** A route's full path: its parents' paths and its own, as route-access.ts keys them. */
export function joinPath(base: string, path: string | undefined): string {
  if (!path) return base;
  if (path.startsWith('/')) return path;
  return `${base === '/' ? '' : base}/${path}`;
}

/**
 * Puts every back-office screen behind its access (route-access.ts): the screen's own component and
 * loader run only for someone who may open it; anyone else gets the "no access" screen, with no
 * data asked for. Routes that only redirect (`element`) lead to a guarded screen and stay as they are.
 */
export function guardAdminRoutes(routes: RouteObject[], base = ''): RouteObject[] {
  return routes.map((route) => {
    const fullPath = route.index ? base : joinPath(base, route.path);
    const children = route.children ? guardAdminRoutes(route.children, fullPath) : undefined;
    // The shell itself (a route with children) checks the session; its screens are guarded one by one.
    if (children) return { ...route, children } as RouteObject;
    if (!route.lazy || typeof route.lazy !== 'function') return route;
    const access = routeAccess(fullPath);
    // Open screens (sign-in, the dashboard's welcome, one's profile) need no guard, nor its code.
    if (access === PUBLIC || access === ANY_STAFF) return route;
    // Below the shell's route the shell gives the frame and <main>; a top-level screen (the print sheet) has neither.
    const inShell = base !== '';
    const original = route.lazy;
    return {
      ...route,
      lazy: async () => {
        const [screen, { guardScreen }] = await Promise.all([
          original() as Promise<{ Component?: ComponentType | null; loader?: LoaderFunction }>,
          loadChunk('route-guard', () => import('./NoAccess')),
        ]);
        return {
          ...screen,
          ...(screen.Component ? { Component: guardScreen(screen.Component, access, inShell) } : {}),
          ...(typeof screen.loader === 'function' ? { loader: guardLoader(screen.loader, access) } : {}),
        };
      },
    } as RouteObject;
  });
}

/** A screen's loader runs only for someone who may open the screen (the guard then shows "no access"). */
function guardLoader(loader: LoaderFunction, access: RouteAccess | undefined): LoaderFunction {
  return async (args: LoaderFunctionArgs) => {
    const session = await queryClient.fetchQuery(sessionQueries.admin).catch(() => null);
    if (session?.admin && !mayOpen(session.admin.permissions, access)) return null;
    return loader(args);
  };
}
