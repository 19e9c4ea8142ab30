// Payouts to brands: periods, the ledger, bank accounts.
export * from './payouts';
export * from './payout-schemas';
export * from './payout-ledger';
export * from './bank-accounts';
