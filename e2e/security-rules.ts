/**
 * The rules that Mozilla's HTTP Observatory grades, checked on what the
 * server sends. The package's own `scan()` cannot run in `npm test`: its
 * install step downloads the HSTS preload list (it reads that file on every
 * scan), and this machine has no internet; so each test the grade depends on
 * is checked here, at the outcome that keeps the grade at A+ (110: no test
 * deducts, the referrer policy and frame-ancestors add 5 each).
 * `scripts/check-observatory.ts` runs the real scan where it can reach the
 * site (see the README). Each function returns what is wrong, so the e2e
 * sweep, the jest tests and scripts/check-nginx.ts all use the same rules.
 *
 * | Observatory test                | A+ outcome checked here                                          |
 * |---------------------------------|------------------------------------------------------------------|
 * | content-security-policy         | in the grader's merged view: no 'unsafe-inline', data: or broad source for scripts, no 'unsafe-eval', object-src not broad; 'unsafe-inline' in style-src only (0 points, still a pass) |
 * | cookies                         | no Set-Cookie at all                                             |
 * | cross-origin-resource-sharing   | no Access-Control-Allow-Origin: *                                |
 * | redirection                     | the host's job (http → https): `deploy/nginx.conf` and the hosts in the README |
 * | referrer-policy                 | strict-origin-when-cross-origin (+5)                             |
 * | strict-transport-security       | max-age of at least six months, set once                         |
 * | subresource-integrity           | every script from the site's own origin                          |
 * | x-content-type-options          | nosniff                                                          |
 * | x-frame-options                 | DENY, and frame-ancestors 'none' in the header policy (+5)       |
 * | cross-origin-resource-policy    | not set, or same-origin/same-site                                |
 *
 * How the grader reads a header policy together with a <meta> policy
 * (@mdn/mdn-http-observatory 1.4.8, src/retriever/utils.js, src/analyzer/cspParser.js
 * and src/analyzer/tests/csp.js), the facts the checks below rely on:
 *
 * 1. Every `<meta http-equiv="Content-Security-Policy">` in the page counts as a
 *    policy, after the header's. The CSP test merges them all into one view.
 * 2. The merge keeps, for a directive that several policies name, only the
 *    sources they share. A directive that only the meta policy names ends up
 *    with no source, which the grader reads as 'none'; one that only the header
 *    names is taken as the header has it.
 * 3. So with this site's design (a header policy without script-src and
 *    default-src, and a page policy with them) the grader sees script-src and
 *    default-src as 'none'. It would see 'none' just the same if the page policy
 *    allowed 'unsafe-inline': the grade alone proves nothing about scripts.
 *    That is why every policy is also checked on its own, as a browser
 *    enforces it (each policy it receives, all at once).
 * 4. frame-ancestors counts only from the header (a browser ignores it in a
 *    <meta>); with it in the merged view, the X-Frame-Options test passes
 *    "via CSP", +5.
 * 5. A policy that names a directive twice is invalid (−25); a
 *    Strict-Transport-Security header that holds a comma was set twice and is
 *    invalid too (−20).
 */
export const VIDEO_HOST = /(^|\.)youtube-nocookie\.com$/;

type Policy = Map<string, string[]>;

/** `default-src 'self'; script-src 'self' 'sha256-…'` → Map { 'default-src' => ["'self'"], … }. */
export function parseCsp(policy: string): Policy {
  const directives: Policy = new Map();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

/** Directive names that appear more than once in a policy: the grader calls such a policy invalid. */
function duplicateDirectives(policy: string): string[] {
  const names = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/)[0]?.toLowerCase())
    .filter((name): name is string => !!name);
  return names.filter((name, index) => names.indexOf(name) !== index);
}

/**
 * The Observatory's merged view of a header policy and a <meta> policy (facts 1 and 2 above),
 * for the case this site has: one of each, whose shared sources are spelled the same.
 */
export function observatoryView(headerPolicy: string, metaPolicy?: string): Map<string, Set<string>> {
  const lower = (policy: Policy) =>
    new Map([...policy].map(([name, values]) => [name, values.map((value) => value.toLowerCase())]));
  const header = lower(parseCsp(headerPolicy));
  const view = new Map<string, Set<string>>();
  const asSet = (values: string[]) => new Set(values.length > 0 ? values : ["'none'"]);
  for (const [name, values] of header) view.set(name, asSet(values));
  if (metaPolicy === undefined) return view;
  for (const [name, values] of lower(parseCsp(metaPolicy))) {
    view.set(name, asSet(values.filter((value) => header.get(name)?.includes(value))));
  }
  return view;
}

const BROAD = new Set(['*', 'http:', 'https:', 'ftp:', 'http://*', 'http://*.*', 'https://*', 'https://*.*']);
const UNSAFE_FOR_SCRIPTS = ["'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'", 'data:', ...BROAD];
const META_IGNORES = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];

export interface ServedPage {
  /** The response headers, names in lower case. */
  headers: Record<string, string>;
  /** Every policy the page carries in `<meta http-equiv>`. */
  metaPolicies: string[];
  /** The sha256 of each inline script the page runs, as the browser hashes it; when given, the page's policy must allow exactly these. */
  inlineScriptHashes?: string[];
  /** The `src` of every script element, resolved. */
  scriptSources: string[];
  origin: string;
}

/** Every rule above, for one HTML response: the list of what would cost the A+, empty when nothing does. */
export function observatoryFindings({
  headers,
  metaPolicies,
  inlineScriptHashes,
  scriptSources,
  origin,
}: ServedPage): string[] {
  const findings: string[] = [];
  const fail = (message: string) => findings.push(message);

  // The Content-Security-Policy: one site-wide header policy and at most one page policy.
  const headerPolicy = headers['content-security-policy'];
  if (!headerPolicy) return ['no Content-Security-Policy header'];
  if (headerPolicy.includes(',')) fail(`the CSP header holds more than one policy: ${headerPolicy}`);
  if (metaPolicies.length > 1) fail(`${metaPolicies.length} <meta> policies`);
  const metaPolicy = metaPolicies[0];
  for (const policy of [headerPolicy, ...metaPolicies]) {
    for (const name of duplicateDirectives(policy)) fail(`a policy names ${name} twice`);
  }

  // What the grader sees (facts 1, 2 and 4).
  const view = observatoryView(headerPolicy, metaPolicy);
  const graded = (name: string) => view.get(name) ?? view.get('default-src') ?? new Set(['*']);
  for (const source of graded('script-src')) {
    if (UNSAFE_FOR_SCRIPTS.includes(source)) fail(`graded script-src allows ${source}`);
  }
  for (const source of graded('object-src'))
    if (BROAD.has(source)) fail(`graded object-src allows ${source}`);
  if (graded('style-src').has("'unsafe-eval'")) fail("graded style-src allows 'unsafe-eval'");
  const frameAncestors = parseCsp(headerPolicy).get('frame-ancestors');
  if (frameAncestors?.join(' ') !== "'none'")
    fail(`frame-ancestors in the header is ${frameAncestors?.join(' ') ?? 'missing'}`);

  // What the browser enforces (fact 3): every policy on its own, and together.
  const policies = [headerPolicy, ...metaPolicies].map(parseCsp);
  const scriptRules = policies
    .map((policy) => policy.get('script-src') ?? policy.get('default-src'))
    .filter((sources): sources is string[] => sources !== undefined);
  if (scriptRules.length === 0) fail('no policy restricts scripts');
  for (const sources of scriptRules) {
    for (const source of sources)
      if (UNSAFE_FOR_SCRIPTS.includes(source.toLowerCase())) fail(`a policy lets scripts use ${source}`);
  }
  if (metaPolicy !== undefined) {
    for (const name of META_IGNORES)
      if (parseCsp(metaPolicy).has(name))
        fail(`the <meta> policy has ${name}, which a browser ignores there`);
  }
  if (inlineScriptHashes) {
    const expected = ["'self'", ...new Set(inlineScriptHashes.map((hash) => `'sha256-${hash}'`))].sort();
    for (const sources of scriptRules) {
      const allowed = [...sources].sort();
      if (allowed.join(' ') !== expected.join(' '))
        fail(`script-src is ${allowed.join(' ')}, but the page's inline scripts need ${expected.join(' ')}`);
    }
  }
  const some = (name: string, value: string) =>
    policies.some((policy) => policy.get(name)?.join(' ') === value);
  if (!some('default-src', "'self'")) fail("no policy has default-src 'self'");
  if (!some('object-src', "'none'")) fail("no policy has object-src 'none'");
  // Frames: the video player's origin alone, in every policy that names frame-src.
  const frameRules = policies
    .map((policy) => policy.get('frame-src'))
    .filter((sources) => sources !== undefined);
  if (frameRules.length === 0) fail('no policy has frame-src');
  for (const frameSrc of frameRules) {
    const [only, ...more] = frameSrc;
    let frameOrigin: URL | undefined;
    try {
      frameOrigin = new URL(only ?? '');
    } catch {
      frameOrigin = undefined;
    }
    if (
      more.length > 0 ||
      frameOrigin?.protocol !== 'https:' ||
      !VIDEO_HOST.test(frameOrigin.hostname) ||
      frameOrigin.pathname !== '/'
    )
      fail(`frame-src is ${frameSrc.join(' ')}, not the video player's origin alone`);
  }

  // The other tests.
  if (headers['set-cookie'] !== undefined) fail('a cookie is set');
  if (headers['access-control-allow-origin'] === '*') fail('Access-Control-Allow-Origin: *');
  if (headers['referrer-policy'] !== 'strict-origin-when-cross-origin')
    fail(`Referrer-Policy is ${headers['referrer-policy']}`);
  const hsts = headers['strict-transport-security'] ?? '';
  if (Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0) < 15_552_000 || hsts.includes(','))
    fail(`Strict-Transport-Security is "${hsts}"`);
  for (const source of scriptSources)
    if (new URL(source).origin !== origin) fail(`a script comes from ${source}`);
  if (headers['x-content-type-options'] !== 'nosniff')
    fail(`X-Content-Type-Options is ${headers['x-content-type-options']}`);
  if (headers['x-frame-options'] !== 'DENY') fail(`X-Frame-Options is ${headers['x-frame-options']}`);
  if (!/^same-(origin|site)$/.test(headers['cross-origin-resource-policy'] ?? 'same-origin'))
    fail(`Cross-Origin-Resource-Policy is ${headers['cross-origin-resource-policy']}`);

  // Not graded, but promised by the site: no camera, microphone or location, and no window.opener leaks.
  const permissions = (headers['permissions-policy'] ?? '').split(',').map((entry) => entry.trim());
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) {
    if (!permissions.includes(feature)) fail(`Permissions-Policy lacks ${feature}`);
  }
  if (!/^same-origin(-allow-popups)?$/.test(headers['cross-origin-opener-policy'] ?? ''))
    fail(`Cross-Origin-Opener-Policy is ${headers['cross-origin-opener-policy']}`);
  return findings;
}

/** HTML must be revalidated, so that a new deploy (with new script hashes in its pages) is seen at once. */
export function revalidationFindings(headers: Record<string, string>): string[] {
  const cacheControl = headers['cache-control'] ?? '';
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl)?.[1];
  return !/\b(no-cache|must-revalidate)\b/.test(cacheControl) ||
    /\bimmutable\b/.test(cacheControl) ||
    (maxAge !== undefined && Number(maxAge) !== 0)
    ? [`HTML with Cache-Control "${cacheControl}"`]
    : [];
}
