import { defineConfig, devices } from '@playwright/test';
import { chromeFlags, chromePath } from './scripts/lib/local-site.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The export to test; `out/` unless E2E_OUT names a copy. */
const outDir = process.env.E2E_OUT ?? 'out';

const executablePath = chromePath();

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath,
      args: executablePath ? chromeFlags : [],
    },
  },
  projects: [
    {
      name: 'e2e',
      testIgnore: /a11y\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
    {
      // Accessibility gate (axe-core, WCAG 2.2 AA): its own project so `npm test` reports it separately.
      name: 'axe',
      testMatch: /a11y\.spec\.ts/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: {
    command: `node scripts/serve.mjs ${outDir}`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/`,
    // Always a fresh server: it reads out/_headers when it starts.
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
