import Stripe from 'stripe';
import type { PayoutAccountStatus } from '@marketplace/shared';
import type {
  PayoutAccountState,
  PayoutProvider,
  PayoutRunFile,
  PayoutTransfer,
} from './payout-provider';

export interface StripePayoutSettings {
  secretKey: string;
  /** Verifies POST /payouts/stripe/webhook (Connect's account.updated); without it they are refused. */
  webhookSecret?: string;
  /** Express accounts are opened in this country (the marketplace's brands are in CA or US). */
  country?: string;
  /** Tests point the client at a local server that answers like Stripe's API. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/** Stripe's account, as the seller's dashboard says it: details needed, verified, payouts enabled. */
export function accountStatusOf(account: Stripe.Account): PayoutAccountStatus {
  if (account.payouts_enabled) return 'payouts_enabled';
  const due = account.requirements?.currently_due ?? [];
  if (account.details_submitted && due.length === 0) return 'verified';
  return 'details_needed';
}

/**
 * Stripe Connect with "separate charges and transfers": buyers pay the platform (the payment
 * provider puts a transfer_group on each order's PaymentIntent); each brand's period net goes to
 * its Express account as one transfer; a refund after it reverses that much of it.
 */
export class StripePayoutProvider implements PayoutProvider {
  readonly name = 'stripe' as const;
  readonly needsOnboarding = true;
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripePayoutSettings) {
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 10_000,
      appInfo: { name: 'local-brands-marketplace' },
      ...settings.api,
    });
  }

  async send(transfer: PayoutTransfer): Promise<{ reference: string }> {
    if (!transfer.accountId) throw new Error('The store has no connected account.');
    // Stripe forgets idempotency keys after a day: a rerun later finds the transfer by its group.
    for await (const earlier of this.stripe.transfers.list({
      transfer_group: transfer.idempotencyKey,
      limit: 100,
    })) {
      if (earlier.destination === transfer.accountId) return { reference: earlier.id };
    }
    const created = await this.stripe.transfers.create(
      {
        amount: transfer.amountCents,
        currency: transfer.currency.toLowerCase(),
        destination: transfer.accountId,
        transfer_group: transfer.idempotencyKey,
        description: `Payout ${transfer.periodStart} to ${transfer.periodEnd}`,
        metadata: {
          storeId: transfer.storeId,
          periodStart: transfer.periodStart,
          periodEnd: transfer.periodEnd,
        },
      },
      { idempotencyKey: transfer.idempotencyKey },
    );
    return { reference: created.id };
  }

  async reverse(input: {
    reference: string;
    amountCents: number;
    idempotencyKey: string;
  }): Promise<{ reversalId: string } | null> {
    try {
      const reversal = await this.stripe.transfers.createReversal(
        input.reference,
        { amount: input.amountCents, metadata: { idempotencyKey: input.idempotencyKey } },
        { idempotencyKey: input.idempotencyKey },
      );
      return { reversalId: reversal.id };
    } catch (error) {
      // Stripe refuses (the transfer is unknown, fully reversed, or the balance is gone): carry it.
      if (error instanceof Stripe.errors.StripeInvalidRequestError) return null;
      throw error;
    }
  }

  finishRun(_file: PayoutRunFile): Promise<null> {
    return Promise.resolve(null);
  }

  async createAccount(input: {
    storeId: string;
    email: string;
    country?: string;
  }): Promise<PayoutAccountState> {
    const account = await this.stripe.accounts.create(
      {
        type: 'express',
        country: input.country ?? this.settings.country,
        email: input.email,
        capabilities: { transfers: { requested: true } },
        metadata: { storeId: input.storeId },
      },
      { idempotencyKey: `connect-account-${input.storeId}` },
    );
    return { accountId: account.id, status: accountStatusOf(account) };
  }

  async onboardingLink(input: {
    accountId: string;
    returnUrl: string;
    refreshUrl: string;
  }): Promise<string> {
    const link = await this.stripe.accountLinks.create({
      account: input.accountId,
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
      type: 'account_onboarding',
    });
    return link.url;
  }

  async accountState(accountId: string): Promise<PayoutAccountState> {
    const account = await this.stripe.accounts.retrieve(accountId);
    return { accountId: account.id, status: accountStatusOf(account) };
  }

  verifyAccountEvent(rawBody: Buffer, signature: string | undefined): PayoutAccountState | null {
    if (!this.settings.webhookSecret || !signature) throw new Error('Unsigned webhook.');
    const event = this.stripe.webhooks.constructEvent(
      rawBody,
      signature,
      this.settings.webhookSecret,
    );
    if (event.type !== 'account.updated') return null;
    const account = event.data.object;
    return { accountId: account.id, status: accountStatusOf(account) };
  }
}
