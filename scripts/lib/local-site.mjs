// What the scripts that load pages in a browser share: where Chromium is, the
// flags it needs on these machines, and the static server of `npm start`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const chromium = JSON.parse(fs.readFileSync(new URL('../../config/chromium.json', import.meta.url), 'utf8'));

/** CHROME_PATH, else Debian's Chromium; undefined lets Playwright use its own browser where one is installed. */
export function chromePath() {
  return [process.env.CHROME_PATH, chromium.defaultPath].find(
    (candidate) => candidate && fs.existsSync(candidate),
  );
}

/** Flags for Chromium run as root on a machine without a network beyond localhost. */
export const chromeFlags = chromium.flags;

const serveScript = fileURLToPath(new URL('../serve.mjs', import.meta.url));

/**
 * Starts `scripts/serve.mjs` on a free port in a process of its own, so that
 * serving never waits for the work of the script that measures it.
 * Resolves once it accepts connections.
 */
export function startServer(root) {
  const child = spawn(process.execPath, ['--import', 'tsx', serveScript, root], {
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let output = '';
    child.once('exit', (code) => reject(new Error(`the server for ${root} exited with ${code}`)));
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk) => {
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
            child.once('exit', done);
            child.kill();
          }),
      });
    });
  });
}
