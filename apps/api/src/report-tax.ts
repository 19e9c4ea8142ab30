import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runTaxReportCli } from './modules/tax/tax-report.cli';

// Opens the database `npm start` uses (DATABASE_URL, else PGlite in $DATA_DIR: stop the server
// first, as the embedded engine takes one process at a time).
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  process.exitCode = await runTaxReportCli(process.argv.slice(2), database.db, {
    write: (text) => process.stdout.write(text),
    error: (text) => process.stderr.write(`${text}\n`),
  });
} finally {
  await database.close();
}
