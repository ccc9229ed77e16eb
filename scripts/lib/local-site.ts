// What loads pages in a browser shares this (playwright.config.ts, the bench,
// Lighthouse): where Chromium is, the flags it needs on these machines, and the
// static server of `npm start`.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';

/**
 * CHROME_PATH, else Debian's Chromium (for tests its headless shell, as Playwright's own headless tests use: a
 * quarter less CPU; the bench measures the full browser); undefined lets Playwright use a browser of its own.
 */
export function chromePath(use: 'tests' | 'bench' = 'bench'): string | undefined {
  const shell = use === 'tests' ? ['/usr/bin/chromium-headless-shell'] : [];
  const found = [process.env.CHROME_PATH, ...shell, '/usr/bin/chromium'];
  return found.find((candidate): candidate is string => !!candidate && fs.existsSync(candidate));
}

/** Flags for Chromium run as root on a machine whose only network is localhost. */
export const chromeFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const serveScript = path.join(__dirname, '..', 'serve.ts');

/**
 * Starts `scripts/serve.ts` on a free port in a process of its own, so that
 * serving never waits for the work of the script that measures it.
 * Resolves once it accepts connections: its one line of output names the port.
 */
export async function startServer(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serveScript, root], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = once(child, 'exit');
  const line = await Promise.race([once(child.stdout, 'data'), exited]);
  const origin = /http:\/\/localhost:\d+/.exec(String(line[0]))?.[0];
  if (!origin) throw new Error(`the server for ${root} did not start: ${line[0]}`);
  child.stdout.resume();
  const close = async () => {
    child.kill();
    await exited;
  };
  return { origin, close };
}
