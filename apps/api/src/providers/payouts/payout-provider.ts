import type { BankAccountDetails, Cents, Currency, PayoutAccountStatus } from '@marketplace/shared';

/** One store's payout for one period and currency, as a run sends it. */
export interface PayoutTransfer {
  /** The same for every attempt of this store, period and currency: nothing is paid twice. */
  idempotencyKey: string;
  storeId: string;
  storeName: string;
  periodStart: string;
  periodEnd: string;
  currency: Currency;
  amountCents: Cents;
  /** The store's connected account (Stripe), when it has one. */
  accountId: string | null;
}

/** What a run wrote for its payouts (the local provider's bank transfer file). */
export interface PayoutRunFile {
  runId: string;
  periodEnd: string;
  transfers: (PayoutTransfer & { reference: string })[];
  /** Each store's bank details, for the local provider's bank file (issue 39.3). */
  bankAccounts?: ReadonlyMap<string, BankAccountDetails>;
}

/** A store's connected account as the provider sees it. */
export interface PayoutAccountState {
  accountId: string;
  status: PayoutAccountStatus;
}

/**
 * Sends brands their money (issue 17): `local` (default) writes a bank transfer file per run;
 * `stripe` sends Stripe Connect transfers to Express accounts. Amounts in integer cents.
 */
export interface PayoutProvider {
  readonly name: 'local' | 'stripe';
  /** Whether the provider needs each brand to onboard (a connected account) before paying it. */
  readonly needsOnboarding: boolean;
  /** Sends the money; the same idempotency key never pays twice. Answers the transfer's reference. */
  send(transfer: PayoutTransfer): Promise<{ reference: string }>;
  /**
   * Takes `amountCents` back from an earlier transfer (a refund after it); null when it cannot
   * (the transfer is gone or already fully reversed): the refund is then carried forward.
   */
  reverse(input: {
    reference: string;
    amountCents: Cents;
    idempotencyKey: string;
  }): Promise<{ reversalId: string } | null>;
  /** After a run's transfers: the local provider writes the bank transfer file; null if none. */
  finishRun(file: PayoutRunFile): Promise<string | null>;
  /** Creates the brand's connected account (once per store, by idempotency key). */
  createAccount(input: {
    storeId: string;
    email: string;
    country?: string;
  }): Promise<PayoutAccountState>;
  /** The onboarding page's address for that account. */
  onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string>;
  /** The account's status now. */
  accountState(accountId: string): Promise<PayoutAccountState>;
  /** A verified `account.updated` webhook's account; throws on a bad signature; null for other events. */
  verifyAccountEvent(rawBody: Buffer, signature: string | undefined): PayoutAccountState | null;
}
