// The site-wide headers in each host's format, from config/security-headers.mjs.
// None of them depends on the pages: adding a category adds pages, not rules.
import {
  adminRule,
  cacheRules,
  commonHeaders,
  headerContentSecurityPolicy,
  revalidate,
} from '../../config/security-headers.mjs';

/** The headers every response gets: the common ones and the site-wide policy. */
export function siteHeaders() {
  return { ...commonHeaders, 'Content-Security-Policy': headerContentSecurityPolicy() };
}

/**
 * The `_headers` rules. No header name is in two rules that can match the same
 * path: Cloudflare Pages joins such values with a comma, which would corrupt
 * Cache-Control or the CSP. Pages get the hosts' default Cache-Control (see
 * `revalidate` in the config), which the comment in the file names.
 */
export function headerRules() {
  return [
    { pattern: '/*', headers: siteHeaders() },
    ...cacheRules.map((rule) => ({ pattern: rule.pattern, headers: { 'Cache-Control': rule.value } })),
    adminRule,
  ];
}

export function headersFile() {
  const rules = headerRules().map((rule) =>
    [rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  );
  return [
    '# Written by scripts/write-headers.mjs from config/security-headers.mjs; the same for any number of pages.',
    '# Each page carries its own script policy in a <meta> tag. Pages and other files without a rule',
    `# below get the host's default Cache-Control: ${revalidate}.`,
    ...rules.map((rule) => `\n${rule}`),
  ].join('\n');
}

/** nginx `add_header` lines for every location of deploy/nginx.conf. */
export function nginxInclude() {
  return Object.entries(siteHeaders())
    .map(([name, value]) => `add_header ${name} ${JSON.stringify(value)} always;`)
    .join('\n');
}

/**
 * One CloudFront response headers policy for every cache behaviour
 * (`aws cloudfront create-response-headers-policy --response-headers-policy-config file://…`).
 * Its Cache-Control does not override the origin's, so the objects under
 * `/_next/static/` and `/og/`, uploaded with their own Cache-Control, keep it.
 */
export function cloudFrontPolicy() {
  const headers = siteHeaders();
  const hsts = headers['Strict-Transport-Security'];
  const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1]);
  if (!Number.isInteger(maxAge)) throw new Error(`Strict-Transport-Security without max-age: ${hsts}`);
  const frameOption = headers['X-Frame-Options'];
  if (frameOption !== 'DENY' && frameOption !== 'SAMEORIGIN')
    throw new Error(`X-Frame-Options ${frameOption} has no CloudFront equivalent`);
  if (headers['X-Content-Type-Options'] !== 'nosniff')
    throw new Error('CloudFront can only send X-Content-Type-Options: nosniff');
  const inSecurityConfig = new Set([
    'Strict-Transport-Security',
    'X-Content-Type-Options',
    'Referrer-Policy',
    'X-Frame-Options',
    'Content-Security-Policy',
  ]);
  const custom = [
    ...Object.entries(headers)
      .filter(([name]) => !inSecurityConfig.has(name))
      .map(([name, value]) => ({ Header: name, Value: value, Override: true })),
    { Header: 'Cache-Control', Value: revalidate, Override: false },
  ];
  return {
    Name: 'leadwerk-site-headers',
    Comment: 'Security headers and the site-wide CSP; each page carries its script policy in a <meta> tag.',
    SecurityHeadersConfig: {
      StrictTransportSecurity: {
        Override: true,
        AccessControlMaxAgeSec: maxAge,
        IncludeSubdomains: /;\s*includeSubDomains/i.test(hsts),
        Preload: /;\s*preload/i.test(hsts),
      },
      ContentTypeOptions: { Override: true },
      ReferrerPolicy: { Override: true, ReferrerPolicy: headers['Referrer-Policy'] },
      FrameOptions: { Override: true, FrameOption: frameOption },
      ContentSecurityPolicy: { Override: true, ContentSecurityPolicy: headers['Content-Security-Policy'] },
    },
    CustomHeadersConfig: { Quantity: custom.length, Items: custom },
  };
}

/** Parses `_headers`: a path pattern per unindented line, then indented `Name: value` lines. */
export function parseHeadersFile(text) {
  const rules = [];
  let current;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      current = { pattern: line.trim(), headers: [] };
      rules.push(current);
    } else if (current) {
      const index = line.indexOf(':');
      if (index > 0) current.headers.push([line.slice(0, index).trim(), line.slice(index + 1).trim()]);
    }
  }
  return rules;
}

/** Whether a `_headers` path pattern (`*` matches anything, `/` included) matches a URL path. */
export function matchesPattern(pattern, urlPath) {
  const regex = new RegExp(
    '^' +
      pattern
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
  );
  return regex.test(urlPath);
}
