import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { createSecretBox, secretKey, type SecretBox } from '../../lib/secretBox.ts';
import { sealPlainPartnerSecrets } from '../../repositories/partnerProviders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** encrypts the secrets kept at rest (docs/security.md "Secrets at rest") */
    secretBox: SecretBox;
  }
}

/**
 * The secrets the server reads back, encrypted at rest (lib/secretBox.ts). Partner client secrets
 * stored in plain text before encryption existed are sealed once the server is ready.
 */
export default fp<{ config: Config }>(async (app, { config }) => {
  const box = createSecretBox(secretKey(config.partnerSecretKey, app.mediaSecret));
  app.decorate('secretBox', box);
  app.addHook('onReady', async () => {
    const sealed = await sealPlainPartnerSecrets(app.db, box);
    if (sealed) app.log.info({ sealed }, 'partner client secrets encrypted at rest');
  });
}, { name: 'secret-box', dependencies: ['media-links'] });
