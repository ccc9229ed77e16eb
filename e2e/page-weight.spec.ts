/**
 * What each exported page weighs on the wire, read from the files alone (no browser): its HTML gzipped within the
 * budget, brotli-compressed within the first round trip, and the stylesheet's text once. Issue 40 and
 * docs/performance.md say why: a page that fits the first round trip saves one, and a stylesheet inlined by
 * `experimental.inlineCss` travels in the <style> and again in the RSC payload, two or three times per page.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';
import * as cheerio from 'cheerio';
import { ADMIN_PATH } from '../config/security-headers';
import { htmlFiles, resolveExportPath } from '../scripts/lib/export-files';

const root = path.resolve(process.env.E2E_OUT ?? 'out');
/** Each page's HTML, gzipped at level 9 (as the first-load JS budget and the bench count it). */
const GZIP_BUDGET_BYTES = 20 * 1024;
/**
 * The first round trip of a new connection: 10 segments of 1460 bytes (the initial congestion window of RFC 6928).
 * The HTML's brotli body (quality 11, as a host that compresses static files ahead serves it) fits in it; the
 * response headers come on top (HTTP/2 compresses them to a few hundred bytes).
 */
const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

/** The pages a visitor loads: every HTML file but the editors' CMS, which is a separate app. */
const pages = htmlFiles(root).filter(
  (file) => !path.relative(root, file).startsWith(ADMIN_PATH.replace(/^\//, '')),
);
const name = (file: string) => `/${path.relative(root, file)}`;

test('the export has pages to weigh', () => {
  expect(pages.length).toBeGreaterThan(0);
});

for (const file of pages) {
  test.describe(name(file), () => {
    const html = fs.readFileSync(file);

    test(`its HTML is at most ${GZIP_BUDGET_BYTES / 1024} kB gzipped and fits the first round trip with brotli`, () => {
      const gzip = zlib.gzipSync(html, { level: 9 }).length;
      const brotli = zlib.brotliCompressSync(html).length;
      expect(gzip, 'gzipped bytes').toBeLessThanOrEqual(GZIP_BUDGET_BYTES);
      expect(brotli, 'brotli bytes').toBeLessThanOrEqual(FIRST_ROUND_TRIP_BYTES);
    });

    test('carries the text of each of its stylesheets once, in the page and its linked files together', () => {
      const text = html.toString('utf8');
      const $ = cheerio.load(text);
      const linked = $('link[rel~="stylesheet"]')
        .toArray()
        .map((link) => {
          const href = new URL(link.attribs.href ?? '', `http://export.invalid${name(file)}`).pathname;
          const sheet = resolveExportPath(root, decodeURIComponent(href));
          expect(sheet, `${href} is in the export`).toBeDefined();
          return fs.readFileSync(sheet!, 'utf8');
        });
      const inline = $('style')
        .toArray()
        .map((style) => $(style).text());
      const sheets = [...linked, ...inline].filter((sheet) => sheet.length > 0);
      expect(sheets.length, 'stylesheets').toBeGreaterThan(0);
      for (const sheet of new Set(sheets)) {
        // A stretch from the middle of the sheet, as it reads in CSS and as it reads inside the payload's
        // JavaScript strings (quotes and backslashes escaped), counted in the page and in its linked files.
        const probe = sheet.slice(Math.floor(sheet.length / 2), Math.floor(sheet.length / 2) + 120);
        const forms = [
          ...new Set([
            probe,
            JSON.stringify(probe).slice(1, -1),
            JSON.stringify(JSON.stringify(probe)).slice(3, -3),
          ]),
        ];
        const count = (haystack: string) =>
          forms.reduce((total, form) => total + haystack.split(form).length - 1, 0);
        const copies = count(text) + linked.reduce((total, css) => total + count(css), 0);
        expect(copies, `copies of ${probe.slice(0, 40)}…`).toBe(1);
      }
    });
  });
}
