#!/usr/bin/env node
// Every internal link and fragment in the export must resolve: `/x` to a
// file the CDN serves, `#id` to an element with that id on the target page.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { htmlFiles, resolveExportPath } from './lib/export-files.mjs';

const root = path.resolve(process.argv[2] ?? 'out');
/** Absolute links to the site's own origin (canonical, hreflang, Open Graph) are internal links too. */
const site = JSON.parse(fs.readFileSync('content/site.json', 'utf8'));
const origin = new URL(process.env.SITE_URL || site.defaultSiteUrl).origin;

/** Each page parsed once; cheerio decodes entities in attribute values. */
const documents = new Map();
function load(file) {
  if (!documents.has(file)) documents.set(file, cheerio.load(fs.readFileSync(file, 'utf8')));
  return documents.get(file);
}

const ids = new Map();
function idsOf(file) {
  if (!ids.has(file)) {
    const $ = load(file);
    ids.set(
      file,
      new Set(
        $('[id]')
          .map((_, element) => $(element).attr('id'))
          .get(),
      ),
    );
  }
  return ids.get(file);
}

const pages = htmlFiles(root).filter((file) => !file.endsWith(`${path.sep}_not-found.html`));
const broken = [];
let checked = 0;

for (const file of pages) {
  const $ = load(file);
  const pagePath =
    '/' +
    path
      .relative(root, file)
      .replace(/\\/g, '/')
      .replace(/(index)?\.html$/, '');
  for (const element of $('a[href], link[href]').toArray()) {
    const raw = $(element).attr('href');
    const href = raw.startsWith(origin) ? raw.slice(origin.length) || '/' : raw;
    if (/^(https?:|mailto:|tel:)/.test(href)) continue;
    if (href.startsWith('/_next/')) continue;
    checked += 1;
    const url = new URL(href, `http://site${pagePath}`);
    const target = resolveExportPath(root, decodeURIComponent(url.pathname));
    if (!target) {
      broken.push(`${pagePath}: ${href} (no such page)`);
      continue;
    }
    const fragment = decodeURIComponent(url.hash.slice(1));
    if (fragment && !idsOf(target).has(fragment))
      broken.push(`${pagePath}: ${href} (no element #${fragment})`);
  }
}

console.log(`Checked ${checked} internal links on ${pages.length} pages.`);
if (broken.length > 0) {
  console.error(`${broken.length} broken:\n${broken.map((line) => `  ${line}`).join('\n')}`);
  process.exit(1);
}
console.log('No broken links.');
