/** E-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the message is written to the log. */
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; log: Pick<FastifyBaseLogger, 'info'> }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(msg) {
        opts.log.info({ mail: msg }, `e-mail (SMTP not configured) to ${msg.to}: ${msg.subject}\n${msg.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(opts.smtpUrl);
  return {
    async send(msg) {
      await transport.sendMail({ from: opts.from, to: msg.to, subject: msg.subject, text: msg.text });
    },
  };
}

/** Keeps messages in memory: used by tests to read a recovery link. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(msg: MailMessage) {
    this.sent.push(msg);
  }
}
