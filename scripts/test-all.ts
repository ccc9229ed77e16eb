// `npm test`: every gate, each timed, ending with a summary. Every gate runs
// even when an earlier one failed (except those that need the build), so one
// run shows everything that is wrong. Each gate counts bytes, errors or
// violations, the same on a fast and a slow machine; `npm run bench` times.
//
// Two tracks run side by side: the checks of the sources, and the build
// followed by the gates that test its export, so that the browsers start
// without waiting for the checks. Each gate is printed whole once it ends.
// `e2e` tests the export in out/ while `fixture` builds the site again with
// one more category, added as data only (testing/fixture-category.ts), and
// runs the page sweep, the streaming test and the export tests on that site.
//
//   npm test                 all gates
//   npm test -- e2e fixture  only the gates named
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { addFixtureCategory } from '../testing/fixture-category';

interface Gate {
  name: string;
  command: string;
  needsBuild?: boolean;
  env?: Record<string, string>;
}
type Result = Gate & { ok: boolean; output: string; note: string };

const port = Number(process.env.E2E_PORT ?? 3100);
const fixtureOut = '.fixture-out';
const fixtureContent = path.join(os.tmpdir(), `leadwerk-fixture-content-${process.pid}`);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };

/** Each track is a list of steps; the gates of a step run side by side. */
const tracks: Gate[][][] = [
  [
    [
      { name: 'lint', command: 'npx eslint . --max-warnings=0 && npx prettier --check . --log-level=warn' },
      { name: 'types', command: 'npx tsc --noEmit' },
      { name: 'content', command: 'npm run --silent check:content' },
      { name: 'jest', command: 'npx jest --ci' },
    ],
  ],
  [
    [{ name: 'build', command: 'npm run build' }],
    [
      // Four browsers share the cores in this step, as with two each, but e2e has the longer queue: on two cores
      // it took 219 and 232 s with three, against 245 and 249 s with two; fixture still ends well before it.
      {
        name: 'e2e',
        command: 'npx playwright test --workers=3',
        needsBuild: true,
        env: { E2E_PORT: String(port) },
      },
      {
        name: 'fixture',
        command: [
          'npx next build',
          `npx tsx scripts/write-headers.ts ${fixtureOut}`,
          'npx playwright test --workers=1 --project=chromium e2e/sweep.spec.ts e2e/streaming.spec.ts e2e/export.spec.ts',
        ].join(' && '),
        needsBuild: true,
        env: {
          CONTENT_DIR: fixtureContent,
          EXPORT_DIR: fixtureOut,
          E2E_OUT: fixtureOut,
          // nginx takes the two ports after the e2e gate's.
          E2E_PORT: String(port + 10),
        },
      },
    ],
  ],
];
const gates = tracks.flat(2);

const only = process.argv.slice(2);
if (only.some((name) => !gates.some((gate) => gate.name === name))) {
  console.error(`Unknown gate in ${only.join(', ')}. Gates: ${gates.map((gate) => gate.name).join(', ')}`);
  process.exit(2);
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

/** Runs one gate; a gate run alone prints as it goes, the others are collected and printed whole. */
function run(gate: Gate, live: boolean): Promise<Result> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(gate.command, {
      shell: true,
      env: { ...env, ...gate.env },
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    child.on('close', (code) =>
      resolve({ ...gate, ok: code === 0, output, note: seconds(Date.now() - started) }),
    );
  });
}

const chosen = (step: Gate[]) => step.filter((gate) => only.length === 0 || only.includes(gate.name));
const live = chosen(gates).length === 1;

/** Runs the gates of a step side by side; those that need the build are not run if it failed. */
function runStep(step: Gate[], built: boolean): Promise<Result[]> {
  return Promise.all(
    chosen(step).map(async (gate): Promise<Result> => {
      if (gate.needsBuild && !built)
        return { ...gate, ok: false, output: '', note: 'not run: the build failed' };
      console.log(`\n━━ ${gate.name}${live ? '' : ' started'}: ${gate.command}`);
      const result = await run(gate, live);
      if (!live) console.log(`\n━━ ${result.name}: ${result.command}\n${result.output.trimEnd()}`);
      return result;
    }),
  );
}

/** Runs a track's steps in order. */
async function runTrack(track: Gate[][]): Promise<Result[]> {
  const results: Result[] = [];
  for (const step of track) {
    const built = results.every((result) => result.name !== 'build' || result.ok);
    results.push(...(await runStep(step, built)));
  }
  return results;
}

/** The tracks side by side (the script is CommonJS under tsx, so no top-level await). */
async function main() {
  const started = Date.now();
  let results: Result[];
  try {
    // The fixture site's content: a copy of content/ with one more category, as an editor adds one.
    fs.cpSync('content', fixtureContent, { recursive: true });
    addFixtureCategory(fixtureContent);
    results = (await Promise.all(tracks.map(runTrack))).flat();
  } finally {
    fs.rmSync(fixtureContent, { recursive: true, force: true });
    fs.rmSync(fixtureOut, { recursive: true, force: true });
  }

  console.log('\n━━ summary');
  for (const result of results)
    console.log(`${result.ok ? '✓' : '✗'} ${result.name.padEnd(11)} ${result.note}`);
  const passed = results.filter((result) => result.ok).length;
  console.log(
    `\ngates: ${passed} passed, ${results.length - passed} failed, in ${seconds(Date.now() - started)}`,
  );
  process.exit(passed === results.length ? 0 : 1);
}

void main();
