import { createApp } from './app';
import type { OrdersConfig } from './config';
import { mailTransport } from './mail';
import { startOutbox } from './outbox';
import { openStore } from './store';

/** The service's parts wired together: the store, the outbox worker with its transport, and the routes. */
export async function startService(config: OrdersConfig) {
  const store = await openStore(config.database);
  const mail = mailTransport(config.mail);
  const outbox = startOutbox({
    store,
    send: mail.send,
    retryMaxMs: config.retryMaxMs,
    leaseMs: config.leaseMs,
  });
  const app = createApp({ store, config, onMail: outbox.wake });
  return {
    app,
    store,
    /** Lets the mail under way finish, then closes the transport and the database. */
    async close() {
      await outbox.stop();
      mail.close();
      await store.close();
    },
  };
}
