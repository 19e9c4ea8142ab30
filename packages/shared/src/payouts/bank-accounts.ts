import { z } from 'zod';
import { msg } from '../i18n/msg';
import { TEXT_MESSAGES, plainText } from '../text';

// A brand's bank details for the local payout provider's bank file (issue 39.3): a Canadian
// account (transit, institution and account numbers, as on a void cheque) or a US one (ABA
// routing and account numbers). The server keeps them encrypted and answers them masked.

export const BANK_ACCOUNT_MESSAGES = {
  holderRequired: msg('Account holder is required.'),
  holderTooLong: msg('Account holder must be at most 100 characters.'),
  country: msg('Choose Canada or the United States.'),
  transit: msg('The transit number is 5 digits.'),
  institution: msg('The institution number is 3 digits.'),
  accountCa: msg('The account number is 7 to 12 digits.'),
  routing: msg('The routing number is 9 digits.'),
  routingChecksum: msg('This routing number is not valid: check its 9 digits.'),
  accountUs: msg('The account number is 4 to 17 digits.'),
  saved: msg('Bank details saved.'),
  saveFailed: msg('Failed to save the bank details.'),
  stripeKeeps: msg('Payouts go through Stripe: Stripe keeps your bank details.'),
} as const;

const M = BANK_ACCOUNT_MESSAGES;

// The message plainText builds from the field's label, recorded for the catalogs.
msg(TEXT_MESSAGES.invisible('Account holder'));

/** Digits only: spaces and dashes as people type them are dropped. */
const digits = (pattern: RegExp, message: string) =>
  z
    .string(message)
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(pattern, message));

/** ABA's check: 3, 7 and 1 times the digits in turn add up to a multiple of 10. */
export function isValidRoutingNumber(routing: string): boolean {
  if (!/^\d{9}$/.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...routing].reduce((total, digit, i) => total + Number(digit) * weights[i]!, 0);
  return sum % 10 === 0;
}

const accountHolder = plainText('Account holder', { required: M.holderRequired })
  .min(1, M.holderRequired)
  .max(100, M.holderTooLong);

/** PUT /store/payouts/bank-account. */
export const bankAccountInputSchema = z.discriminatedUnion(
  'country',
  [
    z
      .object({
        country: z.literal('CA'),
        accountHolder,
        transitNumber: digits(/^\d{5}$/, M.transit),
        institutionNumber: digits(/^\d{3}$/, M.institution),
        accountNumber: digits(/^\d{7,12}$/, M.accountCa),
      })
      .strict(),
    z
      .object({
        country: z.literal('US'),
        accountHolder,
        routingNumber: digits(/^\d{9}$/, M.routing).refine(isValidRoutingNumber, M.routingChecksum),
        accountNumber: digits(/^\d{4,17}$/, M.accountUs),
      })
      .strict(),
  ],
  M.country,
);
export type BankAccountInput = z.input<typeof bankAccountInputSchema>;
export type BankAccountDetails = z.output<typeof bankAccountInputSchema>;

/** What the owner reads back: never the numbers, only the account's last 4 digits. */
export const bankAccountViewSchema = z.object({
  country: z.enum(['CA', 'US']),
  accountHolder: z.string(),
  accountLast4: z.string(),
  updatedAt: z.string(),
});
export type BankAccountView = z.infer<typeof bankAccountViewSchema>;

/** GET /store/payouts/bank-account: whether the bank file needs them (local payouts), and them. */
export const bankAccountAnswerSchema = z.object({
  needed: z.boolean(),
  bankAccount: bankAccountViewSchema.nullable(),
});
export type BankAccountAnswer = z.infer<typeof bankAccountAnswerSchema>;
