// A page's own Content-Security-Policy, written into the page: the hashes of the inline scripts the browser
// will run, and the rewrite that puts the policy in a <meta> tag at the top of <head>. The HTML is read with
// a real parser (cheerio over parse5), and changed only by splicing at the source offsets parse5 reports, so
// every other byte of the file stays as it was.
import crypto from 'node:crypto';
import * as cheerio from 'cheerio';

/** The HTML spec's "JavaScript MIME type essence" strings: a `type` that matches one (ASCII case-insensitively, after trimming) is a classic script. */
const JAVASCRIPT_ESSENCES = new Set([
  ...['application', 'text'].flatMap((top) =>
    ['ecmascript', 'javascript', 'x-ecmascript', 'x-javascript'].map((sub) => `${top}/${sub}`),
  ),
  ...['1.0', '1.1', '1.2', '1.3', '1.4', '1.5'].map((version) => `text/javascript${version}`),
  'text/jscript',
  'text/livescript',
]);

/**
 * Whether a <script> with this `type` attribute runs as JavaScript (HTML spec, "prepare the script
 * element"): no type or an empty one, a JavaScript MIME type essence, or `module`. Anything else
 * (`application/ld+json`, `text/javascript; charset=utf-8`) is a data block the browser never runs.
 */
export function runsAsJavaScript(type: string | undefined): boolean {
  const value = (type ?? '').trim().toLowerCase();
  return value === '' || value === 'module' || JAVASCRIPT_ESSENCES.has(value);
}

/** Inline scripts that script-src polices: those that run as JavaScript, import maps and speculation rules. */
function isPoliced(type: string | undefined): boolean {
  return (
    runsAsJavaScript(type) || ['importmap', 'speculationrules'].includes((type ?? '').trim().toLowerCase())
  );
}

/** The sha256 (base64) of a script's text, the way a browser hashes it for CSP. */
export function sha256(text: string): string {
  return crypto.createHash('sha256').update(text, 'utf8').digest('base64');
}

/** The page, parsed with the source offset of every element. */
export function parse(html: string) {
  return cheerio.load(html, { sourceCodeLocationInfo: true });
}

/**
 * The text of every inline script a browser would execute, in document order.
 * The parser's text is the element's text as the browser has it too (after its
 * newline normalisation), which is what a CSP hash covers.
 */
function inlineScripts($: cheerio.CheerioAPI): string[] {
  return $('script:not([src])')
    .toArray()
    .filter((script) => isPoliced(script.attribs.type))
    .map((script) => $(script).text());
}

/** The distinct sha256 hashes of a page's inline scripts, in document order. */
export function inlineScriptHashes(html: string): string[] {
  return [...new Set(inlineScripts(parse(html)).map(sha256))];
}

const metaSelector = 'head > meta[http-equiv="content-security-policy" i]';

export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/** Source range [start, end) of the page and the text that replaces it. */
export type Edit = { start: number; end: number; text: string };

/** The edit that takes an element of the parsed page out, from its start tag to its end tag. */
export function removal(element: {
  sourceCodeLocation?: { startOffset: number; endOffset: number } | null;
}): Edit {
  const { startOffset: start, endOffset: end } = element.sourceCodeLocation!;
  return { start, end, text: '' };
}

/** Makes the edits, whose ranges must not overlap; every other byte stays as it was. */
export function splice(html: string, edits: Edit[]): string {
  let result = html;
  for (const { start, end, text } of [...edits].sort((a, b) => b.start - a.start || b.end - a.end))
    result = result.slice(0, start) + text + result.slice(end);
  return result;
}

/**
 * Puts the page's policy, made by `policyFor(hashes)`, into the page as a
 * `<meta http-equiv="Content-Security-Policy">`: right after `<meta charset>` (which must stay within the first
 * 1024 bytes), else as the first element of `<head>`. Either way nothing that loads or runs comes before it, and a
 * meta policy covers what follows it. A policy the page already has is replaced, so running this twice changes
 * nothing. Returns the new HTML and the policy.
 */
export function withPagePolicy(
  html: string,
  policyFor: (scriptHashes: string[]) => string,
): { html: string; policy: string } {
  const $ = parse(html);
  const headStart = $('head')[0]?.sourceCodeLocation?.startTag;
  if (!headStart) throw new Error('no <head> start tag in the page');

  const policy = policyFor([...new Set(inlineScripts($).map(sha256))]);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}"/>`;

  const charset = $('head > meta[charset]')[0];
  const at = charset?.sourceCodeLocation?.endOffset ?? headStart.endOffset;
  // Earlier policies (from an earlier run) go, so the page holds exactly this one: a browser enforces each it meets.
  const removals = $(metaSelector).toArray().map(removal);
  const result = splice(html, [...removals, { start: at, end: at, text: meta }]);
  return { html: result, policy };
}
