#!/usr/bin/env node
// `npm test`: every gate, in order, each timed, ending with one summary line.
// Every gate runs even when an earlier one failed (except those that need the
// build), so one run shows everything that is wrong. Nothing here is timed
// against a threshold: each gate counts bytes, errors or violations, which are
// the same on a fast and a slow machine. `npm run bench` does the timing.
//
//   npm test                 all gates
//   npm test -- e2e seo      only the gates named
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

const gates = [
  { name: 'lint', command: 'npx eslint . --max-warnings=0 && npx prettier --check . --log-level=warn' },
  { name: 'types', command: 'npx tsc --noEmit' },
  { name: 'content', command: 'npm run --silent check:content' },
  { name: 'jest', command: 'npx jest --ci' },
  { name: 'build', command: 'npm run build' },
  { name: 'e2e', command: 'npx playwright test', needsBuild: true },
  { name: 'vnu', command: 'node scripts/check-html.mjs', needsBuild: true },
  { name: 'links', command: 'node scripts/check-links.mjs', needsBuild: true },
  { name: 'seo', command: 'node scripts/check-seo.mjs', needsBuild: true },
  { name: 'fixture', command: 'npx tsx scripts/check-fixture-category.ts', needsBuild: true },
  { name: 'budget', command: 'node scripts/budget.mjs', needsBuild: true },
  { name: 'lighthouse', command: 'node scripts/audit.mjs', needsBuild: true },
];

const only = process.argv.slice(2);
const unknown = only.filter((name) => !gates.some((gate) => gate.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown gate(s): ${unknown.join(', ')}. Gates: ${gates.map((gate) => gate.name).join(', ')}`,
  );
  process.exit(2);
}

const results = [];
let built = true;
const started = Date.now();

for (const gate of gates) {
  if (only.length > 0 && !only.includes(gate.name)) continue;
  if (gate.needsBuild && !built) {
    results.push({ ...gate, ok: false, note: 'not run: the build failed' });
    continue;
  }
  console.log(`\n━━ ${gate.name}: ${gate.command}`);
  const gateStarted = Date.now();
  const run = spawnSync(gate.command, { shell: true, stdio: 'inherit', env });
  const ok = run.status === 0;
  if (gate.name === 'build' && !ok) built = false;
  results.push({ ...gate, ok, note: seconds(Date.now() - gateStarted) });
}

function seconds(ms) {
  return `${Math.round(ms / 1000)} s`;
}

console.log('\n━━ summary');
for (const result of results)
  console.log(`${result.ok ? '✓' : '✗'} ${result.name.padEnd(11)} ${result.note}`);
const passed = results.filter((result) => result.ok).length;
console.log(
  `\ngates: ${passed} passed, ${results.length - passed} failed, in ${seconds(Date.now() - started)}`,
);
process.exit(passed === results.length ? 0 : 1);
