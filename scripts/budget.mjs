#!/usr/bin/env node
// First-load JavaScript per page type, gzipped, read from the export in out/.
// Counts every <script src> a page loads up front (not `nomodule`, not the
// chunks that dialogs load when first opened). Fails above the budget.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

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

/** Each chunk is read once, however many page types load it. */
const chunkCache = new Map();
function chunk(src) {
  if (!chunkCache.has(src)) {
    const bytes = fs.readFileSync(path.join(root, decodeURIComponent(src.split('?')[0])));
    chunkCache.set(src, { kb: zlib.gzipSync(bytes, { level: 9 }).length / 1024 });
  }
  return chunkCache.get(src);
}

export function firstLoadScripts(html) {
  const scripts = [];
  for (const match of html.matchAll(/<script\b([^>]*)>/g)) {
    const attributes = match[1];
    if (/\bnomodule\b/i.test(attributes)) continue;
    const src = attributes.match(/\bsrc="([^"]+)"/)?.[1];
    if (src && src.startsWith('/')) scripts.push(src);
  }
  return [...new Set(scripts)];
}

const rows = pageTypes.map(({ type, file }) => {
  const html = fs.readFileSync(path.join(root, file), 'utf8');
  const scripts = firstLoadScripts(html);
  const inlineKb = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)]
    .map((match) => zlib.gzipSync(match[1] ?? '').length / 1024)
    .reduce((sum, kb) => sum + kb, 0);
  const kb = scripts.reduce((sum, src) => sum + chunk(src).kb, 0);
  const over = kb > BUDGET_KB;
  return { type, scripts: scripts.length, kb, inlineKb, over };
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
