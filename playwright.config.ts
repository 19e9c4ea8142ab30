import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './e2e/chromium';
import { E2E_PORTS } from './e2e/ports';

const baseURL = `http://127.0.0.1:${E2E_PORTS.app}`;

/** What both marketplaces run with (the second one only adds STORE_APPROVAL=required). */
const serverEnv = {
  HOST: '127.0.0.1',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  // Every test browses anonymously from 127.0.0.1, far faster than a shopper.
  RATE_LIMIT_ANONYMOUS_READS_PER_MINUTE: '1000000',
  RATE_LIMIT_PAGE_RENDERS_PER_MINUTE: '1000000',
  // The suite signs up a few dozen shoppers from that one address within the hour.
  RATE_LIMIT_SIGNUPS_PER_HOUR: '1000',
  SMTP_URL: `smtp://127.0.0.1:${E2E_PORTS.smtp}`,
  // The shipping and returns journeys deliver parcels with the local provider's tracker.
  TRACKING_SIMULATOR: 'true',
};

/**
 * End-to-end tests drive the system Chromium (nothing is downloaded) against the real server:
 * the built web app and the API on one port, on a fresh embedded database with the demo seed.
 * Run them through `npm run test:e2e`, which builds the web app and clears the data first.
 */
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A guard against hangs: the longest journey takes ~25 s on a 2-core machine under load.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      // The emails the marketplace sends arrive here over SMTP; tests read them (e2e/mails.ts).
      command: `node e2e/mail-catcher.mjs ${E2E_PORTS.smtp} ${E2E_PORTS.mailCatcher}`,
      url: `http://127.0.0.1:${E2E_PORTS.mailCatcher}/health`,
      reuseExistingServer: false,
    },
    {
      // The server as `npm start` runs it: compiled, on plain Node (decision 017).
      command:
        'node scripts/build-server.mjs && node --enable-source-maps --conditions=marketplace-compiled apps/api/dist/server.js',
      url: `${baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: { ...serverEnv, PORT: String(E2E_PORTS.app), DATA_DIR: 'e2e/.data' },
    },
    {
      // New stores wait for an operator here (issue 39.4); built by the server above.
      command:
        'node --enable-source-maps --conditions=marketplace-compiled apps/api/dist/server.js',
      url: `http://127.0.0.1:${E2E_PORTS.approval}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        ...serverEnv,
        PORT: String(E2E_PORTS.approval),
        DATA_DIR: 'e2e/.data-approval',
        STORE_APPROVAL: 'required',
      },
    },
  ],
});
