import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';

/** The API's migrations, as drizzle's migrator reads them. */
export const migrationsFolder = fileURLToPath(new URL('../src/db/migrations', import.meta.url));

/**
 * The migrations up to and including `lastIdx` (the journal's index), as a folder of its own:
 * a test migrates a database to before a data migration, writes old rows, then runs the rest.
 * The caller removes the folder.
 */
export function migrationsUpTo(lastIdx: number): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(migrationsFolder, folder, { recursive: true });
  const journalPath = join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((entry) => entry.idx <= lastIdx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}

/** A seller ('owner') and their store 'Old Store' in Vancouver, written by plain SQL: the store's id. */
export async function oldStore(client: PGlite): Promise<string> {
  const owner = await client.query<{ id: string }>(
    `insert into users (user_name, email, first_name, last_name, password_hash)
     values ('owner', 'owner@example.com', 'O', 'W', 'x') returning id`,
  );
  const store = await client.query<{ id: string }>(
    `insert into stores (owner_id, name, city) values ($1, 'Old Store', 'VANCOUVER') returning id`,
    [owner.rows[0]!.id],
  );
  return store.rows[0]!.id;
}
