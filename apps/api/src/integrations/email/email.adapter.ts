import nodemailer from 'nodemailer';

export type Mail = { to: string; subject: string; text: string };
export type EmailAdapter = { name: string; send(mail: Mail): Promise<void> };

/** No SMTP configured: the outbox table is the mailbox, shown on /dev/outbox. */
export const localEmail: EmailAdapter = { name: 'local', send: async () => {} };

export function smtpEmail(url: string, from: string): EmailAdapter {
  const transport = nodemailer.createTransport(url);
  return {
    name: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text });
    },
  };
}
