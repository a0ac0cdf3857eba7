import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/** Sends mail: through SMTP when SMTP_URL is set, else into the data folder's outbox as .eml files. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
  close(): void;
}

/** Creates the mailer the configuration asks for. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: options.from, ...mail });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${info.messageId.replace(/[^a-zA-Z0-9]/g, '')}.eml`,
      );
      writeFileSync(file, info.message as Buffer);
      const links = mail.text.match(/https?:\/\/\S+/g) ?? [];
      options.log.info(
        { to: mail.to, subject: mail.subject, file, links },
        'mail written to outbox (SMTP_URL is not set)',
      );
    },
    close: () => transport.close(),
  };
}
