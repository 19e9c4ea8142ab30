import {
  fromCents,
  TAX_TYPES,
  type Currency,
  type TaxReport,
  type TaxReportQuery,
  type TaxReportRow,
  type TaxReportTotal,
  type TaxType,
} from '@marketplace/shared';
import type { OrderTaxSums, TaxSum } from '../orders/orders.service';

const startOf = (day: string) => new Date(`${day}T00:00:00.000Z`);

/**
 * The operator's tax report (issue 15): per currency, jurisdiction and tax type, the tax
 * collected on orders placed in the period and the tax refunded by refunds made in it, with
 * totals per currency. It takes the period and answers plain data, so the CLI
 * (`npm run report:tax`) and the operator route (`GET /api/operator/tax-report`) serve the same.
 */
export class TaxReportService {
  constructor(private readonly sums: Pick<OrderTaxSums, 'collected' | 'refunded'>) {}

  async taxReport({ from, to }: Pick<TaxReportQuery, 'from' | 'to'>): Promise<TaxReport> {
    const [collected, refunded] = await Promise.all([
      this.sums.collected(startOf(from), startOf(to)),
      this.sums.refunded(startOf(from), startOf(to)),
    ]);
    const rows = new Map<string, TaxReportRow & { cents: [number, number, number] }>();
    const rowOf = (sum: TaxSum) => {
      const key = `${sum.currency}|${sum.jurisdiction}|${sum.taxType}`;
      const row = rows.get(key) ?? {
        currency: sum.currency as Currency,
        jurisdiction: sum.jurisdiction,
        jurisdictionName: sum.jurisdictionName,
        taxType: sum.taxType as TaxType,
        taxableAmount: 0,
        collected: 0,
        refunded: 0,
        net: 0,
        cents: [0, 0, 0],
      };
      rows.set(key, row);
      return row;
    };
    for (const sum of collected) {
      const row = rowOf(sum);
      row.cents[0] += sum.taxableAmountCents;
      row.cents[1] += sum.amountCents;
    }
    for (const sum of refunded) rowOf(sum).cents[2] += sum.amountCents;

    const totals = new Map<Currency, [number, number]>();
    const report = [...rows.values()]
      .map(({ cents: [taxable, collectedCents, refundedCents], ...row }) => {
        const total = totals.get(row.currency) ?? [0, 0];
        total[0] += collectedCents;
        total[1] += refundedCents;
        totals.set(row.currency, total);
        return {
          ...row,
          taxableAmount: fromCents(taxable),
          collected: fromCents(collectedCents),
          refunded: fromCents(refundedCents),
          net: fromCents(collectedCents - refundedCents),
        };
      })
      .sort(
        (a, b) =>
          a.currency.localeCompare(b.currency) ||
          a.jurisdiction.localeCompare(b.jurisdiction) ||
          TAX_TYPES.indexOf(a.taxType) - TAX_TYPES.indexOf(b.taxType),
      );
    return {
      from,
      to,
      rows: report,
      totals: [...totals]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, [collectedCents, refundedCents]]): TaxReportTotal => ({
          currency,
          collected: fromCents(collectedCents),
          refunded: fromCents(refundedCents),
          net: fromCents(collectedCents - refundedCents),
        })),
    };
  }
}
