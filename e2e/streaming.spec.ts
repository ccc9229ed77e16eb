import http from 'node:http';
import type { AddressInfo } from 'node:net';
import * as cheerio from 'cheerio';
import { categories, categoryRoute, expect, test } from './support';

// Chrome paints whatever HTML it has parsed whenever the parser pauses, on a
// slow connection and on a busy phone alike. Anything placed by elements that
// come after it in the document then moves when they arrive, and that counts as
// layout shift. Here the pages arrive in small pieces with a pause after each,
// so every piece is painted before the next, at the phone width Lighthouse uses.
// The pauses are where there is something to paint: from <body> to the end of
// its last element that is not a script. The <head> (with the stylesheet) and
// the framework's data scripts after the content arrive in one piece each.

// Home (in both languages: their headlines wrap differently) and a category page cover every layout
// the site has; the overview reuses the home page's grid.
const pages = ['/', '/en', categoryRoute(categories[0]!, 'de')];
const pieceSizes = [700];
/** A tenth of the CLS budget, for one load. */
const maxShift = 0.001;

/** Byte offsets of the painted part of a page: from <body> to the end of its last element that is not a script. */
function paintedRange(body: Buffer): [number, number] {
  const html = body.toString('utf8');
  const $ = cheerio.load(html, { sourceCodeLocationInfo: true });
  const start = $('body').get(0)?.sourceCodeLocation?.startOffset;
  const end = $('body *').not('script').last().get(0)?.sourceCodeLocation?.endOffset;
  if (start === undefined || end === undefined) return [0, body.length];
  const bytes = (offset: number) => Buffer.byteLength(html.slice(0, offset));
  return [bytes(start), bytes(end)];
}

let server: http.Server;
let origin = '';

test.beforeAll(async () => {
  const upstream = String(test.info().project.use.baseURL);
  server = http.createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const piece = Number(url.searchParams.get('piece') ?? 0);
    const answer = await fetch(new URL(url.pathname, upstream));
    const body = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, {
      'content-type': answer.headers.get('content-type') ?? 'application/octet-stream',
    });
    if (!piece) return void response.end(body);
    const [first, last] = paintedRange(body);
    response.write(body.subarray(0, first));
    for (let start = first; start < last; start += piece) {
      response.write(body.subarray(start, Math.min(start + piece, last)));
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    response.end(body.subarray(last));
  });
  await new Promise<void>((resolve) => server.listen(0, 'localhost', resolve));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

interface Shift {
  value: number;
  sources: string[];
}

declare global {
  interface Window {
    recordedShifts: Shift[];
  }
}

for (const path of pages) {
  test(`${path} keeps its layout while it streams in`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    await context.addInitScript(() => {
      window.recordedShifts = [];
      const describe = (node: Node | null) => {
        const element = node instanceof Element ? node : node?.parentElement;
        return element
          ? `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`
          : 'unknown';
      };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources: { node: Node | null }[];
        })[]) {
          window.recordedShifts.push({
            value: entry.value,
            sources: entry.sources.map((source) => describe(source.node)),
          });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const piece of pieceSizes) {
      const page = await context.newPage();
      await page.goto(`${origin}${path}?piece=${piece}`, { waitUntil: 'load' });
      const shifts = await page.evaluate(() => window.recordedShifts);
      const total = shifts.reduce((sum, shift) => sum + shift.value, 0);
      const moved = shifts
        .map((shift) => `${shift.value.toFixed(4)}: ${shift.sources.join(', ')}`)
        .join('; ');
      expect(total, `${path} in pieces of ${piece} bytes moved ${moved}`).toBeLessThan(maxShift);
      await page.close();
    }
    await context.close();
  });
}
