import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { csvField, formatCents } from '@marketplace/shared';
import type { BankAccountDetails } from '@marketplace/shared';
import type { PayoutProvider, PayoutRunFile, PayoutTransfer } from './payout-provider';

/** Where the bank sends each line (issue 39.3); empty for a store that has not given them yet. */
const BANK_COLUMNS = [
  'account_holder',
  'bank_country',
  'transit_number',
  'institution_number',
  'routing_number',
  'account_number',
] as const;

function bankFields(bank: BankAccountDetails | undefined): string[] {
  if (!bank) return BANK_COLUMNS.map(() => '');
  return bank.country === 'CA'
    ? [bank.accountHolder, 'CA', bank.transitNumber, bank.institutionNumber, '', bank.accountNumber]
    : [bank.accountHolder, 'US', '', '', bank.routingNumber, bank.accountNumber];
}

/**
 * The default payout provider: no money moves here; each run writes the bank transfer file an
 * operator uploads to the bank (one line per store and currency), and the payouts table
 * records each store's period as paid with that file's reference.
 */
export class LocalPayoutProvider implements PayoutProvider {
  readonly name = 'local' as const;
  readonly needsOnboarding = false;

  constructor(private readonly directory: string) {}

  send(transfer: PayoutTransfer): Promise<{ reference: string }> {
    // Deterministic: a rerun of the same store and period names the same bank line.
    return Promise.resolve({
      reference: `BT-${transfer.periodEnd}-${transfer.storeId.slice(0, 8)}-${transfer.currency}`,
    });
  }

  /** A bank transfer cannot be taken back: refunds after it are carried into the next payout. */
  reverse(): Promise<null> {
    return Promise.resolve(null);
  }

  async finishRun(file: PayoutRunFile): Promise<string> {
    // Bank details of every brand: readable by the server's account only (issue 38.18).
    await mkdir(this.directory, { recursive: true, mode: 0o700 });
    await chmod(this.directory, 0o700);
    const name = path.join(this.directory, `payouts-${file.periodEnd}-${file.runId}.csv`);
    const rows = [
      [
        'reference',
        'store_id',
        'store_name',
        'period_start',
        'period_end',
        'currency',
        'amount',
        ...BANK_COLUMNS,
      ],
      ...file.transfers.map((t) => [
        t.reference,
        t.storeId,
        t.storeName,
        t.periodStart,
        t.periodEnd,
        t.currency,
        formatCents(t.amountCents),
        ...bankFields(file.bankAccounts?.get(t.storeId)),
      ]),
    ];
    await writeFile(name, rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n', {
      mode: 0o600,
    });
    await chmod(name, 0o600);
    return name;
  }

  createAccount(): never {
    throw new Error('The local payout provider has no accounts.');
  }

  onboardingLink(): never {
    throw new Error('The local payout provider has no accounts.');
  }

  accountState(): never {
    throw new Error('The local payout provider has no accounts.');
  }

  verifyAccountEvent(): never {
    throw new Error('The local payout provider receives no webhooks.');
  }
}
