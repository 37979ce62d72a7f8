import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Files sent with it (an invoice's PDF); only mails written when their job runs carry them. */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
  /** Throws when mail could not be sent now (readiness); a mailer without it is taken as able. */
  verify?(): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise a development outbox: one .eml file per mail under
 * DATA_DIR/outbox, with the mail's text (and so its link) in the log.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /** Connect, greeting and idle-socket limit: a stalled SMTP server fails a send instead of holding it. */
  timeoutMs?: number;
}): Mailer {
  if (opts.smtpUrl) {
    const timeoutMs = opts.timeoutMs ?? 10_000;
    const transport = nodemailer.createTransport({
      url: opts.smtpUrl,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      dnsTimeout: timeoutMs,
    });
    return {
      send: async (mail) => {
        await transport.sendMail({ from: opts.from, ...mail });
      },
      // Connects, greets and signs in, as a send would, without sending.
      verify: async () => {
        await transport.verify();
      },
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    verify: async () => {
      await fs.mkdir(outbox, { recursive: true });
      await fs.access(outbox, fs.constants.W_OK);
    },
    send: async (mail) => {
      const info = await transport.sendMail({ from: opts.from, ...mail });
      const file = path.join(
        outbox,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`,
      );
      const write = () => fs.writeFile(file, info.message as Buffer);
      // The folder is made when a write finds it missing, not before every mail.
      await write().catch(async (err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        await fs.mkdir(outbox, { recursive: true });
        await write();
      });
      opts.log.info({ to: mail.to, file }, `Mail "${mail.subject}" written to the outbox:\n${mail.text}`);
    },
  };
}
