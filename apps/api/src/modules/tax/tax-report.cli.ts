import { parseArgs } from 'node:util';
import { taxReportCsv, taxReportQuerySchema } from '@marketplace/shared';
import type { Db } from '../../db/client';
import { OrderTaxSums } from '../orders/orders.service';
import { TaxReportService } from './tax-report.service';

/**
 * `npm run report:tax -- --from 2026-11-01 --to 2026-12-01 [--format json|csv]`: the report on
 * standard output, or the reasons the arguments were refused (exit code 2).
 */
export async function runTaxReportCli(
  argv: string[],
  db: Db,
  out: { write(text: string): void; error(text: string): void },
): Promise<number> {
  let values: Record<string, unknown>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string' } },
      strict: true,
    }));
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const query = taxReportQuerySchema.safeParse(values);
  if (!query.success) {
    const reasons = query.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    out.error(`${reasons.join('\n')}\n${USAGE}`);
    return 2;
  }
  const report = await new TaxReportService(new OrderTaxSums(db)).taxReport(query.data);
  out.write(
    query.data.format === 'csv' ? taxReportCsv(report) : `${JSON.stringify(report, null, 2)}\n`,
  );
  return 0;
}

const USAGE =
  'Usage: npm run report:tax -- --from YYYY-MM-DD --to YYYY-MM-DD [--format json|csv] (from inclusive, to exclusive, UTC)';
