/** apps/api/dist/main.js, the compiled API. */
export const API_BUNDLE: string;
/** `node` arguments that run the compiled API as production does (flags, then the bundle). */
export const API_NODE_ARGS: string[];
/** Environment variables production runs the compiled API with, under the caller's own (which should win). */
export const API_NODE_ENV: Record<string, string>;
/** Builds the API when a source is newer than the bundle (or always with `force`); answers whether it built. */
export function buildApi(options?: { force?: boolean }): Promise<boolean>;
