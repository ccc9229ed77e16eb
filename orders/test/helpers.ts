// What the order service's tests share: a valid order made from content/, a real SMTP server that keeps what
// it receives, the service as a process of its own, and waiting for what the service reports.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { NEW_BUYER, type Buyer } from '../../lib/checkout/buyer';
import type { OrderRequestInput } from '../../lib/checkout/order-request';
import { newQuoteNumber } from '../../lib/checkout/quote';
import type { NewOrder } from '../store';
import { getCategories, getSite } from '../../lib/content';
import { unitPriceCents } from '../../lib/money';

const execFileAsync = promisify(execFile);

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `leadwerk-${name}-`));
}

/** The service's settings for an app run inside a test: any origin, no rate limit, no proxy, no CSV token. */
export const testConfig = {
  allowedOrigins: [],
  rateLimit: 0,
  trustProxy: false,
  ordersToken: undefined,
  mailFrom: undefined,
  deskUrl: undefined,
};

export const buyer: Buyer = {
  ...NEW_BUYER,
  company: 'Muster Solar GmbH',
  name: 'Erika Muster',
  email: 'erika@muster-solar.example',
  street: 'Hauptstraße 1',
  postcode: '10115',
  city: 'Berlin',
};

/**
 * A complete order a person filled in, declared as a business's: two rows of the first category, one of them exclusive, at the prices and
 * the VAT rate of content/ (this process's, which the service's `CONTENT_DIR` may differ from).
 */
export function validOrder(changes: Partial<OrderRequestInput> = {}): OrderRequestInput {
  const { id: category, price } = getCategories()[0]!;
  return {
    key: crypto.randomUUID(),
    locale: 'de',
    lines: [
      { category, exclusive: false, area: 'germany', quantity: 3, price: unitPriceCents(price, false) },
      { category, exclusive: true, area: 'postcodes:80-85', quantity: 1, price: unitPriceCents(price, true) },
    ],
    vatRate: getSite().facts.vatRate,
    buyer,
    business: true,
    quote: newQuoteNumber(new Date()),
    website: '',
    elapsedMs: 60_000,
    ...changes,
  };
}

/**
 * An order as the service stores it (`store.createOrder`), for tests and the bench that need many without the
 * service's checks: one lead of `category` for all Germany at 90,00 € net, German VAT, and these changes.
 */
export function storedOrder(category: string, changes: Partial<NewOrder> = {}): NewOrder {
  return {
    key: crypto.randomUUID(),
    createdAt: new Date(),
    locale: 'de',
    quote: 'AN-20260101-STORED',
    buyer,
    lines: [
      {
        key: `${category}|shared|germany`,
        name: category,
        area: 'DE',
        exclusive: false,
        quantity: 1,
        price: 9000,
        total: 9000,
      },
    ],
    net: 9000,
    vat: 1710,
    gross: 10710,
    vatCase: 'domestic',
    spam: null,
    requestHash: 'stored',
    client: null,
    ...changes,
  };
}

export function post(body: unknown, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  };
}

/** Polls `check` until it returns a value other than undefined or false; fails after `ms` naming `what`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  ms = 20_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nothing listens on (yet). */
export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  mail: ParsedMail;
}

/** How the test's SMTP server behaves, by the number of the connection or of the mail (from 1). */
export interface SmtpBehaviour {
  /** Holds the greeting of a connection this long (a server slower than the lease), in ms. */
  greetingStallMs?: (connection: number) => number;
  /** Holds the answer to a mail's data this long, in ms (decided as its data begins): the mail is under way meanwhile. */
  dataStallMs?: (mail: number) => number;
  /** Refuses a mail with this reply, e.g. `{ code: 550, message: 'No such user' }`. */
  refuse?: (mail: number) => { code: number; message: string } | undefined;
  /** Takes mail only from a client signed in with this password; refuses any other with 535. */
  password?: string;
}

/**
 * A real SMTP server on `port` (a free one if 0) that keeps each mail it takes. A mail whose connection was
 * closed before the server answered its data is not taken, as a real server does not deliver it. Mails to the
 * sales address (`received`) meet the behaviours and are counted; buyers' confirmations (`confirmations`) are
 * taken at once, so that each fault test counts one mail per order.
 */
export async function startSmtp(port = 0, behaviour: SmtpBehaviour = {}) {
  const received: ReceivedMail[] = [];
  const confirmations: ReceivedMail[] = [];
  const salesAddress = getSite().email;
  const closed = new Set<string>();
  let connections = 0;
  let mails = 0;
  const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const server = new SMTPServer({
    authOptional: behaviour.password === undefined,
    // The test's server has no certificate: sign-in without TLS, on 127.0.0.1 only.
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.password === behaviour.password) return callback(null, { user: auth.username });
      callback(Object.assign(new Error('5.7.8 Authentication credentials invalid'), { responseCode: 535 }));
    },
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      const stall = behaviour.greetingStallMs?.(++connections) ?? 0;
      if (stall > 0) void wait(stall).then(() => callback());
      else callback();
    },
    onClose(session) {
      closed.add(session.id);
    },
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
      // Buyers' confirmations are kept apart and taken at once: the behaviours and counts are the sales team's.
      if (!recipients.includes(salesAddress)) {
        simpleParser(stream).then(
          (mail) => {
            confirmations.push({ to: recipients, mail });
            callback();
          },
          (error: Error) => callback(error),
        );
        return;
      }
      const number = ++mails;
      // Decided as the data begins, so that a test that changes the behaviour meanwhile leaves this mail's alone.
      const stall = behaviour.dataStallMs?.(number) ?? 0;
      simpleParser(stream).then(
        async (mail) => {
          await wait(stall);
          if (closed.has(session.id)) return callback(new Error('The client left before the answer'));
          const refusal = behaviour.refuse?.(number);
          if (refusal)
            return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          received.push({ to: recipients, mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  // A client that left during a stall makes the late answer fail; that is the point, not a fault.
  server.on('error', () => {});
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    confirmations,
    /** The confirmations taken for this order. */
    confirmationsOf: (number: string) =>
      confirmations.filter(({ mail }) => mail.messageId?.includes(`${number}.confirmation.`)),
    /** Forgets what it received and counted, for the next test. */
    reset() {
      received.length = 0;
      confirmations.length = 0;
      connections = 0;
      mails = 0;
    },
    /** How many mails' data arrived, taken or not. */
    mailsStarted: () => mails,
    /** The mails taken whose Message-ID names this order. */
    mailsOf: (number: string) => received.filter(({ mail }) => mail.messageId?.includes(number)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Smtp = Awaited<ReturnType<typeof startSmtp>>;

const ordersDir = path.join(__dirname, '..');

export interface ServiceProcess {
  url: string;
  child: ChildProcess;
  /** What it wrote to stderr so far. */
  log: () => string;
}

/** The service as `npm run service` runs it, on a free port; resolves once it takes requests. */
export async function startProcess(env: Record<string, string>): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ordersDir, 'main.ts')], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk));
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const line = output.split('\n').find((text) => text.startsWith('Order service on '));
      if (line) resolve(new URL(line.split(' ')[3]!).origin);
    });
    child.once('exit', (code) =>
      reject(new Error(`The service ended with ${code} before it took requests:\n${errors}`)),
    );
  });
  return { url, child, log: () => errors };
}

/** `npm run orders -- ...args` with the service's settings; its exit code and output. */
export async function runOrders(
  args: string[],
  env: Record<string, string>,
  /** What it reads on standard input (a pipe, not a terminal); none if undefined. */
  input?: string,
): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ordersDir, 'cli.ts'), ...args], {
    env: { ...process.env, ...env },
    stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
  });
  if (input !== undefined) child.stdin!.end(input);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk));
  // 'close', not 'exit': only then has all of its output been read.
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, output };
}

export interface Health {
  status: number;
  database?: string;
  mail?: { pending: number; failed: number };
}

/** GET /api/health; a connection that fails reads as status 0. */
export async function health(url: string): Promise<Health> {
  try {
    const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(10_000) });
    return { status: response.status, ...((await response.json()) as object) };
  } catch {
    return { status: 0 };
  }
}

/** Whether the process still runs. */
export function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** Ends a process and waits until it is gone. */
export async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}

/** The newest installed Postgres's binaries (Debian keeps them under /usr/lib/postgresql/<version>/bin). */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((version) => fs.existsSync(path.join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] && path.join(root, versions[0], 'bin');
}

const bin = postgresBin();
const missing = 'Postgres is not installed (no /usr/lib/postgresql/*/bin/initdb): apt-get install postgresql';
/** Why the Postgres tests are skipped, or false; under CI a missing Postgres fails instead. */
export function postgresSkip(): string | false {
  if (bin) return false;
  if (process.env.CI === 'true') throw new Error(missing);
  console.warn(`\n!!! ${missing}; the Postgres test is skipped !!!\n`);
  return missing;
}

/**
 * A throwaway Postgres cluster made with initdb in a temporary folder, listening on a Unix socket there only
 * (no port to collide with), which a test may stop, start and restart with pg_ctl.
 */
export async function startPostgres() {
  const dir = tempDir('postgres');
  // initdb and the server refuse to run as root: as root, they run as the postgres user.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) await execFileAsync('chown', ['postgres:postgres', dir]);
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileAsync('runuser', ['-u', 'postgres', '--', path.join(bin!, command), ...args])
      : execFileAsync(path.join(bin!, command), args);
  const data = path.join(dir, 'data');
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  const ctl = (...args: string[]) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      path.join(dir, 'log'),
      '-w',
      '-o',
      `-c listen_addresses='' -k ${dir} -c fsync=off`,
      ...args,
    ]);
  await ctl('start');
  return {
    url: `postgresql://postgres@localhost/postgres?host=${encodeURIComponent(dir)}`,
    /** The cluster's data directory: its table files, for a test that reads what is left in them. */
    data,
    /** Stops the server as a restart does: every connection is closed. */
    stop: () => ctl('-m', 'fast', 'stop'),
    start: () => ctl('start'),
    restart: () => ctl('-m', 'fast', 'restart'),
    async close() {
      await ctl('-m', 'immediate', 'stop').catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
export type Postgres = Awaited<ReturnType<typeof startPostgres>>;
