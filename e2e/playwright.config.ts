import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SUPPORT_PASSWORD } from './support/operator';

const PORT = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'khidma-e2e-'));

/** Runs against a freshly started server on the embedded database; never downloads a browser. */
export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  // A test that fails by chance is a defect to fix, never to retry.
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://localhost:${PORT}`,
    locale: 'ar-SA',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  webServer: {
    command: 'npx tsx ../apps/api/src/server.ts',
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    // Every spec signs the demo owner in from 127.0.0.1: a higher per-minute sign-in throttle for the run.
    env: { PORT: String(PORT), DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'development', LOGIN_RATE_LIMIT: '100', SUPPORT_PASSWORD },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
