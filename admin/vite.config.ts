import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Served by the API server at /admin/ (it falls back to dist/index.html for /admin/*).
// Its tests are configured in vitest.projects.ts (run from the root's vitest.config.ts).
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    // ws: the realtime socket (/api/realtime) goes through the dev proxy too
    proxy: { '/api': { target: 'http://localhost:3000', ws: true } },
  },
});
