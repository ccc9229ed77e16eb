// First-load JavaScript of one exported page: the scripts a browser fetches
// as soon as it parses the HTML, and their size gzipped. Shared by the budget
// test (e2e/export.spec.ts) and the bench, so that both count the same bytes.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as cheerio from 'cheerio';
import { runsAsJavaScript } from './page-policy';

/** What this file needs of a parsed node: its type and parent. */
interface TreeNode {
  type: string;
  parent: TreeNode | null;
}

function gzipKb(data: zlib.InputType): number {
  return zlib.gzipSync(data, { level: 9 }).length / 1024;
}

/** Gzipped sizes by file, so that a chunk many pages load is compressed once (until the file changes). */
const sizes = new Map<string, { mtimeMs: number; size: number; kb: number }>();
function fileKb(file: string): number {
  const { mtimeMs, size } = fs.statSync(file);
  const known = sizes.get(file);
  if (known && known.mtimeMs === mtimeMs && known.size === size) return known.kb;
  const kb = gzipKb(fs.readFileSync(file));
  sizes.set(file, { mtimeMs, size, kb });
  return kb;
}

/**
 * Whether a node is part of the document itself: the content of a <template> is a fragment of its own
 * (its scripts do not run until someone clones them in), so its nearest root is not the document's.
 */
function inDocument(node: TreeNode, documentRoot: TreeNode | undefined): boolean {
  let parent = node.parent;
  while (parent && parent.type !== 'root') parent = parent.parent;
  return parent === documentRoot;
}

export interface FirstLoad {
  /** The external scripts of this export, each gzipped. */
  scripts: { src: string; file: string; kb: number }[];
  /** Their total. */
  kb: number;
  /** Script URLs on other origins, listed but not sized. */
  external: string[];
  /** The inline scripts, each gzipped on its own, summed. */
  inlineScripts: number;
  inlineKb: number;
}

/**
 * The first-load JavaScript of an exported HTML page.
 *
 * Counts every `<script src>` that runs as JavaScript (classic or module) and
 * is not `nomodule` (only browsers without ES modules load those), once per
 * URL, plus the inline scripts. Scripts a page loads later (dialogs' chunks)
 * are not in its HTML, so they are not counted. Sizes are gzip at level 9.
 * `root` is the export folder (URLs starting with `/` are files under it); `htmlFile` is the page,
 * absolute or relative to `root`.
 */
export function firstLoadJs(root: string, htmlFile: string): FirstLoad {
  const rootDir = path.resolve(root);
  const file = path.resolve(rootDir, htmlFile);
  const $ = cheerio.load(fs.readFileSync(file, 'utf8'));
  // Relative URLs resolve against the page's own path (or its <base href>), as in the browser.
  const pageUrl = new URL(path.relative(rootDir, file).split(path.sep).join('/'), 'http://export.invalid/');
  const baseUrl = new URL($('base[href]').first().attr('href') ?? '', pageUrl);

  const runs = $('script')
    .toArray()
    .filter((element) => inDocument(element, $.root()[0]))
    .filter((element) => runsAsJavaScript($(element).attr('type')))
    .filter((element) => $(element).attr('nomodule') === undefined);

  const scripts: FirstLoad['scripts'] = [];
  const external: string[] = [];
  const seen = new Set();
  let inlineScripts = 0;
  let inlineKb = 0;
  for (const element of runs) {
    const src = $(element).attr('src');
    if (src === undefined) {
      inlineScripts += 1;
      inlineKb += gzipKb($(element).text());
      continue;
    }
    const url = new URL(src, baseUrl);
    if (url.origin !== pageUrl.origin) {
      if (!external.includes(url.href)) external.push(url.href);
      continue;
    }
    // The same URL twice is fetched once; the same file under another query string is fetched again.
    if (seen.has(url.pathname + url.search)) continue;
    seen.add(url.pathname + url.search);
    const chunk = path.join(rootDir, decodeURIComponent(url.pathname));
    if (!fs.existsSync(chunk)) {
      throw new Error(`${path.relative(process.cwd(), file)} loads ${src}, which is not in ${root}`);
    }
    scripts.push({ src, file: chunk, kb: fileKb(chunk) });
  }
  const kb = scripts.reduce((sum, script) => sum + script.kb, 0);
  return { scripts, kb, external, inlineScripts, inlineKb };
}
