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
  // Headless UI transitions and user-event are slow in jsdom on a busy machine; fail on hangs, not on load.
  testTimeout: 20_000,
};

export default createJestConfig(config);
