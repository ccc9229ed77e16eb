// The owner's commands on the order service's database (the same settings as the service; a database that is not
// there yet is never made, docs/deployment.md):
//
//   npm run orders -- retry NUMBER   queue the failed mails of one order again; a running service sends them
//   npm run orders -- erase NUMBER   remove the buyer's personal data of one order, everywhere the service keeps it
//   npm run orders -- prune          apply the retention: spam 30 days after it was held or marked, orders after
//                                    ORDER_RETENTION_YEARS, desk sessions idle past their limit; names each order deleted
//   npm run orders -- user add NAME  add a desk account: asks for the password twice, or reads one line from stdin
//   npm run orders -- user remove NAME | user list
//   npm run orders -- help           what each command does
//
// docs/orders.md says what is kept where, and how to run `prune` every day (a systemd timer).
import fs from 'node:fs';
import os from 'node:os';
import readline from 'node:readline';
import { readConfig, type OrdersConfig } from './config';
import { accountName, hashPassword, passwordProblem, SESSION_IDLE_MS, SESSION_MAX_MS } from './desk/auth';
import { eraseBuyer, mailFiles } from './mail';
import { businessDay } from '../lib/business-day';
import { NoDatabase, SPAM_DAYS, openStore, type Store } from './store';

const usage = [
  'Usage: npm run orders -- COMMAND',
  '',
  '  retry NUMBER       queue the failed mails of one order again; a running service sends them',
  "  erase NUMBER       remove the buyer's personal data of one order everywhere; number, date, lines and totals stay",
  '  prune              apply the retention: spam 30 days after it was held or marked, orders after ORDER_RETENTION_YEARS, idle desk sessions (run it daily); names each order deleted',
  '  user add NAME      add a desk account: asks for the password twice, or reads one line from standard input',
  '  user remove NAME   remove a desk account and end its sessions',
  '  user list          list the desk accounts',
  '  help               this text',
].join('\n');

/** Who ran a command, for an order's history. */
function commandUser(): string {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry (a container with an arbitrary uid).
  }
  return `${user} (npm run orders)`;
}

/** What was typed after a line's end before the next question (two lines pasted at once). */
let typedAhead = '';

/** Reads a line from a terminal without showing what is typed. */
function askHidden(prompt: string): Promise<string> {
  const input = process.stdin;
  // Echo goes off before the question shows, so a reply typed (or pasted) the moment it appears is never shown.
  input.setRawMode(true);
  process.stdout.write(prompt);
  input.setEncoding('utf8');
  let line = '';
  let finished = false;
  return new Promise((resolve, reject) => {
    const done = (error?: Error) => {
      finished = true;
      input.setRawMode(false);
      input.pause();
      input.off('data', onData);
      process.stdout.write('\n');
      if (error) reject(error);
      else resolve(line);
    };
    const onData = (chunk: string) => {
      const chars = [...chunk];
      for (const [index, char] of chars.entries()) {
        if (char === '\r' || char === '\n') {
          const next = char === '\r' && chars[index + 1] === '\n' ? index + 2 : index + 1;
          typedAhead = chars.slice(next).join('');
          return done();
        }
        if (char === '\u0003') return done(new Error('Cancelled'));
        if (char === '\u007f' || char === '\b') line = [...line].slice(0, -1).join('');
        else line += char;
      }
    };
    input.on('data', onData);
    const ahead = typedAhead;
    typedAhead = '';
    if (ahead) onData(ahead);
    if (!finished) input.resume();
  });
}

/** The first line of standard input, when it is not a terminal (a pipe, a file, a secret manager). */
async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

/** The new account's password: typed twice on a terminal, else one line of standard input. */
async function newPassword(
  input: NodeJS.ReadableStream,
): Promise<{ password: string } | { problem: string }> {
  let password: string;
  if (input === process.stdin && process.stdin.isTTY) {
    password = await askHidden('Password (at least 12 characters): ');
    if ((await askHidden('The same password again: ')) !== password)
      return { problem: 'The two passwords differ; nothing was changed' };
  } else password = await firstLine(input);
  const problem = passwordProblem(password);
  return problem ? { problem } : { password };
}

async function userCommand(
  store: Store,
  args: string[],
  out: (line: string) => void,
  input: NodeJS.ReadableStream,
): Promise<number> {
  const [action, raw] = args;
  if (action === 'list' && raw === undefined) {
    const users = await store.listUsers();
    if (users.length === 0) out('No desk accounts yet: npm run orders -- user add NAME');
    for (const user of users) out(`${user.name}\t(since ${user.createdAt.slice(0, 10)})`);
    return 0;
  }
  if ((action !== 'add' && action !== 'remove') || raw === undefined) {
    out(usage);
    return 2;
  }
  const name = accountName(raw);
  if (!name) {
    out(`${raw}: a name has 2 to 40 letters, digits, ".", "_" or "-"`);
    return 2;
  }
  if (action === 'remove') {
    if (!(await store.removeUser(name))) {
      out(`${name}: no such account`);
      return 1;
    }
    out(`${name}: removed; its sessions have ended`);
    return 0;
  }
  const chosen = await newPassword(input);
  if ('problem' in chosen) {
    out(chosen.problem);
    return 2;
  }
  if (!(await store.addUser(name, await hashPassword(chosen.password)))) {
    out(`${name}: the account exists already`);
    return 1;
  }
  out(`${name}: added; sign in at /desk`);
  return 0;
}

/**
 * The service's database, which a command never makes: started without the service's settings, it would work on
 * an empty database of its own (an account the desk does not know, "no such order").
 */
async function openServiceStore(database: OrdersConfig['database']): Promise<Store> {
  try {
    return await openStore(database, { create: false });
  } catch (error) {
    if (!(error instanceof NoDatabase)) throw error;
    throw new Error(
      `${error.message}. The commands work on the order service's database and never make one: run them with the service's settings (ORDERS_DATA_DIR, or DATABASE_URL for Postgres), as docs/deployment.md shows, once the service has started.`,
    );
  }
}

export async function runCommand(
  args: string[],
  config: OrdersConfig,
  out: (line: string) => void = console.log,
  now = new Date(),
  /** Where `user add` reads the password: a terminal (asked twice), or the first line of a pipe. */
  input: NodeJS.ReadableStream = process.stdin,
): Promise<number> {
  const [command, number] = args;
  if (command === 'user') {
    const store = await openServiceStore(config.database);
    try {
      return await userCommand(store, args.slice(1), out, input);
    } finally {
      await store.close();
    }
  }
  if (command === 'help' || command === '--help') {
    out(usage);
    return 0;
  }
  if (!command || ((command === 'retry' || command === 'erase') && !number) || args.length > 2) {
    out(usage);
    return 2;
  }
  let store: Store | undefined;
  try {
    store = await openServiceStore(config.database);
    switch (command) {
      case 'retry':
        if (!(await store.retryMail(number!))) {
          out(`${number}: no such order, or its mail was sent or erased`);
          return 1;
        }
        await store.recordEvent(number!, { who: commandUser(), kind: 'retry' });
        out(`${number}: its mail is queued again; a running service sends it within seconds`);
        return 0;
      case 'erase': {
        // A second run erases again whatever came in since (a note, an .eml file of a restored folder) and
        // compacts again; the order's history keeps the first erasure only.
        const before = (await store.orderByNumber(number!))?.erased;
        if (!(await eraseBuyer(store, config.mail, number!, commandUser(), out, true))) {
          out(`${number}: no such order`);
          return 1;
        }
        out(
          before
            ? `${number}: the buyer's details were erased before; erased again, with anything added since`
            : `${number}: the buyer's details are erased; the number, date, lines and totals stay`,
        );
        return 0;
      }
      case 'prune': {
        const { deleted, cleared } = await store.prune(now, config.retentionYears);
        // Each order deleted by its number, as erasures are: the owner can tell which records went, and why. Named
        // and its mail files removed at once, before anything else can fail: a later prune no longer finds them.
        for (const gone of deleted) {
          for (const file of mailFiles(config.mail, gone.number)) fs.rmSync(file, { force: true });
          out(
            gone.why === 'spam'
              ? `${gone.number}: deleted, spam since ${businessDay(new Date(gone.since))} (kept ${SPAM_DAYS} days)`
              : `${gone.number}: deleted, received ${businessDay(new Date(gone.since))} (kept ${config.retentionYears} years after the end of its year)`,
          );
        }
        const signIns = await store.pruneSignIns(now, SESSION_IDLE_MS, SESSION_MAX_MS);
        await store.compact('prune');
        const spam = deleted.filter((gone) => gone.why === 'spam').length;
        out(
          `Pruned: ${deleted.length} ${deleted.length === 1 ? 'order' : 'orders'} deleted (${spam} spam after ${SPAM_DAYS} days, ${deleted.length - spam} orders after ${config.retentionYears} years), ${cleared} sent mail bodies cleared, ${signIns.sessions} idle desk sessions and ${signIns.failures} old wrong passwords deleted`,
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
  // A wrong setting is reported like any other failure: its message, no stack trace.
  Promise.resolve()
    .then(() => runCommand(process.argv.slice(2), readConfig()))
    .then(
      (code) => process.exit(code),
      (error: unknown) => {
        console.error(error instanceof Error ? error.message : error);
        process.exit(1);
      },
    );
