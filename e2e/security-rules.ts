/**
 * The rules that Mozilla's HTTP Observatory grades, asserted on what the
 * server sends. The package's own `scan()` cannot run here: its install step
 * downloads the HSTS preload list (it reads that file on every scan), and
 * this machine has no internet; so each test the grade depends on is checked
 * here, at the outcome that keeps the grade at A+ (no test deducts points):
 *
 * | Observatory test                | A+ outcome checked here                                          |
 * |---------------------------------|------------------------------------------------------------------|
 * | content-security-policy         | no 'unsafe-inline'/'unsafe-eval'/schemes in script-src, object-src 'none', default-src 'self' |
 * | cookies                         | no Set-Cookie at all                                             |
 * | cross-origin-resource-sharing   | no Access-Control-Allow-Origin: *                                |
 * | redirection                     | the host's job (http → https): `deploy/nginx.conf` and the hosts in the README |
 * | referrer-policy                 | strict-origin-when-cross-origin                                  |
 * | strict-transport-security       | max-age of at least six months                                   |
 * | subresource-integrity           | every script from the site's own origin                          |
 * | x-content-type-options          | nosniff                                                          |
 * | x-frame-options                 | DENY, and frame-ancestors 'none' in the policy                   |
 * | cross-origin-resource-policy    | not set, or same-origin/same-site                               |
 */
import { expect } from '@playwright/test';

export const VIDEO_HOST = /(^|\.)youtube-nocookie\.com$/;

/** `default-src 'self'; script-src 'self' 'sha256-…'` → Map { 'default-src' => ["'self'"], … }. */
export function parseCsp(policy: string): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

export interface ServedPage {
  /** The response headers, names in lower case. */
  headers: Record<string, string>;
  /** The policy the page carries in `<meta http-equiv>`, if any. */
  metaCsp?: string;
  /** The `src` of every script element, resolved. */
  scriptSources: string[];
  origin: string;
}

/** Every rule above, for one HTML response. */
export function expectObservatoryAPlus(
  { headers, metaCsp, scriptSources, origin }: ServedPage,
  where: string,
) {
  const policies = [headers['content-security-policy'], metaCsp].filter(
    (policy): policy is string => !!policy,
  );
  expect(policies.length, `${where}: a Content-Security-Policy`).toBeGreaterThan(0);
  const merged = policies.map(parseCsp);
  const directive = (name: string) => merged.map((policy) => policy.get(name) ?? policy.get('default-src'));

  for (const scriptSrc of directive('script-src')) {
    expect(scriptSrc, `${where}: script-src`).toBeDefined();
    for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", '*', 'data:', 'http:', 'https:']) {
      expect(scriptSrc, `${where}: script-src allows ${unsafe}`).not.toContain(unsafe);
    }
  }
  expect(
    merged.some((policy) => policy.get('default-src')?.join(' ') === "'self'"),
    `${where}: default-src 'self'`,
  ).toBe(true);
  expect(
    merged.some((policy) => policy.get('object-src')?.join(' ') === "'none'"),
    `${where}: object-src 'none'`,
  ).toBe(true);
  // frame-ancestors is ignored in a <meta> policy, so it must come with the header.
  expect(
    parseCsp(headers['content-security-policy'] ?? '').get('frame-ancestors'),
    `${where}: frame-ancestors`,
  ).toEqual(["'none'"]);
  for (const frameSrc of directive('frame-src')) {
    expect(frameSrc, `${where}: frame-src`).toHaveLength(1);
    const frameOrigin = new URL(frameSrc![0]!);
    expect(frameOrigin.protocol, `${where}: frame-src scheme`).toBe('https:');
    expect(frameOrigin.hostname, `${where}: frame-src host`).toMatch(VIDEO_HOST);
    expect(frameOrigin.pathname, `${where}: frame-src is a bare origin`).toBe('/');
  }

  expect(headers['set-cookie'], `${where}: cookies`).toBeUndefined();
  expect(headers['access-control-allow-origin'], `${where}: CORS`).not.toBe('*');
  expect(headers['referrer-policy'], `${where}: Referrer-Policy`).toBe('strict-origin-when-cross-origin');
  const hsts = headers['strict-transport-security'] ?? '';
  expect(Number(/max-age=(\d+)/i.exec(hsts)?.[1] ?? 0), `${where}: HSTS max-age`).toBeGreaterThanOrEqual(
    15_552_000,
  );
  for (const source of scriptSources)
    expect(new URL(source).origin, `${where}: script from ${source}`).toBe(origin);
  expect(headers['x-content-type-options'], `${where}: X-Content-Type-Options`).toBe('nosniff');
  expect(headers['x-frame-options'], `${where}: X-Frame-Options`).toBe('DENY');
  expect(headers['cross-origin-resource-policy'] ?? 'same-origin', `${where}: CORP`).toMatch(
    /^same-(origin|site)$/,
  );

  // Not graded, but promised by the site: no camera, microphone or location, and no window.opener leaks.
  const permissions = (headers['permissions-policy'] ?? '').split(',').map((entry) => entry.trim());
  for (const feature of ['camera=()', 'microphone=()', 'geolocation=()']) {
    expect(permissions, `${where}: Permissions-Policy ${feature}`).toContain(feature);
  }
  expect(headers['cross-origin-opener-policy'], `${where}: Cross-Origin-Opener-Policy`).toMatch(
    /^same-origin(-allow-popups)?$/,
  );
}

/** HTML must be revalidated, so that a new deploy (with new script hashes in its policy) is seen at once. */
export function expectRevalidatingHtml(headers: Record<string, string>, where: string) {
  const cacheControl = headers['cache-control'] ?? '';
  expect(cacheControl, `${where}: Cache-Control`).toMatch(/\b(no-cache|must-revalidate)\b/);
  expect(cacheControl, `${where}: Cache-Control`).not.toMatch(/\bimmutable\b/);
  const maxAge = /\bmax-age=(\d+)/.exec(cacheControl)?.[1];
  if (maxAge !== undefined) expect(Number(maxAge), `${where}: HTML max-age`).toBe(0);
}
