/** @type {import('next').NextConfig} */
const nextConfig = {
  output: 'export',
  trailingSlash: false,
  images: { unoptimized: true },
  poweredByHeader: false,
  reactStrictMode: true,
  experimental: { globalNotFound: true },
  // Tests are type-checked by `npm run typecheck`; the build checks the app alone.
  typescript: { tsconfigPath: 'tsconfig.build.json' },
  // EXPORT_DIR writes the export somewhere other than out/ (the fixture-category check builds a second site).
  ...(process.env.EXPORT_DIR ? { distDir: process.env.EXPORT_DIR } : {}),
};

export default nextConfig;
