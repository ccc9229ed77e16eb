// What loads pages in a browser shares this (playwright.config.ts, the bench,
// Lighthouse): where Chromium is, the flags it needs on these machines, and the
// static server of `npm start`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * CHROME_PATH, else Debian's Chromium; undefined lets Playwright use its own browser where one is installed.
 * Tests take Debian's headless shell when it is there: the browser Playwright itself runs headless tests in,
 * which needs a quarter less CPU for the same pages. The bench measures in the full browser buyers use.
 */
export function chromePath(use: 'tests' | 'bench' = 'bench'): string | undefined {
  const debian =
    use === 'tests' ? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'] : ['/usr/bin/chromium'];
  return [process.env.CHROME_PATH, ...debian].find(
    (candidate): candidate is string => !!candidate && fs.existsSync(candidate),
  );
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
 * Resolves once it accepts connections.
 */
export function startServer(root: string): Promise<{ origin: string; close: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', serveScript, root], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the server for ${root} exited with ${code}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const origin = /http:\/\/localhost:\d+/.exec(output)?.[0];
      if (!origin) return;
      child.stdout.removeAllListeners('data');
      child.stdout.resume();
      resolve({
        origin,
        close: () =>
          new Promise((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill();
          }),
      });
    });
  });
}
