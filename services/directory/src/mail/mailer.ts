import nodemailer from 'nodemailer';
import type { Logger } from '@inbox/platform';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP when `SMTP_URL` is set; otherwise the message (and its link) is written to the log. */
export function createMailer(options: { smtpUrl?: string; from: string; logger: Logger }): Mailer {
  if (!options.smtpUrl) {
    return {
      send: async (message) => {
        options.logger.info(
          { mail: message },
          `e-mail to ${message.to}: ${message.subject}\n${message.text}`,
        );
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    send: async (message) => {
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

export function invitationMail(to: string, name: string, link: string, organization: string): MailMessage {
  return {
    to,
    subject: `You are invited to the ${organization} inbox`,
    text: `Hello ${name},\n\nYou have been invited to answer customers in the ${organization} inbox.\nSet your password here (the link is valid for 7 days):\n\n${link}\n`,
  };
}
