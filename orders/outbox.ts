import type { SendMail } from './mail';
import type { Store } from './store';

/**
 * The outbox worker: sends each mail the store holds until the mail server takes it. A mail that fails waits
 * 1 s, 2 s, 4 s … up to `retryMaxMs` before its next try, and is never given up: orders are taken while the
 * mail server is down, and their mails go out once it is back, also after a restart. A mail is claimed before
 * its try, so two workers on one database do not send it twice; a crash between sending and marking it sent
 * sends it once more, with the same Message-ID.
 */

const BATCH = 20;
/** The longest the worker sleeps when nothing is due, in case another process wrote to the database. */
const IDLE_MS = 5_000;

export interface Outbox {
  /** Looks for due mail now (after an order was committed). */
  wake: () => void;
  /** Finishes the try under way and stops. */
  stop: () => Promise<void>;
}

export function startOutbox(options: {
  store: Store;
  send: SendMail;
  retryMaxMs: number;
  /** How long a mail is held for one try; after that (also after a crash) it is tried again. */
  leaseMs: number;
  now?: () => Date;
  log?: (line: string) => void;
}): Outbox {
  const { store, send, retryMaxMs, leaseMs, now = () => new Date(), log = console.error } = options;
  let stopped = false;
  let wakeUp: () => void = () => {};
  let woken = false;

  function backoff(attempts: number): number {
    return Math.min(1000 * 2 ** (attempts - 1), retryMaxMs);
  }

  async function sendDue(): Promise<void> {
    for (;;) {
      const due = await store.dueMails(now(), BATCH);
      for (const mail of due) {
        if (stopped) return;
        if (!(await store.claimMail(mail, new Date(now().getTime() + leaseMs)))) continue;
        try {
          await send(mail.message);
          await store.markSent(mail.id, now());
        } catch (error) {
          const attempts = mail.attempts + 1;
          const reason = error instanceof Error ? error.message : String(error);
          await store.markFailed(mail.id, attempts, new Date(now().getTime() + backoff(attempts)), reason);
          log(`Mail of ${mail.message.orderNumber} not sent (try ${attempts}): ${reason}`);
        }
      }
      if (due.length < BATCH) return;
    }
  }

  async function sleep(): Promise<void> {
    if (woken) return;
    const next = await store.nextDue();
    const wait = next ? Math.max(0, Math.min(next.getTime() - now().getTime(), IDLE_MS)) : IDLE_MS;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, wait);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  async function loop() {
    while (!stopped) {
      woken = false;
      try {
        await sendDue();
        await sleep();
      } catch (error) {
        // The database is away: try again after a pause.
        log(`Outbox: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  const running = loop();
  return {
    wake: () => {
      woken = true;
      wakeUp();
    },
    stop: async () => {
      stopped = true;
      wakeUp();
      await running;
    },
  };
}
