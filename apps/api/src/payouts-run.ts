import path from 'node:path';
import { parseArgs } from 'node:util';
import { payoutRunBodySchema } from '@marketplace/shared';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { createPayoutProvider } from './providers/payouts/create-payout-provider';
import { resolveJwtSecret } from './secrets';

// `npm run payouts:run -- --period <YYYY-MM-DD>`: pays every store the net of the period that
// ends (is paid) on that date, once per store, like the console's button. Opens the database
// `npm start` uses (with PGlite, stop the server first: the embedded engine takes one process).
const USAGE = 'Usage: npm run payouts:run -- --period YYYY-MM-DD (a payout date: a period’s end)';

let period: string | undefined;
try {
  ({
    values: { period },
  } = parseArgs({ options: { period: { type: 'string' } }, strict: true }));
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
  process.exit(2);
}
const body = payoutRunBodySchema.safeParse({ period });
if (!body.success) {
  process.stderr.write(`${body.error.issues.map((i) => i.message).join('\n')}\n${USAGE}\n`);
  process.exit(2);
}

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  const app = await buildApp({
    database,
    uploadsDir: path.join(config.dataDir, 'uploads'),
    jwtSecret: resolveJwtSecret(config.jwtSecret, config.dataDir),
    jwtTtlSeconds: config.jwtTtlSeconds,
    publicUrl: config.publicUrl,
    mailFrom: config.mailFrom,
    logger: { level: 'warn' },
    payouts: await createPayoutProvider(config),
    bankDetailsKey: config.bankDetailsKey,
  });
  try {
    const run = await app.services.payouts.run(body.data.period);
    for (const result of run.results) {
      process.stdout.write(
        `${result.outcome.padEnd(12)} ${result.storeName} ${result.amount.toFixed(2)} ${result.currency}` +
          `${result.reference ? ` ${result.reference}` : ''}${result.reason ? ` (${result.reason})` : ''}\n`,
      );
    }
    process.stdout.write(
      `Run ${run.id}: period ${run.periodStart} to ${run.periodEnd}, ${run.results.length} payouts` +
        `${run.file ? `; bank transfer file ${path.join(config.dataDir, 'payouts', run.file)}` : ''}\n`,
    );
    if (run.results.some((r) => r.outcome === 'FAILED')) process.exitCode = 1;
  } finally {
    await app.close();
  }
} catch (error) {
  process.stderr.write(`${(error as Error).message}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
