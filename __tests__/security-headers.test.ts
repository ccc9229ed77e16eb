/**
 * @jest-environment node
 */
import { createHash } from 'node:crypto';
import {
  adminContentSecurityPolicy,
  adminRule,
  headerContentSecurityPolicy,
  pageContentSecurityPolicy,
  revalidate,
} from '../config/security-headers';
import type { OrderEnv } from '../lib/checkout/endpoint';
import { observatoryFindings, parseCsp } from '../e2e/security-rules';
import {
  cloudFrontPolicy,
  headerRules,
  headersFile,
  matchesPattern,
  nginxInclude,
  parseHeadersFile,
  siteHeaders,
} from '../scripts/lib/host-headers';
import { inlineScriptHashes, runsAsJavaScript, withPagePolicy } from '../scripts/lib/page-policy';

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
  `<script type="text/javascript1.3">${payload}</script>`,
  `<script type="module">${bootstrap}</script>`,
  '</body></html>',
].join('');

describe('which scripts run as JavaScript (HTML spec)', () => {
  it.each([
    '',
    ' ',
    'module',
    'text/javascript',
    'TEXT/JavaScript',
    'application/x-ecmascript',
    'text/javascript1.0',
    'text/javascript1.5',
    'text/jscript',
    'text/livescript',
    undefined,
  ])('"%s" runs', (type) => expect(runsAsJavaScript(type)).toBe(true));
  it.each([
    'application/ld+json',
    'text/javascript; charset=utf-8',
    'text/javascript1.6',
    'importmap',
    'text/plain',
  ])('"%s" is a data block or no classic script', (type) => expect(runsAsJavaScript(type)).toBe(false));
});

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
    const charset = '<meta charSet="utf-8"/>';
    expect(html).toBe(
      page.replace(charset, `${charset}<meta http-equiv="Content-Security-Policy" content="${policy}"/>`),
    );
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
});

describe('the CMS at /admin', () => {
  it('runs scripts from the site only and talks to GitHub, while shop pages still talk to the site alone', () => {
    const admin = parseCsp(adminContentSecurityPolicy());
    expect(admin.get('script-src')).toEqual(["'self'"]);
    expect(admin.get('connect-src')).toContain('https://api.github.com');
    expect(parseCsp(pageContentSecurityPolicy(['abc'], {})).get('connect-src')).toEqual(["'self'"]);
    // The header applies to /admin as well, so it must allow what the CMS's own policy allows.
    const header = parseCsp(headerContentSecurityPolicy({}));
    for (const name of ['connect-src', 'img-src', 'font-src', 'style-src'])
      expect(header.get(name)).toEqual(expect.arrayContaining(admin.get(name) ?? []));
    expect(adminRule.headers['X-Robots-Tag']).toBe('noindex, nofollow');
  });
});

describe('the order service (ORDER_ENDPOINT)', () => {
  const connect = (env: OrderEnv) => ({
    page: parseCsp(pageContentSecurityPolicy(['abc'], env)).get('connect-src'),
    header: parseCsp(headerContentSecurityPolicy(env)).get('connect-src'),
  });

  it("adds the service's origin, and nothing more, to the shop pages' connect-src", () => {
    const { page, header } = connect({ ORDER_ENDPOINT: 'https://orders.example.de/api/orders' });
    expect(page).toEqual(["'self'", 'https://orders.example.de']);
    expect(header).toEqual(expect.arrayContaining(page ?? []));
    expect(parseCsp(adminContentSecurityPolicy()).get('connect-src')).not.toContain(
      'https://orders.example.de',
    );
  });

  it('needs no new source for a service on the site itself, nor without one', () => {
    expect(connect({ ORDER_ENDPOINT: '/api/orders' })).toEqual(connect({}));
    expect(connect({}).page).toEqual(["'self'"]);
  });

  it('refuses an endpoint that is neither an http(s) URL nor a path', () => {
    expect(() => pageContentSecurityPolicy([], { ORDER_ENDPOINT: 'javascript:alert(1)' })).toThrow(
      /ORDER_ENDPOINT/,
    );
    expect(() => pageContentSecurityPolicy([], { ORDER_ENDPOINT: '//orders.example.de' })).toThrow(
      /ORDER_ENDPOINT/,
    );
  });
});

describe('the site-wide headers', () => {
  it('are written to _headers as one rule for every path and one per cache rule, and read back the same', () => {
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
        expect({ rules: `${rule.pattern} and ${other.pattern}`, shared: overlap ? shared : [] }).toEqual({
          rules: `${rule.pattern} and ${other.pattern}`,
          shared: [],
        });
      }
    }
  });

  it('are one nginx line each, none spanning a line', () => {
    const lines = nginxInclude().split('\n');
    expect(lines).toHaveLength(Object.keys(siteHeaders()).length);
    expect(lines).toContain(`add_header Content-Security-Policy "${headerContentSecurityPolicy()}" always;`);
  });

  it('are one CloudFront policy whose Cache-Control gives way to the one an object was uploaded with', () => {
    const policy = cloudFrontPolicy();
    const hsts = siteHeaders()['Strict-Transport-Security'];
    expect(policy.SecurityHeadersConfig.StrictTransportSecurity.AccessControlMaxAgeSec).toBe(
      Number(/max-age=(\d+)/.exec(hsts ?? '')?.[1]),
    );
    expect(policy.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
      headerContentSecurityPolicy(),
    );
    const custom = policy.CustomHeadersConfig.Items;
    expect(custom).toContainEqual({ Header: 'Cache-Control', Value: revalidate, Override: false });
    // Every site header is either modelled by CloudFront or sent as a custom header.
    for (const name of ['Permissions-Policy', 'Cross-Origin-Opener-Policy'])
      expect(custom.map((item) => item.Header)).toContain(name);
    expect(policy.CustomHeadersConfig.Quantity).toBe(custom.length);
  });
});

describe('the Observatory rules', () => {
  const headers = Object.fromEntries(
    Object.entries(siteHeaders()).map(([name, value]) => [name.toLowerCase(), value]),
  );
  const pagePolicy = pageContentSecurityPolicy([sha256(bootstrap)]);

  it('find nothing to deduct for the site’s header and page policies together', () => {
    expect(observatoryFindings(headers, [pagePolicy])).toEqual([]);
  });

  it("catch 'unsafe-inline' in the page policy, which the grader's merged view would hide", () => {
    const unsafe = pagePolicy.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'");
    expect(observatoryFindings(headers, [unsafe])).toEqual(["a policy lets scripts use 'unsafe-inline'"]);
  });

  it('catch a page without its policy, and frame-ancestors moved into the <meta>', () => {
    expect(observatoryFindings(headers, [])).toContain('no policy restricts scripts');
    const moved = {
      ...headers,
      'content-security-policy': headerContentSecurityPolicy().replace(/; frame-ancestors .*/, ''),
    };
    expect(observatoryFindings(moved, [`${pagePolicy}; frame-ancestors 'none'`])).toEqual([
      "the header lacks frame-ancestors 'none'",
      'the <meta> policy has frame-ancestors, which a browser ignores there',
    ]);
  });

  it('catch a header that two rules joined, and a second frame source', () => {
    const joined = {
      ...headers,
      'strict-transport-security': `${headers['strict-transport-security']}, max-age=0`,
    };
    expect(
      observatoryFindings(joined, [`${pagePolicy.replace('frame-src', 'frame-src https://example.com')}`]),
    ).toHaveLength(2);
  });
});
