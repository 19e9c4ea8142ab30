import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runOperatorGrantCli } from './modules/operator/operator-grant.cli';
import { UsersRepository } from './modules/users/users.repository';
import { UserRoles } from './modules/users/users.service';

// Opens the database `npm start` uses (DATABASE_URL, else PGlite in $DATA_DIR: stop the server
// first, as the embedded engine takes one process at a time).
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  process.exitCode = await runOperatorGrantCli(
    process.argv.slice(2),
    // Roles only: the account's row and nothing else of the users module.
    new UserRoles(new UsersRepository(database.db)),
    {
      write: (text) => process.stdout.write(text),
      error: (text) => process.stderr.write(`${text}\n`),
    },
  );
} finally {
  await database.close();
}
