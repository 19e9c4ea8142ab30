import type { Currency } from './constants';

/**
 * A return whose refund has not gone out within RETURN_REFUND_WORKING_DAYS working days of the
 * brand marking it received (issue 16 item 4): the operator's console lists these, oldest first
 * (issue 17 item 4), and the buyer sees the return as overdue.
 */
export interface OverdueReturn {
  returnId: string;
  /** The order's reference as buyers and brands see it (orderReference). */
  reference: string;
  storeId: string;
  storeName: string;
  buyerUserName: string;
  /** ISO 8601. */
  receivedAt: string;
  /** ISO 8601: the end of the third working day after receivedAt. */
  refundDueBy: string;
  /** What the refund owes, tax included. */
  amount: number;
  currency: Currency;
}

/** The About page's promise (spec 9): refunds within 3 working days of the return's arrival. */
export const RETURN_REFUND_WORKING_DAYS = 3;
