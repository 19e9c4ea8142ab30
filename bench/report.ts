import { SUGGEST, type BenchReport, type ScenarioResult, type SizeResult } from './bench';

/** Issue 7's targets (and issue 13's for suggestions), on PostgreSQL at the largest size. */
export const TARGETS = {
  readP99Ms: 50,
  /** The search box asks as the shopper types (issue 13): its answers must keep up. */
  suggestP99Ms: 20,
  detailVsSelect1: 0.7,
  searchAndListVsSelect1: 0.4,
  searchP99Growth: 1.5,
  peakRssMb: 300,
};

const isSearch = (s: ScenarioResult) => s.name.startsWith('search');

function pad(value: string | number, width: number, left = false) {
  const text = String(value);
  return left ? text.padEnd(width) : text.padStart(width);
}

export function formatSize(size: SizeResult): string {
  const lines = [
    `${size.products.toLocaleString('en')} products, ${size.stores} stores; peak RSS of the API: ${size.peakRssMb} MB`,
    `${pad('scenario', 40, true)}${pad('req/s', 9)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}${pad('/constant', 11)}${pad('/SELECT 1', 11)}`,
  ];
  for (const s of size.scenarios) {
    lines.push(
      `${pad(s.name, 40, true)}${pad(s.requestsPerSecond, 9)}${pad(s.p50Ms, 8)}${pad(s.p99Ms, 8)}${pad(s.errors, 8)}${pad(s.vsConstant.toFixed(2), 11)}${pad(s.vsSelect1.toFixed(2), 11)}`,
    );
  }
  return lines.join('\n');
}

export interface TargetCheck {
  target: string;
  met: boolean;
  detail: string;
}

/** Every target of issue 7, judged on the largest size (growth needs two sizes). */
export function checkTargets(report: BenchReport): TargetCheck[] {
  const largest = report.sizes.at(-1);
  if (!largest) return [];
  const checks: TargetCheck[] = [];
  const reads = largest.scenarios.filter((s) => s.kind === 'read');
  for (const s of reads) {
    // Issue 13 asks suggestions to answer in under 20 ms; the other reads in 50 ms or less.
    const strict = s.name === SUGGEST;
    const limit = strict ? TARGETS.suggestP99Ms : TARGETS.readP99Ms;
    checks.push({
      target: `${s.name}: p99 ${strict ? '<' : '<='} ${limit} ms`,
      met: strict ? s.p99Ms < limit : s.p99Ms <= limit,
      detail: `${s.p99Ms} ms`,
    });
    const floor =
      s.name === 'product detail' ? TARGETS.detailVsSelect1 : TARGETS.searchAndListVsSelect1;
    checks.push({
      target: `${s.name}: >= ${floor * 100} % of SELECT 1 req/s`,
      met: s.vsSelect1 >= floor,
      detail: `${Math.round(s.vsSelect1 * 100)} %`,
    });
  }
  const errors = largest.scenarios.reduce((sum, s) => sum + s.errors, 0);
  checks.push({ target: 'zero errors', met: errors === 0, detail: `${errors}` });
  checks.push({
    target: `peak RSS <= ${TARGETS.peakRssMb} MB`,
    met: largest.peakRssMb <= TARGETS.peakRssMb,
    detail: `${largest.peakRssMb} MB`,
  });
  const smallest = report.sizes[0]!;
  if (report.sizes.length > 1) {
    for (const s of largest.scenarios.filter(isSearch)) {
      const before = smallest.scenarios.find((b) => b.name === s.name);
      if (!before) continue;
      const growth = before.p99Ms > 0 ? s.p99Ms / before.p99Ms : 1;
      checks.push({
        target: `${s.name}: p99 at ${largest.products} <= ${TARGETS.searchP99Growth}x p99 at ${smallest.products}`,
        met: growth <= TARGETS.searchP99Growth,
        detail: `${before.p99Ms} -> ${s.p99Ms} ms (${growth.toFixed(2)}x)`,
      });
    }
  }
  return checks;
}

export function formatReport(report: BenchReport): string {
  const parts = [
    `Database: ${report.database === 'postgres' ? 'PostgreSQL' : 'embedded PGlite'}, catalog cache ${report.catalogCache ? 'on' : 'off'}; ${report.connections} connections, ${report.durationSeconds} s per scenario; ${report.machine.cpus} cores (${report.machine.cpuModel}), Node ${report.machine.node}`,
    ...report.sizes.map(formatSize),
  ];
  const checks = checkTargets(report);
  parts.push(
    [
      `Targets (issue 7${report.database === 'postgres' ? '' : '; they are set for PostgreSQL'}):`,
      ...checks.map((c) => `  ${c.met ? 'met    ' : 'NOT MET'}  ${c.target}: ${c.detail}`),
    ].join('\n'),
  );
  parts.push(`Written to ${report.file}`);
  return parts.join('\n\n');
}
