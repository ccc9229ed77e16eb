#!/usr/bin/env node
// Validates every exported HTML page with the Nu Html Checker (vnu.jar, run
// with Java). Any error fails; warnings are printed but do not fail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const jar = require('vnu-jar');
const root = path.resolve(process.argv[2] ?? 'out');

function htmlFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '_next' ? [] : htmlFiles(full);
    return entry.name.endsWith('.html') ? [full] : [];
  });
}

const files = htmlFiles(root);
const run = spawnSync('java', ['-jar', jar, '--format', 'json', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.error) {
  console.error(`Could not run Java: ${run.error.message}`);
  process.exit(1);
}
const { messages = [] } = JSON.parse(run.stderr || '{"messages":[]}');
const errors = messages.filter((message) => message.type === 'error' || message.subType === 'fatal');
const warnings = messages.filter((message) => message.type === 'info' && message.subType === 'warning');

const where = (message) => `${path.relative(root, new URL(message.url).pathname)}:${message.lastLine ?? '?'}`;
for (const warning of warnings) console.log(`warning ${where(warning)}: ${warning.message}`);
for (const error of errors) console.error(`error   ${where(error)}: ${error.message}`);
console.log(`Nu Html Checker: ${files.length} pages, ${errors.length} errors, ${warnings.length} warnings.`);
process.exit(errors.length === 0 ? 0 : 1);
