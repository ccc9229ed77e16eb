// What the order service's tests share: a valid order made from content/, a real SMTP server that keeps what
// it receives, the service as a process of its own, and waiting for what the service reports.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { NEW_BUYER, type Buyer } from '../../lib/checkout/buyer';
import type { OrderRequestInput } from '../../lib/checkout/order-request';
import { newQuoteNumber } from '../../lib/checkout/quote';
import { getCategories } from '../../lib/content';

export function tempDir(name: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `leadwerk-${name}-`));
}

export const buyer: Buyer = {
  ...NEW_BUYER,
  company: 'Muster Solar GmbH',
  name: 'Erika Muster',
  email: 'erika@muster-solar.example',
  street: 'Hauptstraße 1',
  postcode: '10115',
  city: 'Berlin',
};

/** A complete order a person filled in: two rows of the first category, one of them exclusive. */
export function validOrder(changes: Partial<OrderRequestInput> = {}): OrderRequestInput {
  const category = getCategories()[0]!.id;
  return {
    key: crypto.randomUUID(),
    locale: 'de',
    lines: [
      { category, exclusive: false, area: 'germany', quantity: 3 },
      { category, exclusive: true, area: 'postcodes:80-85', quantity: 1 },
    ],
    buyer,
    quote: newQuoteNumber(new Date()),
    website: '',
    elapsedMs: 60_000,
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

/** A real SMTP server on `port` (a free one if 0) that keeps each mail it takes. */
export async function startSmtp(port = 0) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), mail });
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  server.listen(port, '127.0.0.1');
  await once(server.server, 'listening');
  const address = server.server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const mainScript = path.join(__dirname, '..', 'main.ts');

/** The service as `node --import tsx orders/main.ts` on a free port; resolves once it takes requests. */
export async function startProcess(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', mainScript], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk;
      const line = output.split('\n').find((text) => text.startsWith('Order service on '));
      if (line) resolve(new URL(line.split(' ')[3]!).origin);
    });
    child.once('exit', (code) => reject(new Error(`The service ended with ${code} before it took requests`)));
  });
  return { url, child };
}

/** Ends a process and waits until it is gone. */
export async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill(signal);
  await exited;
}
