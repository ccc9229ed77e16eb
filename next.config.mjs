import { EagerCompileHintPlugin } from './config/compile-hints.mjs';

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
  webpack(config, { dev, isServer, webpack }) {
    if (!dev && !isServer) config.plugins.push(new EagerCompileHintPlugin(webpack));
    return config;
  },
};

export default nextConfig;
