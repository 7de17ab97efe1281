import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts'],
          // One migrated database per run that every test file's database copies (decision 033).
          globalSetup: ['apps/api/src/test/global-setup.ts'],
          // One worker process runs file after file (decision 043): the packages Node has loaded (Fastify,
          // Drizzle, PGlite and its compiled WebAssembly) are loaded once rather than once per file, while
          // fresh-modules.ts has every file evaluate the project's own modules afresh, as an isolated run does.
          // No API test mocks a module (a mock would outlive its file here).
          isolate: false,
          setupFiles: ['apps/api/src/test/fresh-modules.ts'],
        },
      },
      {
        extends: true,
        // The web app's and the contracts' unit tests stay one process per file: some mock modules.
        test: { name: 'web', include: ['apps/web/src/**/*.test.ts', 'apps/web/src/**/*.test.tsx', 'packages/*/src/**/*.test.ts'] },
      },
    ],
  },
});
