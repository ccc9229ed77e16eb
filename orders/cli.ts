// The owner's commands on the order service's database (the same settings as the service):
//
//   npm run orders -- retry NUMBER   queue the failed mail of one order again; a running service sends it
//   npm run orders -- erase NUMBER   remove the buyer's personal data of one order, everywhere the service keeps it
//   npm run orders -- prune          apply the retention: spam after 30 days, orders after ORDER_RETENTION_YEARS
//
// docs/orders.md says what is kept where, and how to run `prune` every day (systemd timer, cron).
import fs from 'node:fs';
import path from 'node:path';
import { readConfig, type OrdersConfig } from './config';
import { mailFileName } from './mail';
import { openStore, type Store } from './store';

const usage = 'Usage: npm run orders -- retry NUMBER | erase NUMBER | prune';

/** The .eml files of an order's mails, where mails go to a folder (no SMTP_URL). */
function mailFiles(config: OrdersConfig, number: string): string[] {
  const { mail } = config;
  return mail.kind === 'folder'
    ? (['seller', 'buyer'] as const).map((kind) => path.join(mail.dir, mailFileName(number, kind)))
    : [];
}

export async function runCommand(
  args: string[],
  config: OrdersConfig,
  out: (line: string) => void = console.log,
  now = new Date(),
): Promise<number> {
  const [command, number] = args;
  if (!command || ((command === 'retry' || command === 'erase') && !number) || args.length > 2) {
    out(usage);
    return 2;
  }
  let store: Store | undefined;
  try {
    store = await openStore(config.database);
    switch (command) {
      case 'retry':
        if (!(await store.retryMail(number!))) {
          out(`${number}: no such order, or its mail was sent or erased`);
          return 1;
        }
        out(`${number}: its mail is queued again; a running service sends it within seconds`);
        return 0;
      case 'erase': {
        if (!(await store.erase(number!))) {
          out(`${number}: no such order`);
          return 1;
        }
        await store.compact();
        for (const file of mailFiles(config, number!)) fs.rmSync(file, { force: true });
        out(`${number}: the buyer's details are erased; the number, date, lines and totals stay`);
        return 0;
      }
      case 'prune': {
        const { deleted, cleared } = await store.prune(now, config.retentionYears);
        await store.compact();
        for (const gone of deleted) {
          for (const file of mailFiles(config, gone)) fs.rmSync(file, { force: true });
        }
        out(
          `Pruned: ${deleted.length} orders deleted (spam after 30 days, orders after ${config.retentionYears} years), ${cleared} sent mail bodies cleared`,
        );
        return 0;
      }
      default:
        out(usage);
        return 2;
    }
  } finally {
    await store?.close();
  }
}

if (require.main === module)
  runCommand(process.argv.slice(2), readConfig()).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
