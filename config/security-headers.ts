// The one source of truth for the site's HTTP headers and its two
// Content-Security-Policies. scripts/write-headers.ts writes them after the
// build: the site-wide headers to out/_headers (Netlify, Cloudflare Pages and
// `npm start`), out/_headers.nginx.conf (deploy/nginx.conf) and
// out/_headers.cloudfront.json (S3 behind CloudFront), and each page's own
// policy into the page, as the first element of <head> after <meta charset>.
//
// Why two policies: each page runs a few inline scripts (the framework's page
// data), and the hashes of those differ from page to page. A header that lists
// them needs one rule per page, which hosts cap (Cloudflare Pages reads 100).
// So the header is the same for every response and says nothing about scripts,
// and every page carries its script policy in a <meta> tag. A browser enforces
// both, so a script must pass each; the meta policy is the one that decides
// which scripts run, the header adds what a <meta> tag cannot carry.

import { orderEndpoint, orderEndpointOrigin, type OrderEnv } from '../lib/checkout/endpoint';

/** The only third party the site ever talks to: the video player, after the visitor's click. */
export const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

/** Headers every response gets, besides the Content-Security-Policy. */
export const commonHeaders: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': [
    'accelerometer=()',
    'browsing-topics=()',
    'camera=()',
    'display-capture=()',
    'geolocation=()',
    'gyroscope=()',
    'magnetometer=()',
    'microphone=()',
    'payment=()',
    'usb=()',
    `autoplay=(self "${VIDEO_ORIGIN}")`,
    `encrypted-media=(self "${VIDEO_ORIGIN}")`,
    `fullscreen=(self "${VIDEO_ORIGIN}")`,
    `picture-in-picture=(self "${VIDEO_ORIGIN}")`,
  ].join(', '),
};

/**
 * Directives both policies carry, with the same sources: the header's for
 * responses without a page policy (images, feeds), the page's so that it is
 * complete on its own. Styles need 'unsafe-inline' for elements:
 * react-hot-toast injects its stylesheet at run time, and no hash can cover
 * its content; Headless UI, the toasts and the error page also set style
 * attributes. (The site's own stylesheet is a linked file.)
 */
const sharedDirectives: [string, string][] = [
  ['style-src', "'self' 'unsafe-inline'"],
  ['img-src', "'self' data:"],
  ['font-src', "'self'"],
  ['connect-src', "'self'"],
  ['frame-src', VIDEO_ORIGIN],
  ['object-src', "'none'"],
  ['base-uri', "'self'"],
  ['form-action', "'self'"],
];

/** A browser ignores these in a <meta> policy (with a console error), so only the header has them. */
const headerOnlyDirectives: [string, string][] = [['frame-ancestors', "'none'"]];

const serialize = (directives: [string, string][]) =>
  directives.map(([name, value]) => `${name} ${value}`).join('; ');

/**
 * The order service, when the build names one on another origin (`ORDER_ENDPOINT`): shop pages may send
 * the checkout's order there, and nowhere else. A service on the site's own origin needs nothing more.
 */
function orderSources(env: OrderEnv): Record<string, string[]> {
  const origin = orderEndpointOrigin(orderEndpoint(env));
  return origin ? { 'connect-src': [origin] } : {};
}

// ---- /admin, the editors' CMS (public/admin/) -------------------------------------------------
/** Where the CMS lives; its page gets `adminContentSecurityPolicy()` instead of a shop page's policy. */
export const ADMIN_PATH = '/admin/';

/**
 * What the CMS needs beyond a shop page: GitHub's API, signed-in editors' avatars, and data:/blob: URLs
 * for its own logo and previews. (Its question to GitHub's status page is answered in public/admin/cms.js.)
 */
const adminSources: Record<string, string[]> = {
  'connect-src': ['data:', 'https://api.github.com'],
  'img-src': ['blob:', 'https://avatars.githubusercontent.com'],
};

const withSources = (directives: [string, string][], extra: Record<string, string[]>): [string, string][] =>
  directives.map(([name, value]) => [name, [value, ...(extra[name] ?? [])].join(' ')]);

/** The CMS page's own policy: scripts from the site itself only (the page has no inline script). */
export function adminContentSecurityPolicy(): string {
  return serialize([
    ['default-src', "'self'"],
    ['script-src', "'self'"],
    ...withSources(sharedDirectives, adminSources),
  ]);
}

/** /admin is for editors, not for search engines: the header says so for every file below it. */
export const adminRule = { pattern: `${ADMIN_PATH}*`, headers: { 'X-Robots-Tag': 'noindex, nofollow' } };
// ---- end of /admin ------------------------------------------------------------------------------

/**
 * The Content-Security-Policy header, the same on every response. It has no
 * script-src and no default-src (script-src's fallback): the browser enforces
 * it together with the page's own policy, and any script source here would have
 * to list the inline-script hashes of every page to let them run.
 */
export function headerContentSecurityPolicy(env: OrderEnv = process.env): string {
  // The header is the same on every path, /admin included, so it allows what the CMS and the order service
  // add; each page's own policy still limits it to what that page needs, since the browser enforces both.
  const directives = withSources(withSources(sharedDirectives, adminSources), orderSources(env));
  return serialize([...directives, ...headerOnlyDirectives]);
}

/**
 * The policy of one page, for its <meta http-equiv="Content-Security-Policy">.
 * Scripts run only from the site itself and from the inline scripts whose
 * hashes the build computed for that page; everything else falls back to the
 * site itself.
 */
export function pageContentSecurityPolicy(scriptHashes: string[] = [], env: OrderEnv = process.env): string {
  return serialize([
    ['default-src', "'self'"],
    ['script-src', ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' ')],
    ...withSources(sharedDirectives, orderSources(env)),
  ]);
}

/** Cache rules by path: hashed assets forever, the social images for a day. */
export const cacheRules = [
  { pattern: '/_next/static/*', value: 'public, max-age=31536000, immutable' },
  { pattern: '/og/*', value: 'public, max-age=86400' },
];

/**
 * Everything else, pages included, is revalidated on every use, so that a new
 * deploy is seen at once. Netlify and Cloudflare Pages send exactly this for
 * every file that no rule gives a Cache-Control, so `_headers` leaves pages to
 * that default: a `/*` rule with a Cache-Control would also match
 * `/_next/static/*`, where Cloudflare Pages joins the two values with a comma
 * and Netlify documents no order. nginx and CloudFront set it explicitly, and
 * scripts/serve.ts sends it as the two hosts do.
 */
export const revalidate = 'public, max-age=0, must-revalidate';
