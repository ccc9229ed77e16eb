#!/usr/bin/env node
// `npm test`: the whole chain, in order, ending with one summary line.
// Every gate runs even when an earlier one failed (except those that need
// the build), so one run shows everything that is wrong.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

const gates = [
  { name: 'lint', command: 'npx eslint . --max-warnings=0' },
  { name: 'types', command: 'npx tsc --noEmit' },
  { name: 'jest', command: 'npx jest --ci' },
  { name: 'build', command: 'npm run build' },
  { name: 'e2e', command: 'npx playwright test --project=e2e', needsBuild: true },
  { name: 'axe', command: 'npx playwright test --project=axe', needsBuild: true },
  { name: 'vnu', command: 'node scripts/check-html.mjs', needsBuild: true },
  { name: 'links', command: 'node scripts/check-links.mjs', needsBuild: true },
  { name: 'seo', command: 'node scripts/check-seo.mjs', needsBuild: true },
  { name: 'headers', command: 'node scripts/observatory.mjs', needsBuild: true },
  { name: 'budget', command: 'node scripts/budget.mjs', needsBuild: true },
  { name: 'lighthouse', command: 'node scripts/audit.mjs', needsBuild: true },
];

const only = process.argv.slice(2);
const results = [];
let built = true;

for (const gate of gates) {
  if (only.length > 0 && !only.includes(gate.name)) continue;
  if (gate.needsBuild && !built) {
    results.push({ ...gate, status: 'failed', note: 'build failed' });
    continue;
  }
  console.log(`\n━━ ${gate.name}: ${gate.command}`);
  const started = Date.now();
  const run = spawnSync(gate.command, { shell: true, stdio: 'inherit', env });
  const seconds = Math.round((Date.now() - started) / 1000);
  const ok = run.status === 0;
  if (gate.name === 'build' && !ok) built = false;
  results.push({ ...gate, status: ok ? 'passed' : 'failed', note: `${seconds}s` });
}

console.log('\n━━ summary');
for (const result of results) console.log(`${result.status === 'passed' ? '✓' : '✗'} ${result.name.padEnd(11)} ${result.note}`);
const passed = results.filter((result) => result.status === 'passed').length;
const failed = results.length - passed;
console.log(`\ngates: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
