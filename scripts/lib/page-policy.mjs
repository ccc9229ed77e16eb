// A page's own Content-Security-Policy, written into the page: the hashes of
// the inline scripts the browser will run, and the rewrite that puts the
// policy in a <meta> tag at the top of <head>. The HTML is read with a real
// parser (cheerio over parse5), and changed only by splicing at the source
// offsets parse5 reports, so every other byte of the file stays as it was.
import crypto from 'node:crypto';
import * as cheerio from 'cheerio';

/**
 * Script types whose inline content is subject to script-src: classic scripts
 * (no type, or a JavaScript MIME type), modules, import maps and speculation
 * rules. Anything else (`application/ld+json`) is a data block the browser never runs.
 */
const JAVASCRIPT_MIME = /^(application|text)\/(x-)?(java|ecma)script$|^text\/(jscript|livescript)$/;
const POLICED_TYPES = new Set(['module', 'importmap', 'speculationrules']);

export function isPolicedScriptType(type) {
  const value = (type ?? '').trim().toLowerCase();
  return value === '' || JAVASCRIPT_MIME.test(value) || POLICED_TYPES.has(value);
}

/** The sha256 (base64) of a script's text, the way a browser hashes it for CSP. */
export function sha256(text) {
  return crypto.createHash('sha256').update(text, 'utf8').digest('base64');
}

function parse(html) {
  return cheerio.load(html, { sourceCodeLocationInfo: true });
}

/**
 * The text of every inline script a browser would execute, in document order.
 * The parser's text is the element's text as the browser has it too (after its
 * newline normalisation), which is what a CSP hash covers.
 */
function inlineScripts($) {
  return $('script:not([src])')
    .toArray()
    .filter((script) => isPolicedScriptType(script.attribs.type))
    .map((script) => $(script).text());
}

/** The distinct sha256 hashes of a page's inline scripts, in document order. */
export function inlineScriptHashes(html) {
  return [...new Set(inlineScripts(parse(html)).map(sha256))];
}

const metaSelector = 'head > meta[http-equiv="content-security-policy" i]';

function escapeAttribute(value) {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
}

/**
 * Puts the page's policy, made by `policyFor(hashes)`, into the page: a
 * `<meta http-equiv="Content-Security-Policy">` right after `<meta charset>`
 * (which must stay within the first 1024 bytes), else as the first element of
 * `<head>`. Either way nothing that loads or runs comes before it, and a meta
 * policy covers what follows it. A policy the page already has is replaced, so
 * running this twice changes nothing. Returns the new HTML and the policy.
 */
export function withPagePolicy(html, policyFor) {
  const $ = parse(html);
  const head = $('head')[0];
  const headStart = head?.sourceCodeLocation?.startTag;
  if (!head || !headStart) throw new Error('no <head> start tag in the page');

  const policy = policyFor([...new Set(inlineScripts($).map(sha256))]);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeAttribute(policy)}"/>`;

  const charset = $('head > meta[charset]')[0];
  const at = charset?.sourceCodeLocation?.endOffset ?? headStart.endOffset;
  // Earlier policies (from an earlier run) go; everything else is kept byte for byte.
  const removals = $(metaSelector)
    .toArray()
    .map((element) => element.sourceCodeLocation)
    .map((location) => {
      if (!location) throw new Error('a <meta> policy without a source location');
      return [location.startOffset, location.endOffset];
    });
  const edits = [
    ...removals.map(([start, end]) => ({ start, end, text: '' })),
    { start: at, end: at, text: meta },
  ];
  edits.sort((a, b) => b.start - a.start || b.end - a.end);
  let result = html;
  for (const { start, end, text } of edits) result = result.slice(0, start) + text + result.slice(end);

  // A browser enforces every <meta> policy it meets; the written page must hold exactly this one.
  const check = parse(result);
  const written = check(metaSelector);
  if (written.length !== 1 || written.attr('content') !== policy) {
    throw new Error('the page policy was not written as the only <meta> policy');
  }
  return { html: result, policy };
}
