#!/usr/bin/env node
// Validates every exported HTML page with the Nu Html Checker (vnu.jar, run
// with Java). Any error fails; warnings are printed but do not fail.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createRequire } from 'node:module';
import { htmlFiles } from './lib/export-files.mjs';

const require = createRequire(import.meta.url);
const jar = require('vnu-jar');
const root = path.resolve(process.argv[2] ?? 'out');

const files = htmlFiles(root);
const run = spawnSync('java', ['-jar', jar, '--format', 'json', ...files], {
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (run.error) {
  console.error(`Could not run Java: ${run.error.message}`);
  process.exit(1);
}
const { messages = [] } = JSON.parse(run.stderr || '{"messages":[]}');
// vnu reads the pages from file://, so a <meta> CSP's 'self' cannot match /_next/ there; on a host it does.
const fileOriginArtefact = (message) =>
  message.message.startsWith('Resource violates Content Security Policy (meta tag)');
// vnu holds every inline <script> to script-src, JSON-LD too; a browser never runs a data block, so CSP
// does not apply to it (HTML's "prepare the script element" stops at its type, before the CSP check).
const dataBlockArtefact = (message) =>
  message.message.startsWith('Inline script violates Content Security Policy (meta tag)') &&
  /^<script type="application\/ld\+json">$/.test(
    message.extract?.slice(message.hiliteStart, message.hiliteStart + message.hiliteLength) ?? '',
  );
// vnu also checks each inline script against the page's <meta> policy, with its own hashing: a script
// that policy would block is an error here, not a warning, since the page would break in a browser.
const blockedScript = (message) =>
  message.message.startsWith('Inline script violates Content Security Policy') && !dataBlockArtefact(message);
const errors = messages.filter(
  (message) => message.type === 'error' || message.subType === 'fatal' || blockedScript(message),
);
const warnings = messages.filter(
  (message) =>
    message.type === 'info' &&
    message.subType === 'warning' &&
    !fileOriginArtefact(message) &&
    !dataBlockArtefact(message) &&
    !blockedScript(message),
);

const where = (message) => `${path.relative(root, new URL(message.url).pathname)}:${message.lastLine ?? '?'}`;
for (const warning of warnings) console.log(`warning ${where(warning)}: ${warning.message}`);
for (const error of errors) console.error(`error   ${where(error)}: ${error.message}`);
console.log(`Nu Html Checker: ${files.length} pages, ${errors.length} errors, ${warnings.length} warnings.`);
process.exit(errors.length === 0 ? 0 : 1);
