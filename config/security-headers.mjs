// The one source of truth for the site's HTTP headers. The build writes them
// to out/_headers (scripts/write-headers.mjs), `npm start` serves them
// (scripts/serve.mjs), and deploy/nginx.conf includes the generated map.

/** The only third party the site ever talks to: the video player, after the visitor's click. */
export const VIDEO_ORIGIN = 'https://www.youtube-nocookie.com';

/** Headers every response gets. */
export const commonHeaders = {
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
 * The Content-Security-Policy of one page. Scripts run only from the site
 * itself and from the inline scripts whose hashes the build computed for
 * that page. Styles need 'unsafe-inline' for elements: react-hot-toast
 * injects its stylesheet at run time, and no hash can cover its content;
 * Headless UI and the toasts also set style attributes.
 */
export function contentSecurityPolicy({ scriptHashes = [], forMetaTag = false } = {}) {
  const directives = [
    ['default-src', "'self'"],
    ['script-src', ["'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' ')],
    ['style-src', "'self' 'unsafe-inline'"],
    ['img-src', "'self' data:"],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    ['frame-src', VIDEO_ORIGIN],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    // Ignored (with a console error) in a <meta> tag, so only sent as a header.
    ...(forMetaTag ? [] : [['frame-ancestors', "'none'"]]),
  ];
  return directives.map(([name, value]) => `${name} ${value}`).join('; ');
}

/** Cache rules by path: hashed assets forever, everything else revalidated. */
export const cacheRules = [
  { pattern: '/_next/static/*', value: 'public, max-age=31536000, immutable' },
  { pattern: '/og/*', value: 'public, max-age=86400' },
];
export const revalidate = 'public, max-age=0, must-revalidate';
