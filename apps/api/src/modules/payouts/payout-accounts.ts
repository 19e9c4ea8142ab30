import {
  BANK_ACCOUNT_MESSAGES,
  Conflict,
  PAYOUT_MESSAGES as M,
  localizePath,
  type BankAccountAnswer,
  type BankAccountDetails,
  type BankAccountView,
  type Locale,
  type PayoutAccount,
  type PayoutAccountStatus,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutProvider, PayoutRunFile } from '../../providers/payouts/payout-provider';
import type { StoresService } from '../stores/stores.service';
import type { UsersService } from '../users/users.service';
import type { BankDetailsCipher } from './bank-details-cipher';
import type { PayoutBankAccountRow, PayoutsRepository } from './payouts.repository';

/** What the brands' payout accounts use: the payouts service passes its own deps. */
export interface PayoutAccountsDeps {
  repository: PayoutsRepository;
  stores: StoresService;
  users: UsersService;
  provider: PayoutProvider;
  /** Seals the brands' bank details at rest (issue 39.3). */
  bankDetails: BankDetailsCipher;
  /** The web app's address: Stripe's onboarding returns there. */
  publicUrl: string;
  log: FastifyBaseLogger;
  now?: () => Date;
}

/**
 * Where each brand is paid (issue 17, issue 39.3): with the local payouts, the bank details the
 * bank file needs (sealed at rest, shown masked); with Stripe, its Express account.
 */
export class PayoutAccounts {
  constructor(private readonly deps: PayoutAccountsDeps) {}

  /** GET /store/payouts/bank-account: the caller's store's bank details, masked (issue 39.3). */
  async bankAccount(userName: string): Promise<BankAccountAnswer> {
    const { provider, repository, stores } = this.deps;
    const store = await stores.requireOwnedStore(userName);
    const [row] = await repository.bankAccountsOf([store.id]);
    return {
      needed: provider.name === 'local',
      bankAccount: row ? this.maskedBankAccount(row) : null,
    };
  }

  /** PUT /store/payouts/bank-account: only the local payouts' bank file needs them. */
  async saveBankAccount(userName: string, details: BankAccountDetails): Promise<BankAccountView> {
    const { provider, repository, stores, bankDetails } = this.deps;
    const store = await stores.requireOwnedStore(userName);
    if (provider.name !== 'local') throw new Conflict(BANK_ACCOUNT_MESSAGES.stripeKeeps);
    const row = await repository.saveBankAccount(
      {
        storeId: store.id,
        country: details.country,
        details: bankDetails.encrypt(JSON.stringify(details), store.id),
        accountLast4: details.accountNumber.slice(-4),
      },
      this.deps.now?.() ?? new Date(),
    );
    return this.maskedBankAccount(row);
  }

  private openBankAccount(row: PayoutBankAccountRow): BankAccountDetails {
    return JSON.parse(
      this.deps.bankDetails.decrypt(row.details, row.storeId),
    ) as BankAccountDetails;
  }

  private maskedBankAccount(row: PayoutBankAccountRow): BankAccountView {
    return {
      country: row.country as BankAccountView['country'],
      accountHolder: this.openBankAccount(row).accountHolder,
      accountLast4: row.accountLast4,
      updatedAt: row.updatedAt.toISOString(),
    };
  }

  /** The bank file's lines carry each store's bank details (local payouts; one query). */
  async withBankAccounts(file: PayoutRunFile): Promise<PayoutRunFile> {
    if (this.deps.provider.name !== 'local') return file;
    const storeIds = [...new Set(file.transfers.map((t) => t.storeId))];
    const rows = await this.deps.repository.bankAccountsOf(storeIds);
    return {
      ...file,
      bankAccounts: new Map(rows.map((row) => [row.storeId, this.openBankAccount(row)])),
    };
  }

  /** GET /store/payouts/account: how the brand is paid, and whether it is ready. */
  async account(userName: string): Promise<PayoutAccount> {
    const { provider, repository, stores, log } = this.deps;
    const store = await stores.requireOwnedStore(userName);
    if (!provider.needsOnboarding)
      return { provider: provider.name, status: 'payouts_enabled', accountId: null };
    const [row] = await repository.accountsOf([store.id]);
    if (!row) return { provider: provider.name, status: 'not_started', accountId: null };
    let status = row.status as PayoutAccountStatus;
    if (status !== 'payouts_enabled') {
      // Back from onboarding: Stripe knows first (the webhook may still be on its way).
      try {
        status = (await provider.accountState(row.accountId)).status;
        if (status !== row.status) await repository.setAccountStatus(row.accountId, status);
      } catch (error) {
        log.warn({ err: error }, 'could not refresh the Stripe account');
      }
    }
    return { provider: provider.name, status, accountId: row.accountId };
  }

  /**
   * POST /store/payouts/account/onboarding: the brand's Express account and its onboarding link.
   * Stripe sends the seller back to the dashboard in the language they started from (/fr/admin).
   */
  async onboard(userName: string, locale: Locale = 'en'): Promise<{ url: string }> {
    const { provider, repository, stores, users, publicUrl } = this.deps;
    const store = await stores.requireOwnedStore(userName);
    if (!provider.needsOnboarding) throw new Conflict(M.onboardingLocal);
    let [row] = await repository.accountsOf([store.id]);
    if (!row) {
      const contact = await users.contactOf(await users.accountId(userName));
      // The brand's country, when its ship-from address is known (Stripe's default otherwise).
      const { shipFrom } = await stores.addressesOf(store.id);
      const created = await provider.createAccount({
        storeId: store.id,
        email: contact?.email ?? '',
        country: shipFrom?.country,
      });
      row = await repository.saveAccount(store.id, created.accountId, created.status);
    }
    const back = (step: string) =>
      new URL(
        `${localizePath('/admin', locale)}?tab=payouts&onboarding=${step}`,
        publicUrl,
      ).toString();
    const url = await provider.onboardingLink({
      accountId: row.accountId,
      returnUrl: back('return'),
      refreshUrl: back('refresh'),
    });
    return { url };
  }

  /** POST /payouts/stripe/webhook: verifies the event (throws on a bad signature). */
  verifyAccountEvent(rawBody: Buffer, signature: string | undefined) {
    return this.deps.provider.verifyAccountEvent(rawBody, signature);
  }

  /** account.updated keeps each brand's status. */
  async accountUpdated(state: { accountId: string; status: PayoutAccountStatus }): Promise<void> {
    await this.deps.repository.setAccountStatus(state.accountId, state.status);
  }
}
