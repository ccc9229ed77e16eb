import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import chromium from './config/chromium.json';

const port = Number(process.env.E2E_PORT ?? 3100);
/** The export to test; `out/` unless E2E_OUT names a copy. */
const outDir = process.env.E2E_OUT ?? 'out';

/** The system Chromium (CHROME_PATH, else Debian's), or Playwright's own browser on machines that have one. */
const executablePath = [process.env.CHROME_PATH, chromium.defaultPath].find(
  (candidate): candidate is string => !!candidate && fs.existsSync(candidate),
);

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
    // Recording a trace of every test costs a third of the suite's time on two cores; to look into a
    // failure, run it again with `npx playwright test <file> --trace on` and open the trace.
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: executablePath ? chromium.flags : [],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } },
    },
  ],
  webServer: {
    command: `node --import tsx scripts/serve.mjs ${outDir}`,
    env: { PORT: String(port) },
    url: `http://localhost:${port}/`,
    // Always a fresh server: it reads out/_headers when it starts.
    reuseExistingServer: false,
    stdout: 'ignore',
  },
});
