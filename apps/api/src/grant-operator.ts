import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { runOperatorGrantCli } from './modules/operator/operator-grant.cli';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { StoreOwners } from './modules/stores/stores.service';
import { StoresRepository } from './modules/stores/stores.repository';
import { InProcessEvents } from './lib/events';

// Opens the database `npm start` uses (DATABASE_URL, else PGlite in $DATA_DIR: stop the server
// first, as the embedded engine takes one process at a time).
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await database.migrate();
  process.exitCode = await runOperatorGrantCli(
    process.argv.slice(2),
    new UsersService(new UsersRepository(database.db), {
      storeOwners: new StoreOwners(new StoresRepository(database.db)),
      // Roles only: no email changes from the command line.
      passwords: {
        confirm: async () => {
          throw new Error('the operator grant changes no emails');
        },
      },
      events: new InProcessEvents(),
    }),
    {
      write: (text) => process.stdout.write(text),
      error: (text) => process.stderr.write(`${text}\n`),
    },
  );
} finally {
  await database.close();
}
