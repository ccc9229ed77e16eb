// The site-wide headers in each host's format, from config/security-headers.ts.
// None of them depends on the pages: adding a category adds pages, not rules.
import {
  adminRule,
  cacheRules,
  commonHeaders,
  headerContentSecurityPolicy,
  revalidate,
} from '../../config/security-headers';

export interface HeaderRule {
  pattern: string;
  headers: Record<string, string>;
}

/** The headers every response gets: the common ones and the site-wide policy. */
export function siteHeaders(): Record<string, string> {
  return { ...commonHeaders, 'Content-Security-Policy': headerContentSecurityPolicy() };
}

/**
 * The `_headers` rules. No header name is in two rules that can match the same
 * path: Cloudflare Pages joins such values with a comma, which would corrupt
 * Cache-Control or the CSP. Pages get the hosts' default Cache-Control (see
 * `revalidate` in the config), which the comment in the file names.
 */
export function headerRules(): HeaderRule[] {
  return [
    { pattern: '/*', headers: siteHeaders() },
    ...cacheRules.map((rule) => ({ pattern: rule.pattern, headers: { 'Cache-Control': rule.value } })),
    adminRule,
  ];
}

export function headersFile(): string {
  const rules = headerRules().map((rule) =>
    [rule.pattern, ...Object.entries(rule.headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n'),
  );
  return [
    '# Written by scripts/write-headers.ts from config/security-headers.ts; the same for any number of pages.',
    '# Each page carries its own script policy in a <meta> tag. Pages and other files without a rule',
    `# below get the host's default Cache-Control: ${revalidate}.`,
    ...rules.map((rule) => `\n${rule}`),
  ].join('\n');
}

/** nginx `add_header` lines for every location of deploy/nginx.conf. */
export function nginxInclude(): string {
  return Object.entries(siteHeaders())
    .map(([name, value]) => `add_header ${name} ${JSON.stringify(value)} always;`)
    .join('\n');
}

/**
 * One CloudFront response headers policy for every cache behaviour
 * (`aws cloudfront create-response-headers-policy --response-headers-policy-config file://…`).
 * Its Cache-Control does not override the origin's, so the objects under
 * `/_next/static/` and `/og/`, uploaded with their own Cache-Control, keep it.
 * The security headers CloudFront models itself must have values it can express.
 */
export function cloudFrontPolicy() {
  const { 'Strict-Transport-Security': hsts = '', ...headers } = siteHeaders();
  const frameOption = headers['X-Frame-Options'];
  if (
    (frameOption !== 'DENY' && frameOption !== 'SAMEORIGIN') ||
    headers['X-Content-Type-Options'] !== 'nosniff'
  )
    throw new Error('X-Frame-Options or X-Content-Type-Options has no CloudFront equivalent');
  const modelled = [
    'X-Content-Type-Options',
    'Referrer-Policy',
    'X-Frame-Options',
    'Content-Security-Policy',
  ];
  const custom = [
    ...Object.entries(headers)
      .filter(([name]) => !modelled.includes(name))
      .map(([name, value]) => ({ Header: name, Value: value, Override: true })),
    { Header: 'Cache-Control', Value: revalidate, Override: false },
  ];
  return {
    Name: 'leadwerk-site-headers',
    Comment: 'Security headers and the site-wide CSP; each page carries its script policy in a <meta> tag.',
    SecurityHeadersConfig: {
      StrictTransportSecurity: {
        Override: true,
        AccessControlMaxAgeSec: Number(/max-age=(\d+)/.exec(hsts)?.[1]),
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
export function parseHeadersFile(text: string): { pattern: string; headers: [string, string][] }[] {
  const rules: { pattern: string; headers: [string, string][] }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim() || line.trim().startsWith('#')) continue;
    const index = line.indexOf(':');
    if (!/^\s/.test(line)) rules.push({ pattern: line.trim(), headers: [] });
    else if (index > 0)
      rules.at(-1)?.headers.push([line.slice(0, index).trim(), line.slice(index + 1).trim()]);
  }
  return rules;
}

/** Whether a `_headers` path pattern (`*` matches anything, `/` included) matches a URL path. */
export function matchesPattern(pattern: string, urlPath: string): boolean {
  const parts = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${parts.join('.*')}$`).test(urlPath);
}
