import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

/** @type {import('jest').Config} */
const config = {
  testEnvironment: 'jsdom',
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  testMatch: ['<rootDir>/__tests__/**/*.test.{ts,tsx}'],
  // The framework floor of `npm run bench` is a Next.js project of its own.
  modulePathIgnorePatterns: ['<rootDir>/bench/floor/'],
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  // A limit for hangs, not for load. A test's first render also compiles the code its clicks load later (the lazy
  // dialogs), and beside a second `npm test` on a slow host (load average 20) the area form's first test took over
  // 20 s, the whole file 286 s (2026-12-01). Playwright's journeys have 30 s and more.
  testTimeout: 60_000,
};

export default createJestConfig(config);
