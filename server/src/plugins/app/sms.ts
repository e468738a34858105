import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

export interface SmsMessage {
  /** the number as the user stored it: area code and number, digits only */
  to: string;
  text: string;
}

export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

/**
 * spec 1 §2.1 recovery by SMS: a generic HTTP provider when SMS_URL is set (POST JSON {to, text},
 * Bearer SMS_TOKEN); otherwise each message is written to $DATA_DIR/outbox as a .sms file, so the
 * flow works on a fresh machine (DESIGN "One server": mail without SMTP_URL works the same way).
 */
export function createSmsSender(config: Pick<Config, 'smsUrl' | 'smsToken' | 'dataDir'>): SmsSender {
  const { smsUrl, smsToken } = config;
  if (smsUrl) {
    return {
      async send(m) {
        const res = await fetch(smsUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(smsToken ? { authorization: `Bearer ${smsToken}` } : {}) },
          body: JSON.stringify({ to: m.to, text: m.text }),
          signal: AbortSignal.timeout(10_000),
        });
        if (!res.ok) throw new Error(`SMS provider answered ${res.status}`);
      },
    };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  return {
    async send(m) {
      await fs.mkdir(outbox, { recursive: true });
      await fs.writeFile(path.join(outbox, `${Date.now()}-${m.to.replace(/\D/g, '')}.sms`), `To: ${m.to}\n\n${m.text}\n`);
    },
  };
}

export default fp<{ config: Config }>(async (app, { config }) => {
  app.decorate('sms', createSmsSender(config));
}, { name: 'sms' });
