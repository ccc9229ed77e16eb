/**
 * @jest-environment node
 */
import * as cheerio from 'cheerio';
import { SCRIPT_LOADER } from '../lib/script-loader';
import { UnexpectedScriptsError, withScriptsAfterPaint } from '../scripts/lib/late-scripts';
import { inlineScriptHashes, sha256 } from '../scripts/lib/page-policy';

// The shape of an exported page: a preloaded chunk, async chunks in <head>, a polyfill for old browsers,
// the inline bootstrap with the same chunk again in <body>, and a JSON-LD block.
const head =
  '<meta charSet="utf-8"/><link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/c.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script><script src="/_next/static/chunks/b.js" async=""></script>' +
  '<title>Treppenlift-Leads</title><script src="/_next/static/chunks/polyfill.js" noModule=""></script>';
const body =
  '<h1>Treppenlift-Leads</h1><script type="application/ld+json">{"@type":"Product"}</script>' +
  '<script>self.__next_f=[]</script><script src="/_next/static/chunks/c.js" async=""></script>';
const page = `<!DOCTYPE html><html lang="de"><head>${head}</head><body>${body}</body></html>`;

describe('the framework scripts of a page, moved behind its first paint', () => {
  const moved = withScriptsAfterPaint(page);
  const $ = cheerio.load(moved);

  it('are replaced by one loader that lists each of them once, in document order', () => {
    const loader = $('script[data-scripts]');
    expect(loader).toHaveLength(1);
    expect(JSON.parse(loader.attr('data-scripts')!)).toEqual([
      '/_next/static/chunks/a.js',
      '/_next/static/chunks/b.js',
      '/_next/static/chunks/c.js',
    ]);
    expect(loader.text()).toBe(SCRIPT_LOADER);
    expect(loader.parent().is('head')).toBe(true);
  });

  it('leave no script tag or preload of their own, and the polyfill for old browsers stays', () => {
    expect($('script[async], link[rel="preload"]')).toHaveLength(0);
    expect(
      $('script[src]')
        .map((_, script) => $(script).attr('src'))
        .toArray(),
    ).toEqual(['/_next/static/chunks/polyfill.js']);
  });

  it('change nothing else: the content, the data block and the inline bootstrap stay byte for byte', () => {
    const loaderTag = $.html($('script[data-scripts]'));
    const removed = [
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/c.js"/>',
      '<script src="/_next/static/chunks/b.js" async=""></script>',
      '<script src="/_next/static/chunks/c.js" async=""></script>',
    ];
    const expected = removed
      .reduce((html, tag) => html.replace(tag, ''), page)
      .replace('<script src="/_next/static/chunks/a.js" async=""></script>', loaderTag);
    expect(moved).toBe(expected);
  });

  it('are hashed into the page policy like every inline script', () => {
    expect(inlineScriptHashes(moved)).toContain(sha256(SCRIPT_LOADER));
  });

  it('are moved once: a page that has the loader already comes back unchanged', () => {
    expect(withScriptsAfterPaint(moved)).toBe(moved);
  });
});

describe('a page that does not load its scripts the way the rewrite was written for (a Next.js upgrade)', () => {
  const shell = (head: string) =>
    `<!DOCTYPE html><html lang="de"><head>${head}</head><body><h1>x</h1></body></html>`;

  it.each([
    ['no framework scripts at all', '<title>x</title>'],
    [
      'a script without async, which would run before the paint',
      '<script src="/_next/static/chunks/a.js"></script>',
    ],
    [
      'a deferred script',
      '<script src="/_next/static/chunks/a.js" async="" defer=""></script><script src="/b.js" defer=""></script>',
    ],
    ['a module script', '<script type="module" src="/_next/static/chunks/a.js" async=""></script>'],
    [
      'a preload of a script the page does not load',
      '<link rel="modulepreload" href="/_next/static/chunks/z.js"/><script src="/_next/static/chunks/a.js" async=""></script>',
    ],
  ])('fails the build loudly: %s', (_, head) => {
    expect(() => withScriptsAfterPaint(shell(head))).toThrow(UnexpectedScriptsError);
  });
});
