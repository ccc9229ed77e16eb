import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OrdersConfig } from './config';
import type { MailKind, MailMessage } from './store';

/** The .eml file of one of an order's mails, where mails go to a folder. */
export function mailFileName(orderNumber: string, kind: MailKind): string {
  return kind === 'buyer' ? `${orderNumber}.confirmation.eml` : `${orderNumber}.eml`;
}

/** Sends one mail; rejects when it was not taken, so the outbox tries again later. */
export type SendMail = (message: MailMessage) => Promise<void>;

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    replyTo: message.replyTo,
    subject: message.subject,
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
    messageId: message.messageId,
    headers: { 'X-Order-Number': message.orderNumber },
  };
}

/**
 * Over SMTP when SMTP_URL is set; else each mail becomes `<order number>.eml` in a folder, so a fresh machine
 * takes orders without a mail server. A file is written under another name and then renamed, so the folder
 * never holds half a mail.
 */
export function mailTransport(
  mail: OrdersConfig['mail'],
  /** The outbox's lease (MAIL_LEASE_MS), which every SMTP wait stays well below. */
  leaseMs = 2 * 60_000,
): { send: SendMail; close: () => void } {
  if (mail.kind === 'smtp') {
    // nodemailer waits up to 2 minutes to connect and 10 on an idle socket; each wait here is a quarter of
    // the outbox's lease, so a try ends (and counts as failed for now) long before another worker may take it.
    const timeout = Math.floor(leaseMs / 4);
    const transport = nodemailer.createTransport({
      url: mail.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      dnsTimeout: timeout,
    });
    return {
      send: async (message) => void (await transport.sendMail(toNodemailer(message))),
      close: () => transport.close(),
    };
  }
  fs.mkdirSync(mail.dir, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    send: async (message) => {
      const { message: raw } = await transport.sendMail(toNodemailer(message));
      const file = path.join(mail.dir, mailFileName(message.orderNumber, message.kind ?? 'seller'));
      await fs.promises.writeFile(`${file}.part`, raw);
      await fs.promises.rename(`${file}.part`, file);
    },
    close: () => transport.close(),
  };
}
