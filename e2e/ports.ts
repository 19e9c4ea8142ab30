/**
 * The end-to-end run's ports: the marketplace, the mail catcher's SMTP and HTTP sides, and a
 * second marketplace with STORE_APPROVAL=required (e2e/store-approval.spec.ts, issue 39.4).
 */
const app = Number(process.env.E2E_PORT ?? 4310);
export const E2E_PORTS = {
  app,
  smtp: app + 1000,
  mailCatcher: app + 1001,
  approval: app + 2,
} as const;
