// The order service on its own: `node --import tsx orders/main.ts`, settings from the environment (README,
// "Configuration"). It prints one line with its address once it takes requests; SIGTERM or SIGINT lets the
// mail under way finish and closes the database.
import { serve } from '@hono/node-server';
import { readConfig } from './config';
import { startService } from './service';

async function main() {
  const config = readConfig();
  const service = await startService(config);
  const server = serve({ fetch: service.app.fetch, port: config.port, hostname: config.host }, (info) => {
    const where = config.database.kind === 'sqlite' ? config.database.file : 'Postgres';
    console.log(`Order service on http://${config.host}:${info.port} (${where})`);
  });
  const stop = () => {
    server.close();
    void service.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
