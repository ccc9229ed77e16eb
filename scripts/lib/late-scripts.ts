// Takes the framework's scripts off the way to the first paint: a page's `<script src async>` tags and their
// preloads give way to one inline loader (lib/script-loader.ts) that adds the same scripts once the browser
// reports the first contentful paint. Runs before the page policy, which hashes the loader like any inline script.
import { SCRIPT_LOADER } from '../../lib/script-loader';
import { escapeAttribute, parse, removal, runsAsJavaScript, splice } from './page-policy';

/**
 * Thrown when a page does not look like what this rewrite was written for: Next.js then loads its scripts some other
 * way, and the rewrite would leave them where they are or move too few. A Next.js upgrade that changes the export's
 * script tags fails the build here, instead of silently undoing what the rewrite buys (docs/performance.md).
 */
export class UnexpectedScriptsError extends Error {
  override name = 'UnexpectedScriptsError';
}

/**
 * The page with its framework scripts loaded after the first paint. A page that has the loader already comes back as
 * it is; a page whose scripts are not all `<script src async>` (besides `nomodule` ones), or that has none, throws.
 */
export function withScriptsAfterPaint(html: string): string {
  const $ = parse(html);
  if ($('script[data-scripts]').length > 0) return html;
  const external = $('script[src]:not([nomodule])')
    .toArray()
    .filter((script) => runsAsJavaScript(script.attribs.type));
  const scripts = external.filter((script) => 'async' in script.attribs && script.attribs.type === undefined);
  const unexpected = external.filter((script) => !scripts.includes(script));
  if (scripts.length === 0 || unexpected.length > 0)
    throw new UnexpectedScriptsError(
      `expected the framework's scripts as <script src async> tags, found ${scripts.length} such and ${unexpected.length} other (${unexpected.map((script) => $.html(script)).join(' ')}): the export's script loading has changed, see docs/performance.md`,
    );
  const urls = [...new Set(scripts.map((script) => script.attribs.src))];
  const preloads = $('link[rel="preload" i][as="script" i], link[rel="modulepreload" i]').toArray();
  const foreign = preloads.filter((link) => !urls.includes(link.attribs.href));
  if (foreign.length > 0)
    throw new UnexpectedScriptsError(
      `expected script preloads only of the page's own scripts, found ${foreign.map((link) => $.html(link)).join(' ')}: the export's script loading has changed, see docs/performance.md`,
    );
  // The loader takes the first script's place, so it starts as early as that script was asked for.
  const [first, ...rest] = scripts.map(removal);
  const loader = `<script data-scripts="${escapeAttribute(JSON.stringify(urls))}">${SCRIPT_LOADER}</script>`;
  return splice(html, [{ ...first!, text: loader }, ...rest, ...preloads.map(removal)]);
}
