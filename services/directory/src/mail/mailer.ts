import nodemailer from 'nodemailer';
import { assertOutsideTransaction, type Logger } from '@inbox/platform';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** The secret part of an e-mailed link (`?token=…`), for logs that many people and tools read. */
export const redactTokens = (text: string) => text.replace(/([?&#]token=)[^\s&#]+/g, '$1[redacted]');

/**
 * SMTP when `SMTP_URL` is set; otherwise the message is written to the log. An invitation or
 * reset link is as good as a password, so with `redactLinks` (the distributed mode, whose logs
 * are shipped and shared) the log gets it without its token; the all-in-one mode prints it whole,
 * for a newcomer who has no mail server.
 */
export function createMailer(options: {
  smtpUrl?: string;
  from: string;
  logger: Logger;
  redactLinks?: boolean;
}): Mailer {
  if (!options.smtpUrl) {
    const shown = options.redactLinks ? redactTokens : (text: string) => text;
    return {
      send: async (message) => {
        // Checked here too: tests and the all-in-one use this mailer, and must catch the mistake.
        assertOutsideTransaction('e-mail');
        const mail = { ...message, text: shown(message.text) };
        options.logger.info({ mail }, `e-mail to ${mail.to}: ${mail.subject}\n${mail.text}`);
      },
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    send: async (message) => {
      assertOutsideTransaction('SMTP');
      await transport.sendMail({ from: options.from, ...message });
    },
  };
}

const validity = (hours: number) =>
  hours % 24 === 0 ? `${hours / 24} day${hours === 24 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`;

export function invitationMail(
  to: string,
  name: string,
  link: string,
  organization: string,
  ttlHours: number,
): MailMessage {
  return {
    to,
    subject: `You are invited to the ${organization} inbox`,
    text: `Hello ${name},\n\nYou have been invited to answer customers in the ${organization} inbox.\nSet your password here (the link is valid for ${validity(ttlHours)}):\n\n${link}\n`,
  };
}

export function passwordResetMail(
  to: string,
  name: string,
  link: string,
  organization: string,
  ttlHours: number,
): MailMessage {
  return {
    to,
    subject: `Set a new password for the ${organization} inbox`,
    text: `Hello ${name},\n\nAn Admin of the ${organization} inbox sent you this link to set a new password (valid for ${validity(ttlHours)}; it works once):\n\n${link}\n\nSetting it signs you out everywhere else. Your current password keeps working until then; if you did not expect this, ask your Admin.\n`,
  };
}
