import type { ComponentType } from 'react';
import type { LoaderFunction } from 'react-router';

/** Lazily loaded pieces that do not arrive within this time fail with a chunk-load error (seed §9). */
export const LAZY_LOAD_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly type: 'missing' | 'timeout',
    readonly request: string,
  ) {
    super(type === 'timeout' ? `Loading chunk ${request} timed out.` : `Loading chunk ${request} failed (missing).`);
  }
}

/** Wraps a dynamic import: a time-out or a failed fetch becomes a ChunkLoadError. */
export function loadChunk<Module>(name: string, importer: () => Promise<Module>, timeoutMs = LAZY_LOAD_TIMEOUT_MS): Promise<Module> {
  return new Promise<Module>((resolve, reject) => {
    const timer = window.setTimeout(() => reject(new ChunkLoadError('timeout', name)), timeoutMs);
    importer().then(
      (module) => {
        window.clearTimeout(timer);
        resolve(module);
      },
      () => {
        window.clearTimeout(timer);
        reject(new ChunkLoadError('missing', name));
      },
    );
  });
}

/**
 * A route's `lazy` loader: the module's default export is the screen; an optional `loader` export
 * runs before it renders.
 */
export function lazyRoute(name: string, importer: () => Promise<{ default: ComponentType; loader?: LoaderFunction }>) {
  return async (): Promise<{ Component: ComponentType; loader?: LoaderFunction }> => {
    const module = await loadChunk(name, importer);
    return module.loader ? { Component: module.default, loader: module.loader } : { Component: module.default };
  };
}
