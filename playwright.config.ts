import { defineConfig, devices } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { chromeFlags, chromePath } from './scripts/lib/local-site';

/** The static server of `npm start` on E2E_PORT; nginx with deploy/nginx.conf on the next port (its http → https redirect on the one after). */
const port = Number(process.env.E2E_PORT ?? 3100);
const nginxPort = port + 1;
/** The export to test; `out/` unless E2E_OUT names a copy. */
const outDir = process.env.E2E_OUT ?? 'out';
const executablePath = chromePath('tests');
const hasNginx = !spawnSync('nginx', ['-v'], { stdio: 'ignore' }).error;
// The config is read by the runner and by each worker; the runner alone says it once.
if (!hasNginx && process.env.TEST_WORKER_INDEX === undefined)
  console.warn('nginx not installed: the nginx project is skipped; apt-get install nginx');

/**
 * The order service's folder for this run (its database and the mails it writes), new for each run. Set once by
 * the runner; its workers inherit it, so tests can read the mails there.
 */
process.env.E2E_ORDERS_DIR ??= path.join(os.tmpdir(), `leadwerk-e2e-orders-${process.pid}-${Date.now()}`);

const browser = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } };
/**
 * No host but this machine resolves: a page's request to another host fails in the browser itself, and the guard
 * of e2e/support.ts records it from the request event (an address given as a number is not looked up, and the
 * guard fails the test on it all the same). Aborting them with a route instead would send every request of every
 * test through Playwright and turn off the browser's cache (a third more CPU per page load).
 */
const blockOtherHosts = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost';
/**
 * E2E_CPU_SLOWDOWN=10 slows every page's CPU that many times (e2e/support.ts), to find races that only a slow
 * machine shows; the time limits grow by the same factor, so that slowness alone fails nothing. Off in `npm test`.
 */
const cpuSlowdown = Math.max(1, Number(process.env.E2E_CPU_SLOWDOWN ?? 1));

export default defineConfig({
  testDir: './e2e',
  // A folder per export, since the fixture gate runs beside the e2e gate and Playwright empties it first.
  outputDir: process.env.E2E_OUT
    ? `./test-results/${path.basename(process.env.E2E_OUT)}`
    : './test-results/e2e',
  fullyParallel: true,
  // Two workers on any machine: on two cores one worker takes over five minutes. E2E_WORKERS sets another
  // number, to compare (docs/testing.md). The fixture gate runs its few files in one (scripts/test-all.ts).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  // Five seconds (Playwright's default) is too short on two cores shared with the fixture gate's browsers: a
  // cart dialog whose code loads on the first click once failed to appear in time in CI, and never alone.
  expect: { timeout: 10_000 * cpuSlowdown },
  timeout: 30_000 * cpuSlowdown,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace of every test costs a third of the suite's time on two cores; to look into a
    // failure, run it again with `npx playwright test <file> --trace on` and open the trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    // As a visitor who asked for less motion: the page scrolls without animating, so a click waits for no
    // smooth scroll to settle. What the page does is the same; only how it moves there differs.
    reducedMotion: 'reduce',
    launchOptions: { executablePath, args: [...(executablePath ? chromeFlags : []), blockOtherHosts] },
  },
  projects: [
    { name: 'chromium', use: browser, testIgnore: 'nginx.spec.ts' },
    // Every page as the real nginx serves the export with deploy/nginx.conf (read without a browser).
    ...(hasNginx
      ? [
          {
            name: 'nginx',
            use: { ...browser, baseURL: `http://localhost:${nginxPort}` },
            testMatch: ['site.spec.ts', 'nginx.spec.ts'],
          },
        ]
      : []),
  ],
  webServer: [
    {
      command: `node --import tsx scripts/serve.ts ${outDir}`,
      env: {
        PORT: String(port),
        ORDERS_DATA_DIR: process.env.E2E_ORDERS_DIR,
        ORDER_RATE_LIMIT: '0',
        ALLOWED_ORIGINS: `http://localhost:${port}`,
      },
      // Ready once the order service beside the pages answers; until then its routes answer 503.
      url: `http://localhost:${port}/api/health`,
      // Always a fresh server: it reads out/_headers when it starts.
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    ...(hasNginx
      ? [
          {
            command: `node --import tsx scripts/serve-nginx.ts ${outDir}`,
            env: { PORT: String(nginxPort) },
            url: `http://localhost:${nginxPort}/`,
            reuseExistingServer: false,
            stdout: 'ignore' as const,
            // SIGTERM lets the script stop nginx and remove its folder.
            gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5000 },
          },
        ]
      : []),
  ],
});
