import fs from 'node:fs/promises';
import path from 'node:path';
import fp from 'fastify-plugin';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** the From header; the platform's no-reply sender by default (message e-mails name the client's sender) */
  from?: string;
  replyTo?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const MAIL_FROM_ADDRESS = 'no-reply@learning.local';
const FROM = `Learning <${MAIL_FROM_ADDRESS}>`;

/** SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file to $DATA_DIR/outbox. */
export function createMailer(config: Config): Mailer {
  if (config.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(config.smtpUrl);
    return { async send(m) { await transport.sendMail({ from: FROM, ...m }); } };
  }
  const outbox = path.join(config.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: FROM, ...m });
      await fs.mkdir(outbox, { recursive: true });
      const safeTo = m.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      await fs.writeFile(path.join(outbox, `${Date.now()}-${safeTo}.eml`), info.message as Buffer);
    },
  };
}

export default fp<{ config: Config }>(async (app, { config }) => {
  app.decorate('mailer', createMailer(config));
}, { name: 'mail' });
