/**
 * Every exported page is valid HTML for the Nu Html Checker (the `vnu` command of the vnu-jar package,
 * run with Java): no error on any page. The checker runs once over all pages; each page is its own test.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import os from 'node:os';
import { expect, test, type Browser } from '@playwright/test';
import * as cheerio from 'cheerio';
import { htmlFiles } from '../scripts/lib/export-files';
import { austrianWithId } from '../testing/buyers';
import { restoreCheckout } from './support';
import { getCategories, getDictionary } from '../lib/content';
import { checkoutPath, locales, type Locale } from '../lib/i18n';

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

/**
 * The checkout's quote and order confirmation exist only once the page's code has run on a cart: each is
 * checked as the browser holds it, with the DOM written out to a file.
 */
const rendered = path.join(os.tmpdir(), `leadwerk-rendered-${process.pid}`);
const renderedFiles = locales.flatMap((locale) => [
  path.join(rendered, `quote-${locale}.html`),
  path.join(rendered, `confirmation-${locale}.html`),
]);

async function renderCheckout(browser: Browser, baseURL: string | undefined, locale: Locale) {
  const { checkout } = getDictionary(locale);
  const [category] = getCategories();
  const page = await browser.newPage({ baseURL });
  // The service's answer is given here: this check is about the confirmation's markup, not the service.
  await page.route('**/api/orders', (route) =>
    route.fulfill({ status: 201, json: { orderNumber: 'LW-20261125-000001', net: 1, vat: 0, gross: 1 } }),
  );
  await page.goto(checkoutPath(locale));
  await restoreCheckout(
    page,
    [{ id: `${category!.id}-1-0`, category: category!.id, exclusive: false, area: 'germany', quantity: 3 }],
    austrianWithId,
  );
  await page.getByRole('button', { name: checkout.quoteButton }).click();
  await page.getByRole('article', { name: checkout.quote.heading }).waitFor();
  fs.writeFileSync(path.join(rendered, `quote-${locale}.html`), await page.content());
  await page.getByRole('button', { name: checkout.send.button, exact: true }).click();
  await page.getByRole('article', { name: checkout.confirmation.document }).waitFor();
  fs.writeFileSync(path.join(rendered, `confirmation-${locale}.html`), await page.content());
  await page.close();
}

test.beforeAll(async ({ browser }, testInfo) => {
  test.setTimeout(120_000);
  fs.mkdirSync(rendered, { recursive: true });
  for (const locale of locales) await renderCheckout(browser, testInfo.project.use.baseURL, locale);
  // vnu exits with 1 when it finds errors; its report is read either way.
  const vnu = path.join('node_modules', '.bin', 'vnu');
  const run = await promisify(execFile)(vnu, ['--format', 'json', '--stdout', ...files, ...renderedFiles], {
    maxBuffer: 64 * 1024 * 1024,
  }).catch((failure: { stdout?: string; message: string }) => {
    if (!failure.stdout) throw new Error(`the Nu Html Checker did not run: ${failure.message}`);
    return { stdout: failure.stdout };
  });
  errors = (JSON.parse(run.stdout) as { messages: VnuMessage[] }).messages.filter(isError);
});

for (const file of [...files, ...renderedFiles]) {
  test(`${file.startsWith(rendered) ? `the rendered ${path.basename(file)}` : path.relative(root, file)} has no HTML error`, () => {
    expect(fs.existsSync(file)).toBe(true);
    const own = errors.filter((message) => new URL(message.url).pathname === file);
    expect(own.map((message) => `line ${message.lastLine ?? '?'}: ${message.message}`)).toEqual([]);
  });
}
