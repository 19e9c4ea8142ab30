// `npm run bench:startup`: how long the server takes from its process's start to a healthy
// /api/health, and how much memory it holds once idle, run from its TypeScript sources through
// tsx (what `npm start` ran before decision 017) and compiled (what it runs now), on the
// embedded database and on PostgreSQL (with DATABASE_URL). Figures: docs/performance.md.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { compileServer, freePort, SERVER_COMMANDS, type ServerBuild } from './api-process';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));
const RUNS = Number(process.env.STARTUP_RUNS ?? 3);
const IDLE_MS = 5_000;

interface Sample {
  readyMs: number;
  idleRssMb: number;
}

/** One start: spawn, poll /api/health every 20 ms, wait idle, read VmRSS, stop. */
async function startOnce(build: ServerBuild, env: Record<string, string>): Promise<Sample> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, SERVER_COMMANDS[build], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    let readyMs = 0;
    while (!readyMs) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > 120_000) throw new Error('not healthy within 120 s');
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) {
          readyMs = performance.now() - started;
        }
      } catch {
        await sleep(20);
      }
    }
    await sleep(IDLE_MS);
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const idleRssMb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    return { readyMs, idleRssMb };
  } finally {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000).then(() => child.kill('SIGKILL'))]);
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, env: Record<string, string>) {
  const rows: string[] = [];
  for (const build of ['source', 'compiled'] as const) {
    // The first start creates (PGlite) or migrates the database and seeds it: not counted.
    await startOnce(build, env);
    const samples: Sample[] = [];
    for (let run = 0; run < RUNS; run += 1) samples.push(await startOnce(build, env));
    const ready = median(samples.map((sample) => sample.readyMs));
    const rss = median(samples.map((sample) => sample.idleRssMb));
    rows.push(
      `| ${label} | ${build === 'source' ? 'tsx, TypeScript sources' : 'node, compiled'} | ${Math.round(ready)} | ${Math.round(rss)} |`,
    );
  }
  return rows;
}

async function main() {
  await compileServer();
  const rows: string[] = [];

  const dataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-startup-'));
  try {
    rows.push(...(await measure('embedded (PGlite)', { DATA_DIR: dataDir, DATABASE_URL: '' })));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const url = new URL(serverUrl);
    const name = `${url.pathname.slice(1)}_startup`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
    await admin.query(`CREATE DATABASE "${name}"`);
    url.pathname = `/${name}`;
    const pgDataDir = mkdtempSync(path.join(tmpdir(), 'marketplace-startup-'));
    try {
      rows.push(
        ...(await measure('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: pgDataDir })),
      );
    } finally {
      rmSync(pgDataDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    }
  }

  console.log(
    `\nMedian of ${RUNS} starts (after one that creates and seeds the database); RSS after ${IDLE_MS / 1000} s idle\n`,
  );
  console.log('| database | server | start to healthy /api/health, ms | idle RSS, MB |');
  console.log('| --- | --- | ---: | ---: |');
  for (const row of rows) console.log(row);
}

await main();
