import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { sharedTreeshake } from '../shared/src/bundling.ts';

// Served by the API server at /admin/ (it falls back to dist/index.html for /admin/*).
// Its tests are configured in vitest.projects.ts (run from the root's vitest.config.ts).
export default defineConfig({
  base: '/admin/',
  // brotli and gzip beside every asset: the server sends them as they are (plugins/external/static.ts)
  plugins: [react(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // the contract's schemas a screen never uses stay out of the bundle (shared/src/bundling.ts)
    rolldownOptions: { treeshake: sharedTreeshake },
  },
  server: {
    port: 5173,
    // ws: the realtime socket (/api/realtime) goes through the dev proxy too
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
