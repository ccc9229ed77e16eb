// First-load JavaScript of one exported page: the script files a browser fetches as soon as it parses the
// HTML, or once it has painted it, gzipped at level 9. The budget test (e2e/export.spec.ts) and the bench
// count the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { runsAsJavaScript } from './page-policy';

export interface FirstLoad {
  /** The same-origin script files, gzipped, in kB. */
  kb: number;
  /** Script URLs on other origins, listed but not sized. */
  external: string[];
}

/**
 * Counts each `<script src>` that runs as JavaScript and is not `nomodule`, once per URL. Chunks a page
 * loads later (the dialogs') are not in its HTML, so they do not count; neither do scripts inside a
 * `<template>`, which run only once cloned. `root` is the export folder; `htmlFile` is absolute or relative to it.
 */
export function firstLoadJs(root: string, htmlFile: string): FirstLoad {
  const rootDir = path.resolve(root);
  const file = path.resolve(rootDir, htmlFile);
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  // Relative URLs resolve against the page's own path (or its <base href>), as in the browser.
  const pageUrl = new URL(path.relative(rootDir, file).split(path.sep).join('/'), 'http://export.invalid/');
  const baseUrl = new URL($('base[href]').first().attr('href') ?? '', pageUrl);
  // The framework's scripts, which the page's loader adds after the first paint (scripts/lib/late-scripts.ts).
  const loaded: string[] = $('script[data-scripts]')
    .toArray()
    .flatMap((loader) => JSON.parse(loader.attribs['data-scripts']!));
  const tags = $('script[src]:not([nomodule])')
    .filter((_, element) => {
      // A <template>'s content is a fragment of its own: its nearest root is not the document.
      let parent = element.parent;
      while (parent && parent.type !== 'root') parent = parent.parent;
      return parent === $.root()[0];
    })
    .filter((_, element) => runsAsJavaScript($(element).attr('type')))
    .map((_, element) => $(element).attr('src')!)
    .toArray();
  const urls = [...tags, ...loaded].map((src) => new URL(src, baseUrl));

  const external = [...new Set(urls.filter((url) => url.origin !== pageUrl.origin).map((url) => url.href))];
  // The same URL twice is fetched once; the same file under another query string is fetched again.
  const local = new Set(
    urls.filter((url) => url.origin === pageUrl.origin).map((url) => url.pathname + url.search),
  );
  let bytes = 0;
  for (const url of local) {
    const chunk = path.join(rootDir, decodeURIComponent(new URL(url, pageUrl).pathname));
    if (!fs.existsSync(chunk))
      throw new Error(`${path.relative(rootDir, file)} loads ${url}, which is not in ${root}`);
    bytes += zlib.gzipSync(fs.readFileSync(chunk), { level: 9 }).length;
  }
  return { kb: bytes / 1024, external };
}
