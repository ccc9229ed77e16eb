/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: false,
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    globalNotFound: true,
    // The stylesheet goes into each page's <head>: the page can be painted as soon as its HTML has arrived,
    // instead of waiting for a second request that shares the line with the framework's scripts
    // (docs/performance.md).
    inlineCss: true,
  },
  // Tests are type-checked by `npm run typecheck`; the build checks the app alone. Inside `npm test`, whose
  // `types` gate checks everything once, its two builds leave that out (TYPES_CHECKED=1).
  typescript: {
    tsconfigPath: 'tsconfig.build.json',
    ignoreBuildErrors: process.env.TYPES_CHECKED === '1',
  },
  // EXPORT_DIR writes the export somewhere other than out/ (the fixture-category check builds a second site).
  ...(process.env.EXPORT_DIR ? { distDir: process.env.EXPORT_DIR } : {}),
};

export default nextConfig;
