/**
 * `npm run bench`: the site's loading performance beside the framework floor (bench/floor), in one run on one
 * machine: both built by the site's Next.js, served by the server of `npm start`, measured by Lighthouse's mobile
 * preset with both throttling methods, site and floor interleaved. A control row measures the floor against itself:
 * the resolution of the run. Prints one Markdown table of medians (progress on stderr) and keeps each run's report in
 * .bench/lighthouse/. No gate: timings depend on the machine (docs/performance.md).
 *
 *   npm run bench                  5 runs per page;  BENCH_RUNS=3 npm run bench  fewer
 *   BENCH_THROTTLING=simulate npm run bench    one throttling method (simulate or devtools); both by default
 */
import assert from 'node:assert';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import * as chromeLauncher from 'chrome-launcher';
import type { Result } from 'lighthouse';
import { getCategories } from '../lib/content';
import { categoryPath, defaultLocale, homePath, overviewPath } from '../lib/i18n';
import { resolveExportPath } from './lib/export-files';
import { firstLoadJs } from './lib/first-load';
import { chromeFlags, chromePath, startServer } from './lib/local-site';

const runs = Number(process.env.BENCH_RUNS ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error(`BENCH_RUNS must be a whole number ≥ 1`);

const projectDir = path.resolve(import.meta.dirname, '..');
const floorDir = path.join(projectDir, 'bench', 'floor');
const reportsDir = path.join(projectDir, '.bench', 'lighthouse');
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const kB = (data: Buffer) => data.length / 1024;
const gzipKb = (data: Buffer) => kB(zlib.gzipSync(data, { level: 9 }));
const brotliKb = (data: Buffer) => kB(zlib.brotliCompressSync(data));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
const sides = ['site', 'floor'] as const;
type Side = (typeof sides)[number];
/** Lighthouse's throttling methods: `simulate` (the preset, what PageSpeed Insights reports) loads the page unthrottled
 * and models the slow phone from that load; `devtools` applies the phone's limits while the page loads and times it. */
const allMethods = ['simulate', 'devtools'] as const;
type Method = (typeof allMethods)[number];
const onlyMethod = process.env.BENCH_THROTTLING;
if (onlyMethod && !allMethods.some((method) => method === onlyMethod))
  throw new Error(`BENCH_THROTTLING must be one of ${allMethods.join(', ')}`);
const methods = allMethods.filter((method) => !onlyMethod || method === onlyMethod);
const steps = methods.flatMap((method) => sides.map((side) => [method, side] as const));

const [firstCategory] = getCategories();
if (!firstCategory) throw new Error('content/ has no category to measure');
type Pair = Record<Side, string> & { control?: true };
/** Each site page and the floor page that plays its part. The floor has no list page; its home is, like the
 * overview, a German page without a dynamic segment. The control puts the floor's page in the site's place, from a
 * server of its own: its ratio is what two measurements of the same page differ by in this run. */
const pairs: Pair[] = [
  { site: homePath(defaultLocale), floor: '/' },
  { site: overviewPath(defaultLocale), floor: '/' },
  { site: categoryPath(firstCategory, defaultLocale), floor: '/leads/a' },
  { site: categoryPath(firstCategory, 'en'), floor: '/en/leads/a' },
  { site: '/leads/a', floor: '/leads/a', control: true },
];

/** Runs a command to completion and returns its output, which it shows only when the command fails. */
function run(command: string, args: string[], cwd = projectDir): string {
  const { status, stdout, stderr } = spawnSync(command, args, { cwd, env, encoding: 'utf8', maxBuffer: 1e9 });
  if (status === 0) return `${stdout}${stderr}`;
  throw new Error(`\`${command} ${args.join(' ')}\` failed in ${cwd}:\n${stdout}${stderr}`);
}

/** "Next.js 16.4.5 (Turbopack)", as the build prints it. */
const builtWith = (output: string) =>
  /Next\.js \S+ \([^)]+\)/.exec(output)?.[0] ?? 'Next.js (bundler not printed)';

const exportFile = (root: string, urlPath: string): string =>
  resolveExportPath(root, urlPath) ?? assert.fail(`${urlPath} is not in ${root}`);

/** A page's weight in kB: first-load JS gzipped as the budget test counts it; HTML and CSS (stylesheets and
 * <style>) raw and gzipped at level 9 like the JavaScript. */
function weigh(root: string, urlPath: string) {
  const file = exportFile(root, urlPath);
  const html = fs.readFileSync(file);
  const $ = cheerio.load(html.toString('utf8'));
  const sheet = (href = '') => decodeURIComponent(new URL(href, `http://export.invalid${urlPath}`).pathname);
  const css = [
    ...$('link[rel~="stylesheet"]').map((_, link) =>
      fs.readFileSync(exportFile(root, sheet(link.attribs.href))),
    ),
    ...$('style').map((_, style) => Buffer.from($(style).text())),
  ];
  const js: number = firstLoadJs(root, file).kb;
  return {
    js,
    html: kB(html),
    htmlGzip: gzipKb(html),
    htmlBrotli: brotliKb(html),
    css: sum(css.map(kB)),
    cssGzip: sum(css.map(gzipKb)),
  };
}

/**
 * One Lighthouse run, written to `file`; a run without a usable trace (NO_NAVSTART and the like) is repeated,
 * twice at most. It runs the package's CLI in plain Node: under tsx, the functions the Node API evaluates in the
 * page carry esbuild's `__name` helper and fail there (tsx issue #113).
 */
function measure(port: number, url: string, method: Method, file: string, attempt = 1): Result {
  fs.rmSync(file, { force: true });
  const cli = path.join(projectDir, 'node_modules/.bin/lighthouse');
  const flags = [`--port=${port}`, `--throttling-method=${method}`, '--only-categories=performance'];
  const output = ['--quiet', '--output=json', `--output-path=${file}`];
  const { stderr } = spawnSync(cli, [url, ...flags, ...output], { env, encoding: 'utf8' });
  const lhr = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Result) : undefined;
  if (lhr && !lhr.runtimeError && typeof lhr.categories.performance?.score === 'number') return lhr;
  const problem = `${url}: ${lhr?.runtimeError?.message ?? (stderr || 'no performance score')}`;
  if (attempt === 3) throw new Error(`Lighthouse could not measure ${problem}`);
  console.error(`  ${problem}; measuring again`);
  return measure(port, url, method, file, attempt + 1);
}

/** A page's runs by one method and its weight, as the table shows them: medians of each metric on its own. */
function summary(page: Record<Method, Result[]> & { weight: Weight }, method: Method) {
  const of = (audit: string) => page[method].map((lhr) => lhr.audits[audit]?.numericValue ?? NaN);
  const lcps = of('largest-contentful-paint');
  return {
    ...page.weight,
    performance: median(page[method].map((lhr) => lhr.categories.performance?.score ?? 0)),
    lcp: median(lcps),
    lcpCell: spread(lcps),
    tbt: median(of('total-blocking-time')),
    tti: median(of('interactive')),
    cls: median(of('cumulative-layout-shift')),
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

const fixed = (digits: number) => (value: number) => value.toFixed(digits);
const [score, ms, kb] = [fixed(2), fixed(0), fixed(1)];
/** "median (min–max)" */
const spread = (values: number[], format = ms) =>
  `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
const ratio = (site: number, floor: number) => (floor > 0 ? `${(site / floor).toFixed(2)}×` : '—');
const delta = (value: number, format: (value: number) => string) =>
  `${value < 0 ? '−' : '+'}${format(Math.abs(value))}`;

const header =
  [
    '| page: site / floor | throttling | perf site / floor | Δ perf | LCP ms site (min–max) / floor (min–max) | LCP ratio',
    'TBT ms site / floor | TBT ratio | TTI ms site / floor | TTI ratio | CLS site / floor | JS kB site / floor | Δ JS kB',
    'HTML kB raw (gzip, brotli) site / floor | HTML gzip ratio | CSS kB raw (gzip) site / floor | CSS gzip ratio |',
  ].join(' | ') + `\n|---|${'---:|'.repeat(16)}`;

function tableRow(pair: Pair, method: Method, site: Summary, floor: Summary): string {
  const both = (format: (value: number) => string, key: 'performance' | 'tbt' | 'tti' | 'cls' | 'js') =>
    `${format(site[key])} / ${format(floor[key])}`;
  const cells = [
    `${pair.control ? 'control: floor ' : ''}\`${pair.site}\` / \`${pair.floor}\``,
    method === 'simulate' ? 'simulated' : 'applied',
    both(score, 'performance'),
    delta(site.performance - floor.performance, score),
    `${site.lcpCell} / ${floor.lcpCell}`,
    ratio(site.lcp, floor.lcp),
    both(ms, 'tbt'),
    ratio(site.tbt, floor.tbt),
    both(ms, 'tti'),
    ratio(site.tti, floor.tti),
    both(fixed(3), 'cls'),
    both(kb, 'js'),
    delta(site.js - floor.js, kb),
    `${kb(site.html)} (${kb(site.htmlGzip)}, ${kb(site.htmlBrotli)}) / ${kb(floor.html)} (${kb(floor.htmlGzip)}, ${kb(floor.htmlBrotli)})`,
    ratio(site.htmlGzip, floor.htmlGzip),
    `${kb(site.css)} (${kb(site.cssGzip)}) / ${kb(floor.css)} (${kb(floor.cssGzip)})`,
    ratio(site.cssGzip, floor.cssGzip),
  ];
  return `| ${cells.join(' | ')} |`;
}
type Summary = ReturnType<typeof summary>;
type Weight = ReturnType<typeof weigh>;

async function main() {
  const started = Date.now();
  console.error('Building the site (npm run build) and the floor (next build in bench/floor)');
  const siteBuild = builtWith(run('npm', ['run', 'build']));
  const floorBuild = builtWith(run(path.join(projectDir, 'node_modules/.bin/next'), ['build'], floorDir));
  const roots = { site: path.join(projectDir, 'out'), floor: path.join(floorDir, 'out') };
  const runsOf = (weight: Weight) => ({ simulate: [] as Result[], devtools: [] as Result[], weight });
  const rows = pairs.map((pair) => ({
    pair,
    site: runsOf(weigh(pair.control ? roots.floor : roots.site, pair.site)),
    floor: runsOf(weigh(roots.floor, pair.floor)),
  }));

  fs.rmSync(reportsDir, { recursive: true, force: true });
  fs.mkdirSync(reportsDir, { recursive: true });
  const servers = { site: await startServer(roots.site), floor: await startServer(roots.floor) };
  const control = await startServer(roots.floor);
  const chrome = await chromeLauncher.launch({
    chromePath: chromePath(),
    chromeFlags: ['--headless=new', ...chromeFlags],
  });
  const loads: number[] = [];
  try {
    // Unrecorded: a fresh browser's first navigations are slower, and the site, measured first, would pay for it.
    for (const side of sides)
      measure(chrome.port, `${servers[side].origin}/`, 'simulate', path.join(reportsDir, 'warm-up.json'));
    // Site, floor, site, floor …: whatever else the machine does meanwhile slows both alike.
    for (let round = 1; round <= runs; round += 1) {
      for (const [index, row] of rows.entries()) {
        for (const [method, side] of steps) {
          const file = path.join(reportsDir, `${index + 1}-${method}-${side}-${round}.json`);
          const server = side === 'site' && row.pair.control ? control : servers[side];
          row[side][method].push(measure(chrome.port, `${server.origin}${row.pair[side]}`, method, file));
          loads.push(os.loadavg()[0] ?? 0);
          const who = row.pair.control && side === 'site' ? 'control' : side;
          console.error(`run ${round}/${runs}, ${method}: ${who} ${row.pair[side]}`);
        }
      }
    }
  } finally {
    chrome.kill();
    await Promise.all([...sides.map((side) => servers[side].close()), control.close()]);
  }

  const all = rows.flatMap((row) => methods.flatMap((method) => [...row.site[method], ...row.floor[method]]));
  const indexes = all.map((lhr) => lhr.environment.benchmarkIndex);

  const commit = run('git', ['rev-parse', '--short', 'HEAD']).trim();
  const dirty = run('git', ['status', '--porcelain', '--untracked-files=no']).trim();
  const cpus = os.cpus();
  console.log(
    [
      `- ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, site at \`${commit}\`${dirty ? ' with uncommitted changes' : ''}; ${runs} run${runs === 1 ? '' : 's'} per page after one warm-up, site and floor interleaved; medians.`,
      `- Machine: ${os.type()} ${os.arch()}, ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores; Node ${process.version}; ${run(chromePath() ?? 'chromium', ['--version']).split('\n')[0]}; Lighthouse ${all[0]?.lighthouseVersion}, mobile preset (4× CPU slowdown), ${methods.map((method) => (method === 'simulate' ? 'simulated' : 'applied')).join(' and ')}; host benchmark index ${spread(indexes)}; 1-minute load average while measuring ${spread(loads, fixed(1))}.`,
      `- Site: ${siteBuild}. Floor: ${floorBuild}. Took ${Math.round((Date.now() - started) / 1000)} s.`,
      '',
      header,
      ...rows.flatMap((row) =>
        methods.map((method) =>
          tableRow(row.pair, method, summary(row.site, method), summary(row.floor, method)),
        ),
      ),
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
