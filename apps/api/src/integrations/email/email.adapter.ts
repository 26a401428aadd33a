import nodemailer from 'nodemailer';
import type { Print } from '../local-console';

/** `idempotencyKey`: the same for every attempt of one message (the outbox row's id). */
export type Mail = { to: string; subject: string; text: string; idempotencyKey?: string };
export type EmailAdapter = { name: string; send(mail: Mail): Promise<void> };

/**
 * No SMTP configured: the e-mail (verification, reset, unlock and invitation links) is printed on the
 * server's own console and stays in the outbox table, which only a platform operator may read.
 * Nothing is printed when `print` is not given (production).
 */
export function localEmail(print?: Print): EmailAdapter {
  return {
    name: 'local',
    send: async (mail) => {
      print?.({ channel: 'E-mail', to: mail.to, subject: mail.subject, body: mail.text });
    },
  };
}

export function smtpEmail(url: string, from: string): EmailAdapter {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(mail) {
      // The Message-ID is derived from the key: a retried message is the same message to the receiving side.
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, ...(mail.idempotencyKey ? { messageId: `<${mail.idempotencyKey}@khidma.outbox>` } : {}) });
    },
  };
}
