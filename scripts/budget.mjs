#!/usr/bin/env node
// First-load JS per page type, gzipped, read from the export in out/.
// Counts every <script src> a page loads up front (not `nomodule`, not the
// chunks that dialogs load when first opened; see scripts/lib/first-load.mjs).
// Fails above the budget.
import path from 'node:path';
import { firstLoadJs } from './lib/first-load.mjs';

/** The smallest Next.js 16 static export with one zustand island (../shared/DESIGN.md). */
export const FLOOR_KB = 134;
export const BUDGET_KB = FLOOR_KB + 30;

const root = path.resolve(process.argv[2] ?? 'out');
const pageTypes = [
  { type: 'home', file: 'index.html' },
  { type: 'overview', file: 'kategorien.html' },
  { type: 'category', file: 'leads/treppenlifte.html' },
  { type: 'home (en)', file: 'en.html' },
  { type: '404', file: '404.html' },
];

const rows = pageTypes.map(({ type, file }) => {
  const page = firstLoadJs(root, file);
  for (const url of page.external) console.warn(`${file} loads ${url} from another origin; not counted`);
  return {
    type,
    scripts: page.scripts.length,
    kb: page.kb,
    inlineKb: page.inlineKb,
    over: page.kb > BUDGET_KB,
  };
});

console.log(`First-load JS (gzip) — budget ${BUDGET_KB} kB = floor ${FLOOR_KB} kB + 30 kB\n`);
console.log('| page type | scripts | JS kB | over floor kB | inline kB | status |');
console.log('|---|---:|---:|---:|---:|---|');
for (const row of rows) {
  console.log(
    `| ${row.type} | ${row.scripts} | ${row.kb.toFixed(1)} | ${(row.kb - FLOOR_KB).toFixed(1)} | ${row.inlineKb.toFixed(1)} | ${row.over ? 'OVER' : 'ok'} |`,
  );
}
if (rows.some((row) => row.over)) console.error(`\nFirst-load JS is over the budget of ${BUDGET_KB} kB.`);
if (rows.some((row) => row.over)) process.exit(1);
