import { createApp } from './app';
import { createDesk } from './desk/routes';
import type { OrdersConfig } from './config';
import { mailTransport } from './mail';
import { startOutbox } from './outbox';
import { openStore } from './store';

/** The service's parts wired together: the store, the outbox worker with its transport, the routes and the desk. */
export async function startService(config: OrdersConfig) {
  const store = await openStore(config.database);
  const mail = mailTransport(config.mail, config.leaseMs);
  const outbox = startOutbox({
    store,
    send: mail.send,
    forget: mail.forget,
    retryMaxMs: config.retryMaxMs,
    leaseMs: config.leaseMs,
    maxAttempts: config.maxAttempts,
  });
  const app = createApp({ store, config, onMail: outbox.wake });
  app.route('/desk', createDesk({ store, config, onMail: outbox.wake }));
  return {
    app,
    store,
    /** Stops taking mail: the try under way may finish within `deadlineMs`. */
    stopOutbox: (deadlineMs?: number) => outbox.stop(deadlineMs),
    /** Lets the mail under way finish, then closes the transport and the database. */
    async close(deadlineMs?: number) {
      await outbox.stop(deadlineMs);
      mail.close();
      await store.close();
    },
  };
}
