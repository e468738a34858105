/// <reference types="vitest/config" />
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import preact from '@preact/preset-vite';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { EAGER_ERRORS, LAZY_NAMESPACES } from './src/lib/messageNamespaces.ts';
import { sharedTreeshake } from '../shared/src/bundling.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const localesDir = path.resolve(here, '../locales');
const PREFIX = 'virtual:portal-messages/';

/**
 * `import('virtual:portal-messages/en')` → only the `portal` and `errors` namespaces of
 * locales/en.json, without the lazy ones (src/lib/messageNamespaces.ts);
 * `import('virtual:portal-messages/en/games')` → `{portal: {games}}` alone, loaded with its page;
 * the first holds only EAGER_ERRORS of `errors`, `virtual:portal-messages/en/errors` all of them.
 * The files also hold the admin's keys, which the portal never shows.
 */
function portalMessages(): Plugin {
  const lazy: readonly string[] = LAZY_NAMESPACES;
  return {
    name: 'portal-messages',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const [lang, namespace] = id.slice(PREFIX.length + 1).split('/');
      if (!lang || !/^[a-z-]+$/.test(lang)) throw new Error(`bad locale ${lang}`);
      if (namespace !== undefined && namespace !== 'errors' && !lazy.includes(namespace)) throw new Error(`not a lazy message namespace: ${namespace}`);
      const file = path.join(localesDir, `${lang}.json`);
      this.addWatchFile(file);
      const all = JSON.parse(fs.readFileSync(file, 'utf8')) as { portal?: Record<string, unknown>; errors?: Record<string, unknown> };
      const portal = all.portal ?? {};
      const errors = all.errors ?? {};
      if (namespace === 'errors') return `export default ${JSON.stringify({ errors })};`;
      if (namespace !== undefined) return `export default ${JSON.stringify({ portal: { [namespace]: portal[namespace] ?? {} } })};`;
      const eager = Object.fromEntries(Object.entries(portal).filter(([name]) => !lazy.includes(name)));
      const eagerErrors = Object.fromEntries(Object.entries(errors).filter(([code]) => (EAGER_ERRORS as readonly string[]).includes(code)));
      return `export default ${JSON.stringify({ portal: eager, errors: eagerErrors })};`;
    },
  };
}

/**
 * react-easy-crop (the profile picture's crop dialog) takes `Component`, `createElement` and
 * `createRef` from `react`: preact's own, which preact/compat only re-exports (compat's hooks on
 * preact's options, installed by the entry, still apply). Given preact itself, the dialog's chunk
 * does not import compat, which would split compat out of the first load into a chunk of its own.
 */
function reactEasyCropOnPreact(): Plugin {
  return {
    name: 'react-easy-crop-on-preact',
    enforce: 'pre',
    resolveId(id, importer) {
      if ((id === 'react' || id === 'preact/compat') && importer && /[\\/]react-easy-crop[\\/]/.test(importer)) {
        return this.resolve('preact', importer, { skipSelf: true });
      }
      return null;
    },
  };
}

export default defineConfig({
  base: '/',
  // brotli and gzip beside every asset: the server sends them as they are (plugins/external/static.ts)
  plugins: [
    preact(), portalMessages(), reactEasyCropOnPreact(), compression({ algorithms: ['brotliCompress', 'gzip'], threshold: 1024 }),
    // the service worker of src/sw.ts (app shell, downloaded files): main.tsx registers it after the
    // page loaded, so it weighs nothing on the first load; no web app manifest (not an installable app)
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: false,
      injectManifest: {
        // every page's code, styles and texts, and pdf.js's worker (a downloaded PDF opens offline)
        globPatterns: ['**/*.{js,mjs,css,html}'],
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    // swr is written for React: preact/compat stands in for it (the preset aliases it too)
    alias: [
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: 'react/jsx-runtime', replacement: 'preact/jsx-runtime' },
      // swr's CommonJS shim would `require('react')` past the alias; compat has the hook itself
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: 'preact/compat' },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // bench/bundle-size.mjs reads it: what each page downloads (the asset names are public anyway)
    manifest: true,
    rolldownOptions: {
      // the contract's schemas a page never uses stay out of the bundle (shared/src/bundling.ts)
      treeshake: sharedTreeshake,
      // shared's paths are string constants of one module (contract/collections.ts) that the entry
      // and the lazy pages both use: inlined where used, they need no chunk of their own
      optimization: { inlineConst: { mode: 'all' } },
      // the chunk the entry and the lazy pages share would be named after a random module in it
      output: { chunkFileNames: (chunk) => (chunk.isDynamicEntry ? 'assets/[name]-[hash].js' : 'assets/common-[hash].js') },
    },
  },
  // ws: the realtime socket (/api/realtime) goes through the dev proxy too
  server: { proxy: { '/api': { target: 'http://localhost:3000', ws: true } } },
  test: {
    name: 'portal',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // as the admin's: a loaded two-core machine took a render past the 5 s default
    testTimeout: 20_000,
    // screens show times in the user's (the browser's) zone: one zone for the runs on every machine
    env: { TZ: 'UTC' },
    // run swr and react-easy-crop through vite so their `react` import becomes preact/compat, not the admin's React 19
    server: { deps: { inline: [/[\\/]node_modules[\\/](swr|react-easy-crop)[\\/]/] } },
  },
});
