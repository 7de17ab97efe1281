/** apps/api/dist/main.js, the compiled API. */
export const API_BUNDLE: string;
/** Builds the API when a source is newer than the bundle (or always with `force`); answers whether it built. */
export function buildApi(options?: { force?: boolean }): Promise<boolean>;
