import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 600,
  },
  server: {
    // `npm run dev -w @haat/web` serves the pages with hot reload and sends the calls to the API.
    proxy: Object.fromEntries(['/api', '/_public', '/check', '/logout', '/storage', '/public/storage'].map((path) => [path, api])),
  },
});
