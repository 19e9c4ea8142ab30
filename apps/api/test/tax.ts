import { setTimeout as sleep } from 'node:timers/promises';
import { BuiltinTaxProvider } from '../src/providers/tax/builtin-tax-provider';
import type { TaxProvider, TaxReversal } from '../src/providers/tax/tax-provider';

/**
 * The built-in tax provider, with what it was asked recorded and failures a test can switch on:
 * the rates and the arithmetic stay the real ones.
 */
export class RecordingTaxProvider extends BuiltinTaxProvider {
  calculateFails: 'no' | 'error' | 'slow' = 'no';
  reverseFails = false;
  readonly commits: string[] = [];
  readonly reversals: TaxReversal[] = [];

  override async calculate(input: Parameters<TaxProvider['calculate']>[0]) {
    if (this.calculateFails === 'error') throw new Error('tax service: 500 Internal Server Error');
    if (this.calculateFails === 'slow') await sleep(3_000);
    return super.calculate(input);
  }

  override async commit(input: Parameters<TaxProvider['commit']>[0]) {
    this.commits.push(input.orderId);
    await super.commit(input);
    return { transactionId: `tax_txn_${input.orderId}` };
  }

  override async reverse(input: TaxReversal) {
    if (this.reverseFails) throw new Error('tax service: connection reset');
    this.reversals.push(input);
    await super.reverse(input);
    return { reversalId: `tax_rev_${input.refundId}` };
  }
}
