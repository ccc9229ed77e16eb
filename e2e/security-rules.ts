/**
 * Mozilla's HTTP Observatory rules for an A+ (no test deducts; the referrer policy and frame-ancestors
 * add 5 each), checked on the headers and <meta> policies a server sends: e2e/site.spec.ts applies
 * them to every page, from the static server and from nginx. Hand-made because the package
 * (@mdn/mdn-http-observatory) documents only a scan of a host on ports 80/443, and its install step
 * downloads the HSTS preload list, which fails offline.
 *
 * The grader merges the header policy with the <meta> policy: for a directive that both name it keeps
 * the shared sources, and a directive that only the <meta> names reads as 'none'. With this site's
 * design (script-src only in the page's <meta>) the grade says nothing about scripts, so each policy is
 * also checked on its own, as a browser enforces each.
 */
export const VIDEO_HOST = /(^|\.)youtube-nocookie\.com$/;

/** `default-src 'self'; script-src …` → Map { 'default-src' => ["'self'"], … }; a repeated directive keeps its first value. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name = '', ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

const BROAD = ['*', 'http:', 'https:', 'ftp:', 'http://*', 'http://*.*', 'https://*', 'https://*.*'];
const UNSAFE_FOR_SCRIPTS = ["'unsafe-inline'", "'unsafe-eval'", "'strict-dynamic'", 'data:', ...BROAD];
const META_IGNORES = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];

/** What would cost an HTML response its A+ (or break a promise of the site); empty when nothing does. */
export function observatoryFindings(headers: Record<string, string>, metaPolicies: string[]): string[] {
  const findings: string[] = [];
  const fail = (message: string) => findings.push(message);
  const headerPolicy = headers['content-security-policy'];
  if (!headerPolicy) return ['no Content-Security-Policy header'];
  if (headerPolicy.includes(',')) fail(`the CSP header holds more than one policy: ${headerPolicy}`);
  if (metaPolicies.length !== 1) fail(`${metaPolicies.length} <meta> policies, not the page's one`);
  const policies = [headerPolicy, ...metaPolicies].map(parseCsp);
  for (const policy of [headerPolicy, ...metaPolicies]) {
    const names = policy.split(';').map((part) => part.trim().split(/\s+/)[0]?.toLowerCase());
    if (new Set(names).size !== names.length) fail(`a policy names a directive twice: ${policy}`);
  }

  // The grader's merged view (script-src there is at most what each policy allows, checked below).
  const [header, meta] = policies as [Map<string, string[]>, Map<string, string[]>?];
  const view = new Map(header);
  for (const [name, values] of meta ?? [])
    view.set(
      name,
      values.filter((v) => header.get(name)?.includes(v)),
    );
  const graded = (name: string) => view.get(name) ?? view.get('default-src') ?? ['*'];
  for (const source of graded('object-src'))
    if (BROAD.includes(source)) fail(`graded object-src allows ${source}`);
  if (graded('style-src').includes("'unsafe-eval'")) fail("graded style-src allows 'unsafe-eval'");
  if (header.get('frame-ancestors')?.join(' ') !== "'none'") fail("the header lacks frame-ancestors 'none'");

  // What the browser enforces: each policy on its own.
  if (!policies.some((policy) => policy.has('script-src') || policy.has('default-src')))
    fail('no policy restricts scripts');
  for (const source of policies.flatMap(
    (policy) => policy.get('script-src') ?? policy.get('default-src') ?? [],
  ))
    if (UNSAFE_FOR_SCRIPTS.includes(source.toLowerCase())) fail(`a policy lets scripts use ${source}`);
  for (const name of META_IGNORES)
    if (meta?.has(name)) fail(`the <meta> policy has ${name}, which a browser ignores there`);
  for (const policy of policies) {
    const frames = policy.get('frame-src');
    if (frames && (frames.length !== 1 || !VIDEO_HOST.test(new URL(frames[0] ?? 'x:').hostname)))
      fail(`frame-src is ${frames.join(' ')}, not the video player's origin alone`);
  }

  // The other graded tests, and what the site promises besides (no camera, microphone or location; no window.opener).
  if (headers['set-cookie'] !== undefined) fail('a cookie is set');
  if (headers['access-control-allow-origin'] === '*') fail('Access-Control-Allow-Origin: *');
  if (headers['referrer-policy'] !== 'strict-origin-when-cross-origin')
    fail(`Referrer-Policy is ${headers['referrer-policy']}`);
  const hsts = headers['strict-transport-security'] ?? '';
  if (Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0) < 15_552_000 || hsts.includes(','))
    fail(`Strict-Transport-Security is "${hsts}"`);
  if (headers['x-content-type-options'] !== 'nosniff')
    fail(`X-Content-Type-Options is ${headers['x-content-type-options']}`);
  if (headers['x-frame-options'] !== 'DENY') fail(`X-Frame-Options is ${headers['x-frame-options']}`);
  if (!/^same-(origin|site)$/.test(headers['cross-origin-resource-policy'] ?? 'same-origin'))
    fail(`Cross-Origin-Resource-Policy is ${headers['cross-origin-resource-policy']}`);
  const permissions = (headers['permissions-policy'] ?? '').split(',').map((entry) => entry.trim());
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()'])
    if (!permissions.includes(feature)) fail(`Permissions-Policy lacks ${feature}`);
  if (!/^same-origin(-allow-popups)?$/.test(headers['cross-origin-opener-policy'] ?? ''))
    fail(`Cross-Origin-Opener-Policy is ${headers['cross-origin-opener-policy']}`);
  return findings;
}

/** HTML must be revalidated on every use, so that a new deploy (with new script hashes in its pages) is seen at once. */
export function revalidates(cacheControl = ''): boolean {
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl)?.[1];
  return (
    /\b(no-cache|must-revalidate)\b/.test(cacheControl) &&
    !/\bimmutable\b/.test(cacheControl) &&
    (maxAge ?? '0') === '0'
  );
}
