import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONSTANT, SELECT_1, runBench, type BenchReport } from './bench';
import { checkTargets, formatReport } from './report';

// `npm run bench` in small: 1,000 products, 2 s per scenario, so the bench cannot rot unseen.
// On PostgreSQL when TEST_DATABASE_URL is set (CI), on the embedded database otherwise.
describe('npm run bench (smoke run)', () => {
  it('seeds, loads every scenario without an error, and reports and writes the results', async () => {
    const outDir = mkdtempSync(path.join(tmpdir(), 'bench-smoke-'));
    const lines: string[] = [];
    const report = await runBench({
      sizes: [1000],
      durationSeconds: 2,
      warmupSeconds: 1,
      connections: 10,
      stores: 20,
      databaseUrl: process.env.TEST_DATABASE_URL,
      outDir,
      log: (line) => lines.push(line),
    });

    expect(report.database).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded');
    expect(lines[0]).toMatch(process.env.TEST_DATABASE_URL ? /PostgreSQL/ : /embedded/);
    const [size] = report.sizes;
    expect(size?.products).toBe(1000);
    expect(size?.scenarios.map((s) => s.name)).toEqual([
      CONSTANT,
      SELECT_1,
      'search: keyword',
      'search: keyword+colour+size+price+sort',
      'list: page 1',
      'list: page 200',
      'product detail',
      'facets',
      'suggest',
      'store page',
      'add to cart (add, remove)',
    ]);
    for (const scenario of size!.scenarios) {
      expect(scenario.requests, scenario.name).toBeGreaterThan(0);
      expect(scenario.errors, scenario.name).toBe(0);
      // Latencies are whole milliseconds: a cached answer on the smoke catalog can take under one.
      expect(scenario.p99Ms, scenario.name).toBeGreaterThanOrEqual(scenario.p50Ms);
      expect(Number.isFinite(scenario.p99Ms), scenario.name).toBe(true);
    }
    expect(size!.scenarios[0]!.vsConstant).toBe(1);
    expect(size!.scenarios[1]!.vsSelect1).toBe(1);
    expect(size!.peakRssMb).toBeGreaterThan(0);

    expect(existsSync(report.file)).toBe(true);
    const written = JSON.parse(readFileSync(report.file, 'utf8')) as BenchReport;
    expect(written.sizes[0]!.scenarios).toHaveLength(11);
    const printed = formatReport(report);
    expect(printed).toContain('product detail');
    expect(printed).toContain('peak RSS');
    expect(checkTargets(report).length).toBeGreaterThan(10);
  });
});
