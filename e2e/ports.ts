/** The end-to-end run's ports: the marketplace, and the mail catcher's SMTP and HTTP sides. */
const app = Number(process.env.E2E_PORT ?? 4310);
export const E2E_PORTS = { app, smtp: app + 1000, mailCatcher: app + 1001 } as const;
