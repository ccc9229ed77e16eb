import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    'out/**',
    '.fixture-out/**',
    'bench/floor/**',
    // The CMS, bundled from its npm package by scripts/cms.ts.
    'public/admin/sveltia/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
  ]),
]);
