import type { SendMail } from './mail';
import type { ClaimedMail, MailMessage, Store } from './store';

/**
 * The outbox worker: sends each mail the store holds until the mail server takes it, once.
 *
 * - A mail is claimed for one try with a lease timed by the database's clock and a fencing token, so two
 *   workers (or two instances) never hold one mail at once, and a worker whose lease ran out cannot mark it.
 *   The SMTP timeouts (mail.ts) are a quarter of the lease each, so a try ends long before its lease does.
 * - A temporary failure (4xx, refused, a timeout) is tried again after 1 s, 2 s, 4 s … up to `retryMaxMs`,
 *   with jitter. A permanent refusal (5xx), or `maxAttempts` tries, marks the mail failed: health counts it, the
 *   CSV shows it, and only `npm run orders -- retry NUMBER` queues it again.
 * - Once the server took a mail, it is never sent again by this worker: marking it sent is retried until the
 *   database answers. Only a process that dies between the server's answer and that mark leaves a mail to be
 *   sent again after its lease (docs/orders.md), with the same Message-ID.
 */

/** The longest the worker sleeps when nothing is due, in case another process wrote to the database. */
const IDLE_MS = 5_000;
/** The pause after the database did not answer. */
const AWAY_MS = 1_000;

export interface Outbox {
  /** Looks for due mail now (after an order was committed). */
  wake: () => void;
  /**
   * Takes no new mail, lets the try under way finish (its lease stays if `deadlineMs` runs out first) and
   * resolves once the worker stopped.
   */
  stop: (deadlineMs?: number) => Promise<void>;
}

/**
 * Whether the mail server refused this mail for good: a permanent reply (nodemailer's `permanent`: a 5xx but 503)
 * to its recipient or to its content. A permanent reply to the sign-in or to the sender (a changed password, a
 * sending quota, a sender not allowed) is for the operator to fix, not a fault of the mail: it is tried again, and
 * health counts it as pending meanwhile, instead of every mail of the outage failing at its first try.
 */
export function isPermanent(error: unknown): boolean {
  const { permanent, command } = (error ?? {}) as { permanent?: unknown; command?: unknown };
  return permanent === true && (command === 'RCPT TO' || command === 'DATA');
}

/**
 * What the mail server (or the connection) said, for the log, the desk and the CSV. A refusal often quotes the
 * recipient ("550 <max@exampel.de>: Recipient address rejected"): addresses are replaced, as the log and the
 * server's answer are kept longer than the buyer's details may be. An address may hold `'` before its `@` (the
 * checkout takes "john.o'reilly@acme.de"), but is taken not to start with one, so that an address a server puts in
 * single quotes is replaced without them.
 */
function reasonOf(error: unknown): string {
  const record = error as { response?: unknown; message?: unknown } | null;
  const reason =
    typeof record?.response === 'string' && record.response
      ? record.response
      : error instanceof Error
        ? error.message
        : String(error);
  return reason.replace(/[^\s<>()",;:'][^\s<>()",;:]*@[^\s<>()"',;:]+/g, '[address]');
}

/** A mail as the log names it: which of the order's two mails, and the order; never an address. */
function mailName(message: MailMessage): string {
  const kind = message.kind === 'buyer' ? "The buyer's confirmation" : 'The mail to the sales team';
  return `${kind} of ${message.orderNumber}`;
}

/** The wait before try `attempts + 1`: doubling from 1 s up to `maxMs`, with half of it random (jitter). */
export function backoff(attempts: number, maxMs: number, random = Math.random): number {
  const full = Math.min(1000 * 2 ** Math.max(0, attempts - 1), maxMs);
  return Math.round(full / 2 + (random() * full) / 2);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startOutbox(options: {
  store: Store;
  send: SendMail;
  retryMaxMs: number;
  /** How long a mail is held for one try; after that (also after a crash) another worker may try it. */
  leaseMs: number;
  /** Tries before a mail that keeps failing for now is marked failed (MAIL_MAX_ATTEMPTS). */
  maxAttempts?: number;
  /** Removes what the transport kept of a mail whose order was erased while it was under way (a mail file). */
  forget?: (message: MailMessage) => Promise<void>;
  log?: (line: string) => void;
}): Outbox {
  const {
    store,
    send,
    retryMaxMs,
    leaseMs,
    maxAttempts = 60,
    forget = async () => {},
    log = console.error,
  } = options;
  let stopped = false;
  let wakeUp: () => void = () => {};
  let woken = false;

  /** Marks a mail the server took as sent, trying until the database answers: it is never sent again from here. */
  async function markSent(mail: ClaimedMail) {
    for (let tries = 1; ; tries++) {
      try {
        const marked = await store.markSent(mail);
        if (marked === 'taken')
          log(`${mailName(mail.message)} sent, but its lease had passed to another worker`);
        // Its order was erased while the mail was under way: what the transport kept of it goes now.
        if (marked === 'erased') await forget(mail.message);
        return;
      } catch (error) {
        // While stopping, a few tries; then the lease runs out and another instance sends it once more.
        if (stopped && tries >= 3) throw error;
        log(`${mailName(mail.message)} sent; could not mark it sent yet, trying again: ${reasonOf(error)}`);
        await pause(AWAY_MS);
      }
    }
  }

  /** Sends one due mail; false when none was due. */
  async function sendOne(): Promise<boolean> {
    const mail = await store.claimMail(leaseMs);
    if (!mail) return false;
    if (stopped) {
      await store.giveBack(mail);
      return false;
    }
    // Held while it is under way, however slowly the server answers: another worker may take it only once this
    // one stopped renewing (it died, or the database was away for a whole lease).
    const renewal = setInterval(
      () => {
        store.renewLease(mail, leaseMs).then(
          (held) => held || log(`${mailName(mail.message)}: its lease was lost while it was being sent`),
          (error: unknown) => log(`${mailName(mail.message)}: could not renew its lease: ${reasonOf(error)}`),
        );
      },
      Math.max(1, Math.floor(leaseMs / 3)),
    );
    try {
      await send(mail.message);
    } catch (error) {
      clearInterval(renewal);
      const attempts = mail.attempts + 1;
      const reason = reasonOf(error);
      if (isPermanent(error) || attempts >= maxAttempts) {
        await store.markFailed(mail, reason);
        log(`${mailName(mail.message)} FAILED after try ${attempts}: ${reason}`);
      } else {
        await store.markRetry(mail, backoff(attempts, retryMaxMs), reason);
        log(`${mailName(mail.message)} not sent (try ${attempts}), will try again: ${reason}`);
      }
      return true;
    }
    clearInterval(renewal);
    await markSent(mail);
    return true;
  }

  async function sleep(): Promise<void> {
    if (woken) return;
    const next = await store.nextDueIn();
    const wait = next === undefined ? IDLE_MS : Math.max(0, Math.min(next, IDLE_MS));
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
      // A wake or stop that came while the next due time was read found no sleep to end: end this one.
      if (woken || stopped) wakeUp();
    });
  }

  async function loop() {
    while (!stopped) {
      woken = false;
      try {
        while (!stopped && (await sendOne()));
        if (!stopped) await sleep();
      } catch (error) {
        // The database is away: try again after a pause.
        log(`Outbox: ${reasonOf(error)}`);
        if (!stopped) await pause(AWAY_MS);
      }
    }
  }

  const running = loop();
  return {
    wake: () => {
      woken = true;
      wakeUp();
    },
    stop: async (deadlineMs = Infinity) => {
      stopped = true;
      wakeUp();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise<void>((resolve) => {
          if (Number.isFinite(deadlineMs)) timer = setTimeout(resolve, deadlineMs);
        }),
      ]);
      clearTimeout(timer);
    },
  };
}
