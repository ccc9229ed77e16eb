/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import {
  adminContentSecurityPolicy,
  adminRule,
  cacheRules,
  headerContentSecurityPolicy,
  pageContentSecurityPolicy,
  revalidate,
} from '../config/security-headers.mjs';
import { observatoryFindings, observatoryView, parseCsp, type ServedPage } from '../e2e/security-rules';
import {
  cloudFrontPolicy,
  headerRules,
  headersFile,
  matchesPattern,
  nginxInclude,
  parseHeadersFile,
  siteHeaders,
} from '../scripts/lib/host-headers.mjs';
import { inlineScriptHashes, withPagePolicy } from '../scripts/lib/page-policy.mjs';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

const bootstrap = '(self.__next_f=self.__next_f||[]).push([0])';
const payload = 'self.__next_f.push([1,"<\\/script> & ünïcödé"])';
const page = [
  '<!DOCTYPE html><html lang="de"><head><meta charSet="utf-8"/>',
  '<meta name="viewport" content="width=device-width"/>',
  '<script src="/_next/static/chunks/a.js" async=""></script>',
  `<script>${bootstrap}</script>`,
  '</head><body><main><h1>Treppenlifte</h1></main>',
  '<script type="application/ld+json">{"@context":"https://schema.org"}</script>',
  `<script>${payload}</script>`,
  `<script type="module">${bootstrap}</script>`,
  '</body></html>',
].join('');

describe("a page's own policy", () => {
  it('hashes every inline script the browser runs, once each, and skips data blocks and external scripts', () => {
    expect(inlineScriptHashes(page)).toEqual([sha256(bootstrap), sha256(payload)]);
  });

  it('hashes the text the browser sees, with its line ends normalised', () => {
    expect(inlineScriptHashes('<head></head><body><script>a();\r\nb();</script>')).toEqual([
      sha256('a();\nb();'),
    ]);
  });

  it('goes right after <meta charset> and leaves every other byte of the page as it was', () => {
    const { html, policy } = withPagePolicy(page, pageContentSecurityPolicy);
    const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}"/>`;
    const charset = '<meta charSet="utf-8"/>';
    expect(html).toBe(page.replace(charset, `${charset}${meta}`));
    expect(policy).toBe(pageContentSecurityPolicy([sha256(bootstrap), sha256(payload)]));
  });

  it('is the first element of <head> when the page declares no charset', () => {
    const bare =
      '<!DOCTYPE html><html><head><title>x</title></head><body><script>go()</script></body></html>';
    const { html, policy } = withPagePolicy(bare, pageContentSecurityPolicy);
    expect(html).toBe(
      bare.replace('<head>', `<head><meta http-equiv="Content-Security-Policy" content="${policy}"/>`),
    );
  });

  it('replaces the policy an earlier run wrote, so a second run changes nothing', () => {
    const once = withPagePolicy(page, pageContentSecurityPolicy).html;
    expect(withPagePolicy(once, pageContentSecurityPolicy).html).toBe(once);
  });

  it('lists only its own hashes and no unsafe source for scripts, and nothing a <meta> cannot carry', () => {
    const policy = parseCsp(pageContentSecurityPolicy(['abc=']));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-abc='"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    for (const ignoredInMeta of ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'])
      expect(policy.has(ignoredInMeta)).toBe(false);
  });
});

describe('the CMS at /admin', () => {
  it('runs scripts from the site only and talks to GitHub, while shop pages still talk to the site alone', () => {
    const admin = parseCsp(adminContentSecurityPolicy());
    expect(admin.get('script-src')).toEqual(["'self'"]);
    expect(admin.get('connect-src')).toContain('https://api.github.com');
    expect(parseCsp(pageContentSecurityPolicy(['abc'])).get('connect-src')).toEqual(["'self'"]);
    // The header applies to /admin as well, so it must allow what the CMS's own policy allows.
    const header = parseCsp(headerContentSecurityPolicy());
    for (const name of ['connect-src', 'img-src', 'font-src', 'style-src'])
      expect(header.get(name)).toEqual(expect.arrayContaining(admin.get(name) ?? []));
    expect(adminRule.headers['X-Robots-Tag']).toBe('noindex, nofollow');
  });
});

describe('the site-wide headers', () => {
  it('are one rule for every path and one per cache rule, whatever the pages', () => {
    expect(headerRules().map((rule) => rule.pattern)).toEqual([
      '/*',
      ...cacheRules.map((rule) => rule.pattern),
      adminRule.pattern,
    ]);
    expect(parseHeadersFile(headersFile())).toEqual(
      headerRules().map((rule) => ({ pattern: rule.pattern, headers: Object.entries(rule.headers) })),
    );
  });

  it('never set one header in two rules that match the same path, which hosts would join with a comma', () => {
    const rules = headerRules();
    for (const [index, rule] of rules.entries()) {
      for (const other of rules.slice(index + 1)) {
        const overlap =
          matchesPattern(rule.pattern, other.pattern) || matchesPattern(other.pattern, rule.pattern);
        const shared = Object.keys(rule.headers).filter((name) => name in other.headers);
        expect({ rules: [rule.pattern, other.pattern], shared: overlap ? shared : [] }).toEqual({
          rules: [rule.pattern, other.pattern],
          shared: [],
        });
      }
    }
  });

  it('carry a policy without script-src or default-src, which would block every page’s inline scripts', () => {
    const policy = parseCsp(headerContentSecurityPolicy());
    expect(policy.has('script-src')).toBe(false);
    expect(policy.has('default-src')).toBe(false);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
  });

  it('are the same for nginx, with the policy, and none of them spans a line', () => {
    const lines = nginxInclude().split('\n');
    expect(lines).toHaveLength(Object.keys(siteHeaders()).length);
    expect(lines).toContain(`add_header Content-Security-Policy "${headerContentSecurityPolicy()}" always;`);
  });

  it('are one CloudFront policy whose Cache-Control gives way to the one an object was uploaded with', () => {
    const policy = cloudFrontPolicy();
    const security = policy.SecurityHeadersConfig;
    expect(security.ContentSecurityPolicy.ContentSecurityPolicy).toBe(headerContentSecurityPolicy());
    expect(security.StrictTransportSecurity).toEqual({
      Override: true,
      AccessControlMaxAgeSec: 63072000,
      IncludeSubdomains: true,
      Preload: true,
    });
    expect(security.FrameOptions.FrameOption).toBe('DENY');
    expect(policy.CustomHeadersConfig.Items).toContainEqual({
      Header: 'Cache-Control',
      Value: revalidate,
      Override: false,
    });
    expect(policy.CustomHeadersConfig.Items.map((item) => item.Header)).toEqual(
      expect.arrayContaining(['Permissions-Policy', 'Cross-Origin-Opener-Policy']),
    );
    expect(policy.CustomHeadersConfig.Quantity).toBe(policy.CustomHeadersConfig.Items.length);
  });
});

describe('the Observatory rules', () => {
  const hashes = [sha256(bootstrap)];
  const served = (changes: Partial<ServedPage> = {}): ServedPage => ({
    headers: Object.fromEntries(
      Object.entries({ ...siteHeaders(), 'Cache-Control': revalidate }).map(([name, value]) => [
        name.toLowerCase(),
        value,
      ]),
    ),
    metaPolicies: [pageContentSecurityPolicy(hashes)],
    inlineScriptHashes: hashes,
    scriptSources: ['https://www.leadwerk.de/_next/static/chunks/a.js'],
    origin: 'https://www.leadwerk.de',
    ...changes,
  });

  it('find nothing to deduct for the site’s header and page policies together', () => {
    expect(observatoryFindings(served())).toEqual([]);
  });

  it('merge the two policies as the grader does: a directive only the <meta> names reads as none', () => {
    const view = observatoryView(headerContentSecurityPolicy(), pageContentSecurityPolicy(hashes));
    expect(view.get('script-src')).toEqual(new Set(["'none'"]));
    expect(view.get('default-src')).toEqual(new Set(["'none'"]));
    expect(view.get('style-src')).toEqual(new Set(["'self'", "'unsafe-inline'"]));
    expect(view.get('frame-ancestors')).toEqual(new Set(["'none'"]));
  });

  it("catch 'unsafe-inline' in the page policy, which the grader's merged view would hide", () => {
    const unsafe = pageContentSecurityPolicy(hashes).replace(
      "script-src 'self'",
      "script-src 'self' 'unsafe-inline'",
    );
    expect(observatoryView(headerContentSecurityPolicy(), unsafe).get('script-src')).toEqual(
      new Set(["'none'"]),
    );
    expect(observatoryFindings(served({ metaPolicies: [unsafe] }))).toContain(
      "a policy lets scripts use 'unsafe-inline'",
    );
  });

  it('catch a page whose policy misses one of its inline scripts, or allows one it does not have', () => {
    expect(observatoryFindings(served({ inlineScriptHashes: [...hashes, sha256(payload)] }))).toHaveLength(1);
    expect(observatoryFindings(served({ inlineScriptHashes: [] }))).toHaveLength(1);
  });

  it('catch a page without any script policy, and frame-ancestors only in the <meta>', () => {
    expect(observatoryFindings(served({ metaPolicies: [] }))).toContain('no policy restricts scripts');
    const headers = served().headers;
    const moved = served({
      headers: {
        ...headers,
        'content-security-policy': headerContentSecurityPolicy().replace(/; frame-ancestors .*/, ''),
      },
      metaPolicies: [`${pageContentSecurityPolicy(hashes)}; frame-ancestors 'none'`],
    });
    expect(observatoryFindings(moved)).toEqual([
      'frame-ancestors in the header is missing',
      'the <meta> policy has frame-ancestors, which a browser ignores there',
    ]);
  });

  it('catch a header that two rules joined, and a third-party script', () => {
    const headers = served().headers;
    const joined = served({
      headers: {
        ...headers,
        'strict-transport-security': `${headers['strict-transport-security']}, max-age=0`,
      },
      scriptSources: ['https://cdn.example/x.js'],
    });
    expect(observatoryFindings(joined)).toHaveLength(2);
  });
});
