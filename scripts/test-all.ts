// `npm test`: every gate, each timed, then a summary with each gate's time and the ten slowest tests. Every gate
// runs even when another failed (those that test the export need the build), so one run shows everything that
// is wrong. Gates count bytes, errors or violations, the same on any machine; `npm run bench` times. The checks
// of the sources run beside the build, and the gates that test its export after it: `e2e` on out/, and
// `fixture` on the site built again with one more category, added as data only (testing/fixture-category.ts),
// read without a browser. Each gate prints whole once it ends. docs/testing.md says what runs where.
//
//   npm test                 all gates
//   npm test -- e2e fixture  only the gates named
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { addFixtureCategory } from '../testing/fixture-category';

/**
 * `yields`: the gate runs at a lower CPU priority (nice 10), on what the build and the browsers leave over. Only for
 * gates without a time limit of their own, since they may wait until the e2e gate's last minute.
 */
type Gate = {
  name: string;
  command: string;
  /** Read when the gate starts: the ports are known only then. */
  env?: () => Record<string, string>;
  yields?: boolean;
};
type Result = Gate & { ok: boolean; output: string; note: string };

/**
 * The servers of the gates that test the export listen on ports from a block: the static server with the order
 * service on its first port, nginx on the next two (e2e), and the same three ten above (fixture). E2E_PORT sets the
 * block's first port; without it, `main` takes the first free block from 3100 on (`claimPorts`), so that two runs of
 * `npm test` on one machine (two clones, or CI beside a developer's run) do not take each other's servers.
 */
let port = Number(process.env.E2E_PORT ?? 3100);
/** Where each runner writes its report of every test and its time, for the summary's slowest tests. */
const reports = path.resolve('test-results', 'gates');
const report = (name: string) => path.join(reports, name);
const fixtureOut = '.fixture-out';
const fixtureContent = path.join(os.tmpdir(), `leadwerk-fixture-content-${process.pid}`);
// The `types` gate checks every file once, so the two builds skip their own check of the app's types.
const env = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  TYPES_CHECKED: '1',
  FORCE_COLOR: process.stdout.isTTY ? '1' : '0',
};

const checks: Gate[] = [
  {
    name: 'lint',
    command: 'npx eslint . --max-warnings=0 && npx prettier --check . --log-level=warn',
    yields: true,
  },
  { name: 'types', command: 'npx tsc --noEmit', yields: true },
  { name: 'content', command: 'npm run --silent check:content' },
  { name: 'jest', command: `npx jest --ci --json --outputFile=${report('jest.json')}` },
  // The order service with its real parts: SQLite files, an SMTP server, its own process, a Postgres cluster.
  {
    name: 'orders',
    command: [
      'node --import tsx --test --test-concurrency=4',
      '--test-reporter=spec --test-reporter-destination=stdout',
      `--test-reporter=junit --test-reporter-destination=${report('orders.xml')}`,
      'orders/test/*.test.ts',
    ].join(' '),
  },
];
/**
 * The export is built as `npm start` builds it, sending orders to the order service beside it on the same
 * origin (scripts/serve.ts), so that e2e tests the checkout's order from the button to the number. The
 * fixture gate builds without it: the site as any static host serves it alone.
 */
const orderService = { ORDER_ENDPOINT: '/api/orders' };
const build: Gate = { name: 'build', command: 'npm run build', env: () => orderService };
/**
 * The fixture site, built after the site itself and with the same configuration, so that it finds every module in
 * Next's compiler cache (`.next/cache`): the two differ only in the content their pages read while they render.
 * Its compile takes 2 s instead of 10, some 15 s of CPU less. (With a `distDir` of its own, the configuration
 * differs and nothing carries over.) Both write `out/`: the site's export moves to `.site-out/` for the e2e gate
 * first (and back to `out/` at the end), and the fixture's to `.fixture-out/`.
 */
const fixtureBuild: Gate = {
  name: 'fixture build',
  command: [
    'npx next build',
    `rm -rf ${fixtureOut}`,
    `mv out ${fixtureOut}`,
    `npx tsx scripts/write-headers.ts ${fixtureOut}`,
  ].join(' && '),
  env: () => ({ CONTENT_DIR: fixtureContent }),
};
const fixtureTests: Gate = {
  name: 'fixture',
  command:
    'npx playwright test --workers=1 --project=chromium --reporter=list,json e2e/site.spec.ts e2e/export.spec.ts e2e/streaming.spec.ts',
  // nginx takes the two ports after the e2e gate's.
  env: () => ({
    CONTENT_DIR: fixtureContent,
    E2E_OUT: fixtureOut,
    E2E_PORT: String(port + 10),
    PLAYWRIGHT_JSON_OUTPUT_NAME: report('fixture.json'),
  }),
};
/** The browsers get the two cores' worth of workers; the fixture gate reads its export without one, but for three streamed pages. */
const e2e: Gate = {
  name: 'e2e',
  command: 'npx playwright test --reporter=list,json',
  env: () => ({ ...orderService, E2E_PORT: String(port), PLAYWRIGHT_JSON_OUTPUT_NAME: report('e2e.json') }),
};
const gates = [...checks, build, e2e, fixtureBuild, fixtureTests];

const only = process.argv.slice(2);
if (only.some((name) => !gates.some((gate) => gate.name === name))) {
  console.error(`Unknown gate in ${only.join(', ')}. Gates: ${gates.map((gate) => gate.name).join(', ')}`);
  process.exit(2);
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Lowers a process's CPU priority to nice 10; the processes it starts from then on inherit it. */
function lowerPriority(pid: number) {
  try {
    os.setPriority(pid, 10);
  } catch {
    // The process has ended already.
  }
}

/** Runs one gate; a gate run alone prints as it goes, the others are collected and printed whole. */
function run(gate: Gate, live: boolean): Promise<Result> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(gate.command, {
      shell: true,
      env: { ...env, ...gate.env?.() },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    // Lowered on the shell right after it starts, so the command it runs inherits the priority.
    if (gate.yields && child.pid) lowerPriority(child.pid);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      resolve({ ...gate, ok: code === 0, output, note: seconds(Date.now() - started) }),
    );
  });
}

const chosen = (list: Gate[]) => list.filter((gate) => only.length === 0 || only.includes(gate.name));
/** The fixture's gates need the site's build before them (`fixtureBuild`); the e2e gate alone tests the export there is. */
const fixture = chosen([fixtureBuild, fixtureTests]).length > 0 ? [fixtureBuild, fixtureTests] : [];
const builds = fixture.length > 0 ? [build] : chosen([build]);
const live = chosen(checks).length + builds.length + chosen([e2e]).length + fixture.length === 1;
const siteOut = '.site-out';

/** Runs gates side by side. */
function runAll(list: Gate[]): Promise<Result[]> {
  return Promise.all(list.map((gate) => runOne(gate)));
}

async function runOne(gate: Gate): Promise<Result> {
  console.log(`\n━━ ${gate.name}${live ? '' : ' started'}: ${gate.command}`);
  const result = await run(gate, live);
  if (!live) console.log(`\n━━ ${result.name}: ${result.command}\n${result.output.trimEnd()}`);
  return result;
}

/** A gate left out because one it needs failed. */
const notRun = (gate: Gate, failed: string): Result => ({
  ...gate,
  ok: false,
  output: '',
  note: `not run: ${failed} failed`,
});

/** Gates one after the other, as long as each passes; the rest are reported as not run. */
async function inOrder(list: Gate[]): Promise<Result[]> {
  const results: Result[] = [];
  for (const gate of list) {
    if (results.some((result) => !result.ok))
      results.push(notRun(gate, results.find((result) => !result.ok)!.name));
    else results.push(await runOne(gate));
  }
  return results;
}

/**
 * The site's build, then the e2e gate on it beside the fixture's build and tests. While the fixture is built into
 * `out/`, the site's export waits in `.site-out/` for the e2e gate; `main` puts it back.
 */
async function buildAndTest(): Promise<Result[]> {
  const built = await inOrder(builds);
  const tests = [...chosen([e2e]), ...fixture];
  if (!built.every((result) => result.ok))
    return [...built, ...tests.map((gate) => notRun(gate, 'the build'))];
  if (fixture.length === 0) return [...built, ...(await runAll(chosen([e2e])))];
  fs.rmSync(siteOut, { recursive: true, force: true });
  fs.renameSync('out', siteOut);
  const onSite = chosen([e2e]).map((gate) => ({
    ...gate,
    env: () => ({ ...gate.env?.(), E2E_OUT: siteOut }),
  }));
  return [...built, ...(await Promise.all([runAll(onSite), inOrder(fixture)])).flat()];
}

interface Timed {
  gate: string;
  title: string;
  ms: number;
}

/** Every test of a Playwright JSON report, with the time of each run of it. */
function playwrightTests(gate: string, file: string): Timed[] {
  interface Suite {
    title: string;
    specs?: { title: string; tests: { projectName: string; results: { duration: number }[] }[] }[];
    suites?: Suite[];
  }
  const walk = (suite: Suite, trail: string[]): Timed[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests.flatMap((test) =>
        test.results.map((result) => ({
          gate,
          title: `[${test.projectName}] ${[...trail, spec.title].join(' › ')}`,
          ms: result.duration,
        })),
      ),
    ),
    ...(suite.suites ?? []).flatMap((child) => walk(child, [...trail, child.title])),
  ];
  const { suites } = JSON.parse(fs.readFileSync(file, 'utf8')) as { suites: Suite[] };
  return suites.flatMap((suite) => walk(suite, [suite.title]));
}

/** Every test of jest's JSON report. */
function jestTests(file: string): Timed[] {
  const { testResults } = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
  };
  return testResults.flatMap((suite) =>
    suite.assertionResults.map((test) => ({
      gate: 'jest',
      title: `${path.relative('.', suite.name)} › ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  );
}

/** Every test case of the Node test runner's JUnit report (its time in seconds). */
function junitTests(gate: string, file: string): Timed[] {
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'), { xml: true });
  return $('testcase')
    .toArray()
    .map((testCase) => ({
      gate,
      title: `${$(testCase).attr('classname')} › ${$(testCase).attr('name')}`,
      ms: Number($(testCase).attr('time')) * 1000,
    }));
}

/** The slowest tests of every report the gates wrote. */
function slowestTests(count: number): Timed[] {
  const readers: [string, () => Timed[]][] = [
    ['e2e.json', () => playwrightTests('e2e', report('e2e.json'))],
    ['fixture.json', () => playwrightTests('fixture', report('fixture.json'))],
    ['jest.json', () => jestTests(report('jest.json'))],
    ['orders.xml', () => junitTests('orders', report('orders.xml'))],
  ];
  return readers
    .filter(([file]) => fs.existsSync(report(file)))
    .flatMap(([, read]) => read())
    .sort((a, b) => b.ms - a.ms)
    .slice(0, count);
}

/** Listens on `port` of every address of this machine; undefined when something else has it. */
function listen(port: number): Promise<net.Server | undefined> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(undefined));
    server.listen({ port, exclusive: true }, () => resolve(server.unref()));
  });
}

/** The server that holds this run's block of ports, for as long as the run lasts. */
let portsHeld: net.Server | undefined;

/**
 * Takes the first block of ports from 3100 on, in steps of 100, that no other run holds and whose ports are free.
 * A run holds its block by listening on the block's port 50 until it ends (the system frees it also when the run
 * is killed): the servers themselves start only after the build, too late to tell a run that started beside it.
 */

async function claimPorts(): Promise<void> {
  if (process.env.E2E_PORT) return;
  const used = [0, 1, 2, 10, 11, 12];
  for (let base = 3100; base < 5000; base += 100) {
    const hold = await listen(base + 50);
    if (!hold) continue;
    const probes = await Promise.all(used.map((offset) => listen(base + offset)));
    await Promise.all(probes.map((probe) => new Promise((done) => (probe ? probe.close(done) : done(null)))));
    if (probes.every(Boolean)) {
      portsHeld = hold;
      port = base;
      if (base !== 3100)
        console.log(`Another run holds ports from 3100: this run's servers use ${base}–${base + 12}.`);
      return;
    }
    hold.close();
  }
  throw new Error('No free block of ports from 3100 to 5000 for the e2e and fixture gates; set E2E_PORT');
}

/** The checks beside the build and its tests (the script is CommonJS under tsx, so no top-level await). */
async function main() {
  const started = Date.now();
  let results: Result[];
  await claimPorts();
  fs.rmSync(reports, { recursive: true, force: true });
  fs.mkdirSync(reports, { recursive: true });
  try {
    // The fixture site's content: a copy of content/ with one more category, as an editor adds one.
    fs.cpSync('content', fixtureContent, { recursive: true });
    addFixtureCategory(fixtureContent);
    results = (await Promise.all([runAll(chosen(checks)), buildAndTest()])).flat();
  } finally {
    fs.rmSync(fixtureContent, { recursive: true, force: true });
    fs.rmSync(fixtureOut, { recursive: true, force: true });
    // The site's export back where `npm start` and a later `npx playwright test` look for it.
    if (fs.existsSync(siteOut)) {
      fs.rmSync('out', { recursive: true, force: true });
      fs.renameSync(siteOut, 'out');
    }
  }

  console.log('\n━━ the ten slowest tests');
  for (const test of slowestTests(10))
    console.log(`${(test.ms / 1000).toFixed(1).padStart(6)} s  ${test.gate.padEnd(8)} ${test.title}`);
  console.log('\n━━ summary');
  for (const result of results)
    console.log(`${result.ok ? '✓' : '✗'} ${result.name.padEnd(14)} ${result.note}`);
  const passed = results.filter((result) => result.ok).length;
  console.log(
    `\ngates: ${passed} passed, ${results.length - passed} failed, in ${seconds(Date.now() - started)}`,
  );
  portsHeld?.close();
  process.exit(passed === results.length ? 0 : 1);
}

void main();
