/// <reference types="vite/client" />

interface ImportMetaEnv {
  readonly VITE_OAUTH_CLIENT_ID?: string;
  readonly VITE_OAUTH_CLIENT_SECRET?: string;
}

declare module 'virtual:portal-messages/*' {
  import type { MessageTree } from './lib/i18n.ts';
  const messages: MessageTree;
  export default messages;
}
