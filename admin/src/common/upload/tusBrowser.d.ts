// The browser build of tus-js-client (what Vite bundles); tests load it explicitly because
// vitest resolves the Node build, which cannot read a File and never stores resume URLs.
declare module 'tus-js-client/lib/browser/index.js' {
  export * from 'tus-js-client';
}
