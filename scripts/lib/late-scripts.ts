// Takes the framework's scripts off the way to the first paint: a page's `<script src async>` tags and their
// preloads give way to one inline loader (lib/script-loader.ts) that adds the same scripts once the browser
// reports the first contentful paint. Runs before the page policy, which hashes the loader like any inline script.
import { SCRIPT_LOADER } from '../../lib/script-loader';
import { escapeAttribute, parse, removal, runsAsJavaScript, splice } from './page-policy';

/** The page with its framework scripts loaded after the first paint; a page without such scripts comes back as it is. */
export function withScriptsAfterPaint(html: string): string {
  const $ = parse(html);
  const scripts = $('script[src][async]:not([nomodule])')
    .toArray()
    .filter((script) => runsAsJavaScript(script.attribs.type));
  if (scripts.length === 0) return html;
  const urls = [...new Set(scripts.map((script) => script.attribs.src))];
  const preloads = $('link[rel="preload" i][as="script" i]')
    .toArray()
    .filter((link) => urls.includes(link.attribs.href));
  // The loader takes the first script's place, so it starts as early as that script was asked for.
  const [first, ...rest] = scripts.map(removal);
  const loader = `<script data-scripts="${escapeAttribute(JSON.stringify(urls))}">${SCRIPT_LOADER}</script>`;
  return splice(html, [{ ...first!, text: loader }, ...rest, ...preloads.map(removal)]);
}
