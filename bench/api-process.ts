import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { startRoundRobinProxy } from '../system/round-robin-proxy';

const repoRoot = fileURLToPath(new URL('../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no free port')),
      );
    });
  });
}

export interface ApiProcess {
  url: string;
  /** From the process's spawn to its first healthy /api/health (its catalog loaded). */
  readyMs: number;
  /** VmHWM: the most resident memory the process has had since it started. */
  peakRssMb: () => number;
  /** Whether the process is still running (a crash ends it). */
  alive: () => boolean;
  /** Ends the process at once with SIGKILL, as a power cut or the OOM killer does. */
  kill: () => Promise<void>;
  stop: () => Promise<void>;
}

/**
 * Node's flags in apps/api's start script, which `npm start` runs (the compiled build of
 * decision 017, the heap settings of decision 054): read from there, so the bench measures the
 * server as it runs.
 */
const START_FLAGS = (
  JSON.parse(readFileSync(new URL('../apps/api/package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start
  .split(' ')
  .filter((word) => word.startsWith('--'));

/** How to run the server with Node: its TypeScript through tsx, or as `npm start` runs it. */
export const SERVER_COMMANDS = {
  source: [
    ...START_FLAGS.filter((flag) => !flag.startsWith('--conditions=')),
    '--import',
    'tsx',
    'apps/api/src/server.ts',
  ],
  compiled: [...START_FLAGS, 'apps/api/dist/server.js'],
};
export type ServerBuild = keyof typeof SERVER_COMMANDS;

let compiled: Promise<void> | undefined;

/** Compiles the server once per run of whatever starts it, so that no run measures a stale build. */
export function compileServer(): Promise<void> {
  compiled ??= new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/build-server.mjs'], {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`scripts/build-server.mjs exited with ${code}`)),
    );
  });
  return compiled;
}

/**
 * The real server, compiled and run as `npm start` runs it, as a process of its own, so a load
 * generator or a browser does not share its event loop; `env` adds to or overrides the caller's environment
 * (DATABASE_URL is dropped unless `env` sets it). Resolves once /api/health answers 200, which
 * it does once the catalog is loaded (a million products take a while: `healthyWithinMs`).
 */
export async function startApi(
  env: Record<string, string | undefined>,
  healthyWithinMs = 120_000,
): Promise<ApiProcess> {
  await compileServer();
  const port = await freePort();
  const started = performance.now();
  // BENCH_SERVER_CPU_PROF=<dir>: each server the bench starts writes a V8 CPU profile there.
  const profile = process.env.BENCH_SERVER_CPU_PROF;
  const profiling = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const child = spawn(process.execPath, [...profiling, ...SERVER_COMMANDS.compiled], {
    cwd: repoRoot,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A run stopped with Ctrl+C must not leave its server running.
  const killChild = () => child.kill('SIGKILL');
  process.once('exit', killChild);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + healthyWithinMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The API exited with code ${child.exitCode}.`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The API did not answer /api/health within ${healthyWithinMs / 1000} s.`);
    }
    await sleep(50);
  }
  return {
    url,
    readyMs: Math.round(performance.now() - started),
    peakRssMb: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round(kb / 1024);
    },
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: async () => {
      process.off('exit', killChild);
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    },
    stop: async () => {
      process.off('exit', killChild);
      if (child.exitCode !== null || child.signalCode !== null) return;
      // The server finishes the handlers a load generator's dropped sockets left, then stops.
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000).then(() => child.kill('SIGKILL'))]);
    },
  };
}

export interface ApiGroup {
  /** The one port the load goes to: the only process's, or the balancer's in front of them. */
  url: string;
  processes: ApiProcess[];
  stop: () => Promise<void>;
}

/**
 * `count` API processes on one database, started one after the other (so each one's time to
 * healthy is its own), behind a round-robin balancer on one port when there are several, as a
 * load balancer would put them (issue 41); `env` gives them their shared REDIS_URL.
 */
export async function startApiGroup(
  env: Record<string, string | undefined>,
  count: number,
  healthyWithinMs?: number,
): Promise<ApiGroup> {
  if (!Number.isInteger(count) || count < 1) throw new Error(`${count} API processes?`);
  const processes: ApiProcess[] = [];
  const stopAll = () => Promise.all(processes.map((api) => api.stop())).then(() => undefined);
  try {
    for (let i = 0; i < count; i++) processes.push(await startApi(env, healthyWithinMs));
    if (count === 1) return { url: processes[0]!.url, processes, stop: stopAll };
    const balancer = await startRoundRobinProxy(processes.map((api) => api.url));
    return {
      url: balancer.url,
      processes,
      stop: async () => {
        await balancer.close();
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
