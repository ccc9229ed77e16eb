/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: false,
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: {
    globalNotFound: true,
    // No `inlineCss`: it puts the stylesheet into each page twice, in a <style> and again in the RSC payload
    // (its documented cost), 45 kB raw per copy. Linked, the stylesheet is one cached file for every page, and a
    // page's HTML fits the first round trip (docs/performance.md, issue 40).
  },
  // Tests are type-checked by `npm run typecheck`; the build checks the app alone. Inside `npm test`, whose
  // `types` gate checks everything once, its two builds leave that out (TYPES_CHECKED=1).
  typescript: {
    tsconfigPath: 'tsconfig.build.json',
    ignoreBuildErrors: process.env.TYPES_CHECKED === '1',
  },
  // EXPORT_DIR writes the export somewhere other than out/: with `output: 'export'`, distDir is the export's folder.
  // A build with it has another configuration, so it shares no compiler cache with one without (docs/testing.md).
  ...(process.env.EXPORT_DIR ? { distDir: process.env.EXPORT_DIR } : {}),
};

export default nextConfig;
