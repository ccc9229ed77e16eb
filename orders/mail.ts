import fs from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { OrdersConfig } from './config';
import type { MailKind, MailMessage, Store } from './store';

/** The .eml file of one of an order's mails, where mails go to a folder. */
export function mailFileName(orderNumber: string, kind: MailKind): string {
  return kind === 'buyer' ? `${orderNumber}.confirmation.eml` : `${orderNumber}.eml`;
}

/** What a mail file is called while it is written, before it is renamed to its own name. */
const PART = '.part';

/**
 * The .eml files an order's mails may have, where mails go to a folder (no SMTP_URL), and the `.part` file a
 * write cut short by a crash leaves of each: it holds the buyer's details as well.
 */
export function mailFiles(mail: OrdersConfig['mail'], number: string): string[] {
  return mail.kind === 'folder'
    ? (['seller', 'buyer'] as const).flatMap((kind) => {
        const file = path.join(mail.dir, mailFileName(number, kind));
        return [file, `${file}${PART}`];
      })
    : [];
}

/**
 * Erases the buyer's personal data of one order everywhere the service keeps it (GDPR art. 17): the database's
 * rows, the database's files (compacted) and the .eml files. `npm run orders -- erase` and the desk both call
 * this. False when there is no such order. Each erasure is logged with the order's number and nothing else, so
 * that the erasures can be applied again to a restored backup (docs/orders.md).
 */
export async function eraseBuyer(
  store: Store,
  mail: OrdersConfig['mail'],
  number: string,
  who: string,
  log: (line: string) => void,
  /** Compact also when the order was erased before: the owner's command, not a click at the desk. */
  compactAgain = false,
): Promise<boolean> {
  const before = await store.orderByNumber(number);
  if (!(await store.erase(number, who))) return false;
  log(`Order service: buyer details of ${number} erased`);
  // The files first: they go whatever happens to the compaction.
  for (const file of mailFiles(mail, number)) await fs.promises.rm(file, { force: true });
  // Compacting locks the tables (VACUUM FULL on Postgres), so only the first erasure does it: an erased order takes
  // no new notes, and a click repeated at the desk must not hold up every order.
  // The erasure stands if the compaction fails: the log says how to compact, and the desk does not say it failed.
  if (!before?.erased || compactAgain)
    await store
      .compact('erase')
      .catch((error: unknown) =>
        log(
          `Order service: the database could not be compacted after erasing ${number} (${error instanceof Error ? error.message : String(error)}): run npm run orders -- erase ${number} again`,
        ),
      );
  return true;
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
    headers: {
      'X-Order-Number': message.orderNumber,
      // Written by the service, not a person (RFC 3834): an out-of-office or a ticket system at a shared info@
      // address answers it with nothing, and Exchange is asked the same in its own header.
      'Auto-Submitted': 'auto-generated',
      'X-Auto-Response-Suppress': 'OOF, AutoReply',
    },
  };
}

/**
 * Over SMTP when SMTP_URL is set; else each mail becomes `<order number>.eml` in a folder, so a fresh machine
 * takes orders without a mail server. A file is written under another name and then renamed, so the folder
 * never holds half a mail; one whose write or rename fails is removed, and what a crash leaves is the order's
 * (`mailFiles`), which erasure and retention remove with it.
 */
export function mailTransport(
  mail: OrdersConfig['mail'],
  /** The outbox's lease (MAIL_LEASE_MS), which every SMTP wait stays well below. */
  leaseMs = 2 * 60_000,
): { send: SendMail; forget: (message: MailMessage) => Promise<void>; close: () => void } {
  if (mail.kind === 'smtp') {
    // nodemailer waits up to 2 minutes to connect and 10 on an idle socket; each wait here is a quarter of
    // the outbox's lease, so a server gone silent fails the try (for now) well within one lease. A try made of
    // many slow replies may take longer: the outbox renews its lease meanwhile.
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
      // A mail the server took is the sales team's or the buyer's now (docs/orders.md: erasing in the mailbox).
      forget: async () => {},
      close: () => transport.close(),
    };
  }
  // The mails hold the buyer's details: for the service's account alone, whatever the umask.
  fs.mkdirSync(mail.dir, { recursive: true, mode: 0o700 });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  return {
    send: async (message) => {
      const { message: raw } = await transport.sendMail(toNodemailer(message));
      const file = path.join(mail.dir, mailFileName(message.orderNumber, message.kind ?? 'seller'));
      try {
        await fs.promises.writeFile(`${file}${PART}`, raw, { mode: 0o600 });
        await fs.promises.rename(`${file}${PART}`, file);
      } catch (error) {
        // Half a mail, or a whole one that could not be renamed, is no mail, but it holds the buyer's details.
        await fs.promises.rm(`${file}${PART}`, { force: true });
        throw error;
      }
    },
    forget: async (message) =>
      fs.promises.rm(path.join(mail.dir, mailFileName(message.orderNumber, message.kind ?? 'seller')), {
        force: true,
      }),
    close: () => transport.close(),
  };
}
