/** E-mail: SMTP through nodemailer when SMTP_URL is set, otherwise the message is written to the log. */
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** files sent with the message (a scheduled report's file); the log names them without their content */
  attachments?: MailAttachment[];
}

export interface Mailer {
  send(msg: MailMessage): Promise<void>;
}

export function createMailer(opts: { smtpUrl?: string; from: string; log: Pick<FastifyBaseLogger, 'info'> }): Mailer {
  if (!opts.smtpUrl) {
    return {
      async send(msg) {
        const attachments = msg.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.length }));
        const mail = { ...msg, attachments };
        const files = attachments?.length ? `\n[attached: ${attachments.map((a) => `${a.filename} (${a.size} bytes)`).join(', ')}]` : '';
        opts.log.info({ mail }, `e-mail (SMTP not configured) to ${msg.to}: ${msg.subject}\n${msg.text}${files}`);
      },
    };
  }
  const smtpUrl = opts.smtpUrl;
  // nodemailer is loaded with the first message, not at start (docs/decisions/platform.md, "Lean start")
  let transport: Promise<Transporter> | undefined;
  return {
    async send(msg) {
      transport ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      await (await transport).sendMail({ from: opts.from, to: msg.to, subject: msg.subject, text: msg.text, attachments: msg.attachments });
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
