import { calculateTax } from '@marketplace/shared';
import type { TaxProvider } from './tax-provider';

/**
 * The default tax provider: the rates table in packages/shared, offline. It covers every
 * province and territory, every state's statewide rate and the five launch cities' local
 * rates; exact local rates elsewhere need the Stripe provider. It keeps nothing of its own:
 * what was charged is recorded with the order, so commit and reverse have nothing to send.
 */
export class BuiltinTaxProvider implements TaxProvider {
  readonly name = 'builtin' as const;

  calculate(input: Parameters<TaxProvider['calculate']>[0]) {
    return Promise.resolve(calculateTax(input));
  }

  commit(_input: Parameters<TaxProvider['commit']>[0]): Promise<{ transactionId: string | null }> {
    return Promise.resolve({ transactionId: null });
  }

  reverse(_input: Parameters<TaxProvider['reverse']>[0]): Promise<{ reversalId: string | null }> {
    return Promise.resolve({ reversalId: null });
  }
}
