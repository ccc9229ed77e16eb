// The order service on its own: `node --import tsx orders/main.ts` in production (the systemd unit, the container;
// docs/deployment.md), `npm run service` to try it out. Settings from the environment (README, "Configuration").
// It prints one line with its address once it takes requests. On SIGTERM or SIGINT it stops taking
// connections, answers every request it already has, lets the mail under way finish (or leaves its lease to
// run out), closes the database and exits, all within SHUTDOWN_MS (8 s), well inside a 10 s grace period.
import type { Server, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import { getSite } from '../lib/content';
import { readConfig, settingWarnings } from './config';
import { startService } from './service';

async function main() {
  const config = readConfig();
  const site = getSite();
  for (const warning of settingWarnings(config, site.email, site.seller))
    console.error(`Order service: ${warning}`);
  const service = await startService(config);
  const server = serve({ fetch: service.app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.database.kind === 'sqlite' ? config.database.file : 'Postgres';
    console.log(`Order service on http://${config.host}:${info.port} (${where})`);
  }) as Server;

  let stopping = false;
  /** The answers under way, until each is written: those not begun when stopping begins close their connection. */
  const underWay = new Set<ServerResponse>();
  // While stopping, every answer closes its connection, also one to a request that came before: a client on a
  // kept-alive one comes back on a new connection, which goes to another instance, and no idle connection holds
  // the stop up.
  server.prependListener('request', (_request, response) => {
    if (stopping) response.setHeader('Connection', 'close');
    else {
      underWay.add(response);
      response.once('close', () => underWay.delete(response));
    }
  });
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    const deadline = Date.now() + config.shutdownMs;
    const left = () => Math.max(0, deadline - Date.now());
    console.error(`Order service: ${signal}, stopping`);
    for (const response of underWay) if (!response.headersSent) response.setHeader('Connection', 'close');
    // No new connections; idle keep-alive ones are closed, those with a request end after its answer.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    const outboxStopped = service.stopOutbox(left());
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), left())));
    if ((await Promise.race([closed, late])) === 'late') {
      console.error('Order service: requests still open at the deadline; closing them');
      server.closeAllConnections();
    }
    clearTimeout(timer);
    await outboxStopped;
    await service.close(0);
    process.exit(0);
  };
  // A signal that comes again while stopping changes nothing: Ctrl-C on `npm run service` reaches the service
  // twice, from the terminal and forwarded by npm.
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
