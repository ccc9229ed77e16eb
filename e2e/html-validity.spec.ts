/**
 * Every exported page is valid HTML for the Nu Html Checker (the `vnu` command of the vnu-jar package,
 * run with Java): no error on any page. The checker runs once over all pages; each page is its own test.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import * as cheerio from 'cheerio';
import { htmlFiles } from '../scripts/lib/export-files';

interface VnuMessage {
  type: string;
  subType?: string;
  message: string;
  url: string;
  lastLine?: number;
  lastColumn?: number;
  extract?: string;
  hiliteStart?: number;
  hiliteLength?: number;
}

const root = path.resolve(process.env.E2E_OUT ?? 'out');
const files = htmlFiles(root);

/** A `<script type="application/ld+json">` start tag: vnu holds data blocks to script-src, which browsers never run. */
function isDataBlock(message: VnuMessage): boolean {
  const start = message.hiliteStart ?? 0;
  const tag = message.extract?.slice(start, start + (message.hiliteLength ?? 0)) ?? '';
  return cheerio.load(tag)('script').attr('type') === 'application/ld+json';
}

/** Each page's `<style>` elements, as ranges of offsets in its text, and where its lines start. */
const pageText = new Map<string, { styles: [number, number][]; lineStarts: number[] }>();
function textOf(file: string) {
  const known = pageText.get(file);
  if (known) return known;
  const html = fs.readFileSync(file, 'utf8');
  const $ = cheerio.load(html, { sourceCodeLocationInfo: true });
  const styles = $('style')
    .toArray()
    .map((style): [number, number] => [
      style.sourceCodeLocation!.startOffset,
      style.sourceCodeLocation!.endOffset,
    ]);
  const lineStarts = [0, ...[...html.matchAll(/\n/g)].map((newline) => newline.index + 1)];
  pageText.set(file, { styles, lineStarts });
  return { styles, lineStarts };
}

/**
 * A message of vnu's CSS checker about the page's stylesheet, which Next inlines into a `<style>` element
 * (Tailwind's output). That checker predates CSS every current browser reads: it calls `@property`,
 * `margin-trim` in an `@supports` test and `linear-gradient(in oklab, …)` errors. vnu never saw the stylesheet
 * while it was a linked file. CSS in `style` attributes is still checked.
 */
function isStylesheetMessage(message: VnuMessage): boolean {
  if (!message.message.startsWith('CSS: ') || message.lastLine === undefined) return false;
  const { styles, lineStarts } = textOf(new URL(message.url).pathname);
  const offset = (lineStarts[message.lastLine - 1] ?? 0) + (message.lastColumn ?? 1) - 1;
  return styles.some(([start, end]) => start <= offset && offset < end);
}

/**
 * Errors, and inline scripts the page's own policy would block (vnu reports those as warnings, yet the
 * page would break in a browser). Resources blocked by 'self' are not among them: vnu reads file:// URLs.
 */
function isError(message: VnuMessage): boolean {
  const blockedInline =
    message.message.startsWith('Inline script violates Content Security Policy') && !isDataBlock(message);
  return (
    (message.type === 'error' || message.subType === 'fatal' || blockedInline) &&
    !isStylesheetMessage(message)
  );
}

// One checker run for the whole file, in one worker.
test.describe.configure({ mode: 'default' });
let errors: VnuMessage[] = [];

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // vnu exits with 1 when it finds errors; its report is read either way.
  const vnu = path.join('node_modules', '.bin', 'vnu');
  const run = await promisify(execFile)(vnu, ['--format', 'json', '--stdout', ...files], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((failure: { stdout?: string; message: string }) => {
    if (!failure.stdout) throw new Error(`the Nu Html Checker did not run: ${failure.message}`);
    return { stdout: failure.stdout };
  });
  errors = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages.filter(isError);
});

for (const file of files) {
  test(`${path.relative(root, file)} has no HTML error`, () => {
    expect(fs.existsSync(file)).toBe(true);
    const own = errors.filter((message) => new URL(message.url).pathname === file);
    expect(own.map((message) => `line ${message.lastLine ?? '?'}: ${message.message}`)).toEqual([]);
  });
}
