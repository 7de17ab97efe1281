import path from 'node:path';

/**
 * `apps/api`: one folder above this file in the sources (`src/paths.ts`) and above the compiled
 * bundle (`dist/main.js`), so files found from here are found both when run from source (tests,
 * `npm run dev`) and compiled (`npm start`). Never use `import.meta.dirname` elsewhere: in the
 * bundle every module's dirname is `dist/`.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..');
