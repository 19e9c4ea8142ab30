import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalPayoutProvider } from '../providers/payouts/local-payout-provider';
import { openDatabase } from './client';

// Issue 38.18: the embedded database's files and the bank transfer files are the marketplace's
// data; no other account on the machine may read them.
const root = mkdtempSync(path.join(tmpdir(), 'data-dir-modes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const mode = (file: string) => statSync(file).mode & 0o777;

/** Every file and directory under `dir` whose mode lets the group or others in. */
function open(dir: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (mode(file) & 0o077) found.push(`${path.relative(root, file)} ${mode(file).toString(8)}`);
    if (entry.isDirectory()) found.push(...open(file));
  }
  return found;
}

describe('file modes in DATA_DIR', () => {
  // PostgreSQL keeps its own files; the api-postgres project tests the bank files only.
  it.skipIf(process.env.TEST_DB === 'postgres')(
    'the embedded database lives in a 0700 directory, its files readable by the server only',
    { timeout: 90_000 },
    async () => {
      const dataDir = path.join(root, 'data');
      const db = path.join(dataDir, 'db');
      const database = await openDatabase({ dataDir });
      try {
        await database.db.execute(sql`create table kept (id int primary key, note text)`);
      } finally {
        await database.close();
      }
      expect(mode(db)).toBe(0o700);
      expect(open(db)).toEqual([]);

      // Its directory opened up meanwhile: the next start makes it private again.
      chmodSync(db, 0o755);
      await (await openDatabase({ dataDir })).close();
      expect(mode(db)).toBe(0o700);
      expect(open(db)).toEqual([]);
    },
  );

  it('bank transfer files are 0600 in a 0700 directory, even one made before', async () => {
    const directory = path.join(root, 'payouts');
    mkdirSync(directory, { mode: 0o755 });
    chmodSync(directory, 0o755);
    const provider = new LocalPayoutProvider(directory);
    const file = await provider.finishRun({
      runId: '00000000-0000-4000-8000-000000000001',
      periodEnd: '2026-01-19',
      transfers: [],
    });
    expect(mode(directory)).toBe(0o700);
    expect(mode(file)).toBe(0o600);

    const fresh = new LocalPayoutProvider(path.join(root, 'new', 'payouts'));
    const other = await fresh.finishRun({
      runId: '00000000-0000-4000-8000-000000000002',
      periodEnd: '2026-01-19',
      transfers: [],
    });
    expect(mode(path.dirname(other))).toBe(0o700);
    expect(mode(other)).toBe(0o600);
  });
});
