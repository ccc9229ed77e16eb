#!/usr/bin/env node
// `npm run bench`: the site's performance side by side with the framework
// floor (../shared/peers/next-floor), measured in the same run, on the same
// static server, with the same Lighthouse settings. It reports; it is no gate,
// and nothing here is part of `npm test` (anything timed depends on the machine).
//
//   npm run bench                     build the site and the floor, 3 runs per page
//   npm run bench -- --runs 5         more runs per page
//   npm run bench -- --no-build       measure the site's current out/ (the floor is always built)
//
// FLOOR_DIR overrides where the floor's sources are. The floor is copied into
// .bench/next-floor (gitignored), its dependencies are pinned to the versions
// this project has installed, and it is built with `next build` (Turbopack),
// the bundler the site uses. Each page runs in Lighthouse's mobile preset
// (simulated throttling, 4× CPU slowdown), site and floor interleaved, and the
// table holds medians. It is printed and written to .bench/last-run.md; see
// docs/performance.md for how to read it.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { resolveExportPath } from './lib/export-files.ts';
import { firstLoadJs } from './lib/first-load.ts';
import { chromeFlags, chromePath, startServer } from './lib/local-site.mjs';

/** Site page and the floor page that plays the same part. */
const pairs = [
  { site: '/', floor: '/' },
  { site: '/leads/treppenlifte', floor: '/leads/a' },
  { site: '/en/leads/stairlifts', floor: '/en/leads/a' },
];

/** Targets from the issue, against the floor measured in the same run (see docs/performance.md). */
const PERFORMANCE_MARGIN = 0.01;
const LCP_FACTOR = 1.1;
const JS_MARGIN_KB = 10;
/** ../shared/DESIGN.md, Budgets. */
const CLS_LIMIT = 0.01;

const ATTEMPTS = 3;

const { values: options } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    'no-build': { type: 'boolean', default: false },
  },
});
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1)
  throw new Error(`--runs must be a whole number ≥ 1, not ${options.runs}`);

const projectDir = fileURLToPath(new URL('..', import.meta.url));
const floorSource = path.resolve(projectDir, process.env.FLOOR_DIR ?? '../shared/peers/next-floor');
const benchDir = path.join(projectDir, '.bench');
const floorDir = path.join(benchDir, 'next-floor');
const installRecord = path.join(benchDir, 'next-floor.install.json');
const reportsDir = path.join(benchDir, 'lighthouse');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const started = Date.now();

/** Progress goes to stderr, so that stdout carries the Markdown alone. */
function progress(message) {
  console.error(message);
}

/** Runs a command to completion; its output is shown only when it fails. */
function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;
  if (result.status !== 0) {
    console.error(output.split('\n').slice(-60).join('\n'));
    throw new Error(
      `\`${command} ${args.join(' ')}\` in ${cwd} failed (${result.error?.message ?? result.status})`,
    );
  }
  return output;
}

/** "Next.js 16.4.5 (Turbopack)" from a build's output. */
function builtWith(output) {
  return /Next\.js [\d.]+[^\s]* \([^)]+\)/.exec(output)?.[0] ?? 'Next.js (bundler not reported)';
}

function installedVersion(dir, name) {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, 'node_modules', name, 'package.json'), 'utf8')).version;
  } catch {
    return undefined;
  }
}

/** Copies a folder's files as plain writable files (the shared floor is read-only), without build output. */
function copySources(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (['node_modules', '.next', 'out'].includes(entry.name)) continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) copySources(source, target);
    else if (entry.isFile()) fs.writeFileSync(target, fs.readFileSync(source));
  }
}

/**
 * Removes the floor's sources and build output, keeping its install for the next run. ESLint's flat
 * config does not skip dot folders or .gitignore, so `npm run lint` in this checkout would otherwise
 * lint the floor's code and its built chunks.
 */
function removeFloorSources() {
  if (!fs.existsSync(floorDir)) return;
  for (const name of fs.readdirSync(floorDir)) {
    if (['node_modules', 'package.json', 'package-lock.json'].includes(name)) continue;
    fs.rmSync(path.join(floorDir, name), { recursive: true, force: true });
  }
}

/**
 * Copies the floor, pins every dependency it shares with this project to the version installed here
 * (like is compared with like: same framework, same React, same bundler), installs unless the same
 * pins are installed already, and builds it with Turbopack. Returns what the report says about it.
 */
function prepareFloor() {
  if (!fs.existsSync(path.join(floorSource, 'package.json'))) {
    throw new Error(`no floor at ${floorSource}: set FLOOR_DIR to the next-floor folder`);
  }
  const manifest = JSON.parse(fs.readFileSync(path.join(floorSource, 'package.json'), 'utf8'));
  removeFloorSources();
  copySources(floorSource, floorDir);

  const pins = [];
  const unpinned = [];
  for (const field of ['dependencies', 'devDependencies']) {
    for (const [name, range] of Object.entries(manifest[field] ?? {})) {
      const version = installedVersion(projectDir, name);
      if (version) {
        manifest[field][name] = version;
        pins.push({ name, version, range });
      } else {
        unpinned.push(`${name} ${range}`);
      }
    }
  }
  fs.writeFileSync(path.join(floorDir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);

  const wanted = JSON.stringify({
    dependencies: manifest.dependencies,
    devDependencies: manifest.devDependencies,
  });
  const installed =
    fs.existsSync(installRecord) &&
    fs.readFileSync(installRecord, 'utf8') === wanted &&
    pins.every((pin) => installedVersion(floorDir, pin.name) === pin.version);
  if (installed) {
    progress('Floor: reusing its install, same pinned versions');
  } else {
    progress('Floor: npm install with the pinned versions');
    fs.rmSync(installRecord, { force: true });
    run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts'], floorDir);
    const wrong = pins.filter((pin) => installedVersion(floorDir, pin.name) !== pin.version);
    if (wrong.length > 0) {
      throw new Error(
        `the floor's install did not give the pinned ${wrong.map((pin) => pin.name).join(', ')}`,
      );
    }
    fs.writeFileSync(installRecord, wanted);
  }

  progress('Floor: next build (Turbopack)');
  // The floor's own `build` script uses webpack; `build:turbopack` is plain `next build`.
  const output = manifest.scripts?.['build:turbopack']
    ? run('npm', ['run', 'build:turbopack'], floorDir)
    : run('npx', ['next', 'build'], floorDir);
  return { builtWith: builtWith(output), pins, unpinned };
}

function buildSite() {
  if (options['no-build']) {
    if (!fs.existsSync(path.join(projectDir, 'out', 'index.html'))) {
      throw new Error('--no-build needs a built site in out/: run `npm run build` first');
    }
    return `Next.js ${installedVersion(projectDir, 'next')}, out/ as found (--no-build)`;
  }
  progress('Site: npm run build');
  return builtWith(run('npm', ['run', 'build'], projectDir));
}

const config = { extends: 'lighthouse:default', settings: { onlyCategories: ['performance'] } };

/** One Lighthouse run; a run that failed to record (NO_NAVSTART and the like) is run again, twice at most. */
async function measure(port, url) {
  let problem;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    try {
      const result = await lighthouse(url, { port, logLevel: 'error' }, config);
      const lhr = result?.lhr;
      if (!lhr) problem = 'no result';
      else if (lhr.runtimeError) problem = `${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
      else if (lhr.categories.performance.score === null) problem = 'no performance score';
      else return lhr;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    if (attempt < ATTEMPTS) progress(`  ${url}: ${problem}; running Lighthouse again`);
  }
  throw new Error(`Lighthouse could not measure ${url} in ${ATTEMPTS} attempts: ${problem}`);
}

function metrics(lhr) {
  return {
    performance: lhr.categories.performance.score,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    tbt: lhr.audits['total-blocking-time'].numericValue,
    cls: lhr.audits['cumulative-layout-shift'].numericValue,
    benchmarkIndex: lhr.environment.benchmarkIndex,
  };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

function slug(urlPath) {
  return urlPath === '/' ? 'home' : urlPath.slice(1).replaceAll('/', '-');
}

function exportFile(root, urlPath) {
  const file = resolveExportPath(root, urlPath);
  if (!file) throw new Error(`${urlPath} is not in ${root}`);
  return file;
}

// Formatting: scores with two decimals as Lighthouse reports them, times in whole ms.
const score = (value) => value.toFixed(2);
const ms = (value) => String(Math.round(value));
const kb = (value) => value.toFixed(1);
const signed = (text) =>
  Number(text) === 0 ? text.replace('-', '') : text.startsWith('-') ? `−${text.slice(1)}` : `+${text}`;
const ratio = (site, floor) => (floor > 0 ? `${(site / floor).toFixed(2)}×` : site > 0 ? '∞' : '—');
const spread = (values, format) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;

function chromiumVersion(port) {
  return fetch(`http://127.0.0.1:${port}/json/version`)
    .then((response) => response.json())
    .then((version) => version.Browser)
    .catch(() => 'Chromium (version not reported)');
}

function gitRevision() {
  const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: projectDir, encoding: 'utf8' });
  if (head.status !== 0) return 'an unknown revision';
  const status = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], {
    cwd: projectDir,
    encoding: 'utf8',
  });
  return `\`${head.stdout.trim()}\`${status.stdout.trim() ? ' with uncommitted changes' : ''}`;
}

async function main() {
  const siteBuild = buildSite();
  const floor = prepareFloor();
  const siteOut = path.join(projectDir, 'out');
  const floorOut = path.join(floorDir, 'out');

  // First-load JS counts bytes, so it is read once, not timed.
  const rows = pairs.map((pair) => ({
    site: { path: pair.site, runs: [], js: firstLoadJs(siteOut, exportFile(siteOut, pair.site)).kb },
    floor: { path: pair.floor, runs: [], js: firstLoadJs(floorOut, exportFile(floorOut, pair.floor)).kb },
  }));

  fs.rmSync(reportsDir, { recursive: true, force: true });
  fs.mkdirSync(reportsDir, { recursive: true });

  const servers = { site: await startServer(siteOut), floor: await startServer(floorOut) };
  const loads = [];
  const warnings = new Set();
  let chromium;
  let lighthouseRun;
  const measuringStarted = Date.now();
  try {
    const chrome = await chromeLauncher.launch({
      chromePath: chromePath(),
      chromeFlags: ['--headless=new', ...chromeFlags],
    });
    try {
      chromium = await chromiumVersion(chrome.port);
      // One pass that is not counted: the first navigations of a fresh browser are slower, and the
      // site, measured first in every round, would pay for it.
      progress('Warm-up: one unrecorded run of each home page');
      for (const side of ['site', 'floor']) await measure(chrome.port, `${servers[side].origin}/`);
      // Site and floor alternate, page by page and round by round, so that whatever else the machine
      // does meanwhile slows both alike.
      for (let round = 1; round <= runs; round += 1) {
        for (const row of rows) {
          for (const side of ['site', 'floor']) {
            const lhr = await measure(chrome.port, `${servers[side].origin}${row[side].path}`);
            lighthouseRun ??= { version: lhr.lighthouseVersion, settings: lhr.configSettings };
            for (const warning of lhr.runWarnings) warnings.add(warning);
            const result = metrics(lhr);
            row[side].runs.push(result);
            loads.push(os.loadavg()[0]);
            fs.writeFileSync(
              path.join(reportsDir, `${slug(row[side].path)}.${side}.${round}.json`),
              JSON.stringify(lhr),
            );
            progress(
              `run ${round}/${runs} ${side.padEnd(5)} ${row[side].path.padEnd(22)} performance ${score(result.performance)}  LCP ${ms(result.lcp)} ms  TBT ${ms(result.tbt)} ms  CLS ${result.cls.toFixed(3)}  benchmark index ${Math.round(result.benchmarkIndex)}`,
            );
          }
        }
      }
    } finally {
      await chrome.kill();
    }
  } finally {
    await servers.site.close();
    await servers.floor.close();
  }
  const measuringMs = Date.now() - measuringStarted;

  for (const row of rows) {
    for (const side of ['site', 'floor']) {
      const values = (key) => row[side].runs.map((result) => result[key]);
      row[side].performance = median(values('performance'));
      row[side].lcp = median(values('lcp'));
      row[side].tbt = median(values('tbt'));
      row[side].cls = median(values('cls'));
      row[side].performanceCell = spread(values('performance'), score);
      row[side].lcpCell = spread(values('lcp'), ms);
    }
  }
  const benchmarkIndexes = rows
    .flatMap((row) => [...row.site.runs, ...row.floor.runs])
    .map((r) => r.benchmarkIndex);

  const table = [
    '| page: site / floor | performance site | performance floor | Δ perf | LCP site ms | LCP floor ms | LCP ratio | TBT site ms | TBT floor ms | TBT ratio | CLS site | CLS floor | JS site kB | JS floor kB | Δ JS kB |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows
      .map((row) =>
        [
          `\`${row.site.path}\` / \`${row.floor.path}\``,
          row.site.performanceCell,
          row.floor.performanceCell,
          signed(score(row.site.performance - row.floor.performance)),
          row.site.lcpCell,
          row.floor.lcpCell,
          ratio(row.site.lcp, row.floor.lcp),
          ms(row.site.tbt),
          ms(row.floor.tbt),
          ratio(row.site.tbt, row.floor.tbt),
          row.site.cls.toFixed(3),
          row.floor.cls.toFixed(3),
          kb(row.site.js),
          kb(row.floor.js),
          signed((row.site.js - row.floor.js).toFixed(2)),
        ].join(' | '),
      )
      .map((line) => `| ${line} |`),
  ];

  // Scores are hundredths in binary floating point: 0.93 − 0.94 is a hair below −0.01.
  const targets = [
    {
      name: `Performance within ${PERFORMANCE_MARGIN} of the floor's`,
      met: (row) => row.site.performance - row.floor.performance >= -PERFORMANCE_MARGIN - 1e-9,
      value: (row) => signed(score(row.site.performance - row.floor.performance)),
    },
    {
      name: `LCP within ${Math.round((LCP_FACTOR - 1) * 100)} % of the floor's`,
      met: (row) => row.site.lcp <= row.floor.lcp * LCP_FACTOR,
      value: (row) => ratio(row.site.lcp, row.floor.lcp),
    },
    {
      name: `First-load JS within ${JS_MARGIN_KB} kB of the floor's`,
      met: (row) => row.site.js - row.floor.js <= JS_MARGIN_KB,
      value: (row) => `${signed((row.site.js - row.floor.js).toFixed(2))} kB`,
    },
    {
      name: `CLS ≤ ${CLS_LIMIT} (DESIGN.md)`,
      met: (row) => row.site.cls <= CLS_LIMIT,
      value: (row) => row.site.cls.toFixed(3),
    },
  ].map((target) => {
    const pages = rows.map(
      (row) => `\`${row.site.path}\` ${target.value(row)}${target.met(row) ? '' : ' (not met)'}`,
    );
    const met = rows.every(target.met);
    return `- ${target.name}: **${met ? 'met' : 'not met'}** — ${pages.join(', ')}`;
  });

  const { version, settings } = lighthouseRun;
  const cpus = os.cpus();
  const minutes = (time) => {
    const seconds = Math.round(time / 1000);
    return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
  };
  const pins = floor.pins.map((pin) => `${pin.name} ${pin.version}`).join(', ');
  const lines = [
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, site at ${gitRevision()}.`,
    '',
    `- Machine: ${os.type()} ${os.release()} ${os.arch()}, ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GB; Node ${process.version}; ${chromium}.`,
    `- Host benchmark index (Lighthouse): median ${Math.round(median(benchmarkIndexes))} (${Math.round(Math.min(...benchmarkIndexes))}–${Math.round(Math.max(...benchmarkIndexes))}); 1-minute load average while measuring: median ${median(loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}.`,
    `- Lighthouse ${version}, ${settings.formFactor} preset, throttling ${settings.throttlingMethod} with ${settings.throttling.cpuSlowdownMultiplier}× CPU slowdown; ${runs} run${runs === 1 ? '' : 's'} per page after one warm-up, site and floor interleaved; medians, (min–max) of the runs in brackets.`,
    `- Site: ${siteBuild}. Floor: ${floor.builtWith}, from \`${path.relative(projectDir, floorSource)}\`, pinned to the site's ${pins}${floor.unpinned.length ? `; not installed here, so as the floor asks: ${floor.unpinned.join(', ')}` : ''}.`,
    '- Ratios are site ÷ floor (below 1× is faster than the floor); Δ is site − floor. First-load JS is gzipped (level 9); its Δ has two decimals, so that the 10 kB target can be read off it.',
    ...(runs < 3 ? ['- **Fewer than 3 runs per page: the medians say little.**'] : []),
    '',
    ...table,
    '',
    'Targets, against the floor in this run:',
    '',
    ...targets,
    '',
    ...(warnings.size > 0
      ? ['Lighthouse warned:', '', ...[...warnings].map((warning) => `- ${warning}`), '']
      : []),
    `The bench took ${minutes(Date.now() - started)}, of which ${minutes(measuringMs)} measuring.`,
  ];
  const markdown = `${lines.join('\n')}\n`;
  fs.writeFileSync(path.join(benchDir, 'last-run.md'), markdown);
  console.log(`\n${markdown}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  removeFloorSources();
}
