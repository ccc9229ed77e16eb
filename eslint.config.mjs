import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // The order service renders its desk and mails with Hono's JSX on the server: whole documents, not Next pages.
    files: ['orders/**/*.tsx'],
    rules: {
      '@next/next/no-head-element': 'off',
      '@next/next/no-html-link-for-pages': 'off',
      '@next/next/no-css-tags': 'off',
    },
  },
  globalIgnores([
    '.next/**',
    'out/**',
    '.fixture-out/**',
    '.site-out/**',
    'bench/floor/**',
    // The CMS, bundled from its npm package by scripts/cms.ts.
    'public/admin/sveltia/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
