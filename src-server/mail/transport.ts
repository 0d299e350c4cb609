/**
 * Where mails go: an SMTP server through nodemailer when `SMTP_URL` is set; otherwise nowhere but
 * the outbox table and the server's log, which prints each mail's links, so that `npm start` needs
 * no mail server and a developer can still follow a reset link.
 */
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { ComposedMail } from './compose';

export interface OutgoingMail extends ComposedMail {
  to: string;
  /** Stable per outbox row: a mail retried after an unknown outcome carries the same Message-ID. */
  messageId: string;
}

export interface MailTransport {
  /** `smtp` or `log`, for the log and the health of tests. */
  readonly kind: 'smtp' | 'log';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl, { from });
  // nodemailer's defaults wait minutes for a server that does not answer: a lease is a minute.
  Object.assign(transporter.options, {
    connectionTimeout: 15_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: mail.messageId,
      });
    },
    close: () => transporter.close(),
  };
}

export function logTransport(log: Logger): MailTransport {
  return {
    kind: 'log',
    async send(mail) {
      log.info(
        { to: mail.to, subject: mail.subject, links: mail.links },
        'mail kept in the outbox (no SMTP_URL): its links',
      );
    },
    close: () => undefined,
  };
}
