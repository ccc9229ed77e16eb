#!/usr/bin/env node
// `npm test`: every gate, each timed, ending with one summary line. Every gate
// runs even when an earlier one failed (except those that need the build), so
// one run shows everything that is wrong. Nothing here is timed against a
// threshold: each gate counts bytes, errors or violations, which are the same
// on a fast and a slow machine. `npm run bench` does the timing.
//
// The gates run in steps. The gates of one step are independent of each other
// and run side by side, their output printed whole, one gate after the other,
// once the step is done: the static checks before the build, and the checks of
// the export after the end-to-end tests (which have both cores to themselves).
//
//   npm test                 all gates
//   npm test -- e2e seo      only the gates named
import { spawn } from 'node:child_process';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', FORCE_COLOR: process.stdout.isTTY ? '1' : '0' };

const steps = [
  [
    { name: 'lint', command: 'npx eslint . --max-warnings=0 && npx prettier --check . --log-level=warn' },
    { name: 'types', command: 'npx tsc --noEmit' },
    { name: 'content', command: 'npm run --silent check:content' },
    { name: 'jest', command: 'npx jest --ci' },
  ],
  [{ name: 'build', command: 'npm run build' }],
  [{ name: 'e2e', command: 'npx playwright test', needsBuild: true }],
  [
    { name: 'vnu', command: 'node scripts/check-html.mjs', needsBuild: true },
    { name: 'links', command: 'node scripts/check-links.mjs', needsBuild: true },
    { name: 'seo', command: 'npx tsx scripts/check-seo.mjs', needsBuild: true },
    { name: 'budget', command: 'node scripts/budget.mjs', needsBuild: true },
    { name: 'lighthouse', command: 'node scripts/audit.mjs', needsBuild: true },
    { name: 'fixture', command: 'npx tsx scripts/check-fixture-category.ts', needsBuild: true },
  ],
];
const gates = steps.flat();

const only = process.argv.slice(2);
const unknown = only.filter((name) => !gates.some((gate) => gate.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown gate(s): ${unknown.join(', ')}. Gates: ${gates.map((gate) => gate.name).join(', ')}`,
  );
  process.exit(2);
}

function seconds(ms) {
  return `${Math.round(ms / 1000)} s`;
}

/** Runs one gate; a gate alone in its step prints as it goes, the others are collected and printed whole. */
function run(gate, live) {
  return new Promise((resolve) => {
    const gateStarted = Date.now();
    const child = spawn(gate.command, {
      shell: true,
      env,
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    if (!live) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) =>
      resolve({ ...gate, ok: code === 0, output, note: seconds(Date.now() - gateStarted) }),
    );
  });
}

const results = [];
let built = true;
const started = Date.now();

for (const step of steps) {
  const chosen = step.filter((gate) => only.length === 0 || only.includes(gate.name));
  const runnable = chosen.filter((gate) => !gate.needsBuild || built);
  for (const gate of chosen.filter((candidate) => !runnable.includes(candidate))) {
    results.push({ ...gate, ok: false, note: 'not run: the build failed' });
  }
  const live = runnable.length === 1;
  if (live) console.log(`\n━━ ${runnable[0].name}: ${runnable[0].command}`);
  const finished = await Promise.all(runnable.map((gate) => run(gate, live)));
  for (const result of finished) {
    if (!live) console.log(`\n━━ ${result.name}: ${result.command}\n${result.output.trimEnd()}`);
    if (result.name === 'build' && !result.ok) built = false;
    results.push(result);
  }
}

console.log('\n━━ summary');
for (const result of results)
  console.log(`${result.ok ? '✓' : '✗'} ${result.name.padEnd(11)} ${result.note}`);
const passed = results.filter((result) => result.ok).length;
console.log(
  `\ngates: ${passed} passed, ${results.length - passed} failed, in ${seconds(Date.now() - started)}`,
);
process.exit(passed === results.length ? 0 : 1);
