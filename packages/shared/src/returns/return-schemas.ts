import { z } from 'zod';
import { CURRENCIES, MAX_RECORD_ID } from '../constants';
import { ORDER_ITEM_STATUSES, shippingAddressViewSchema } from '../orders/checkout';
import {
  RETURN_MESSAGES,
  RETURN_NOTE_MAX_LENGTH,
  RETURN_REASONS,
  RETURN_STATUSES,
} from './returns';
import { plainText } from '../text';

/** The buyer's return form (My Orders): order lines of one store order and a reason. */
export const returnFormSchema = z.object({
  orderItemIds: z
    .array(z.number().int().positive().max(MAX_RECORD_ID), RETURN_MESSAGES.itemsRequired)
    .min(1, RETURN_MESSAGES.itemsRequired)
    .max(100, RETURN_MESSAGES.itemsRequired)
    .refine((ids) => new Set(ids).size === ids.length, RETURN_MESSAGES.itemsRequired),
  reason: z.enum(RETURN_REASONS, RETURN_MESSAGES.reasonRequired),
  /**
   * How many units of a chosen line go back, by its order item id, when not all of them
   * (issue 39.8: one of two); a line left out here goes back whole.
   */
  quantities: z
    .record(
      z.string().regex(/^[1-9][0-9]{0,9}$/, RETURN_MESSAGES.itemNotInOrder),
      z
        .number(RETURN_MESSAGES.unitsInvalid)
        .int(RETURN_MESSAGES.unitsInvalid)
        .min(1, RETURN_MESSAGES.unitsInvalid)
        .max(1000, RETURN_MESSAGES.unitsInvalid),
    )
    .optional(),
});
export type ReturnFormValues = z.input<typeof returnFormSchema>;

/** POST /orders/returns. */
export const createReturnSchema = returnFormSchema
  .extend({ storeOrderId: z.uuid(RETURN_MESSAGES.orderNotFound) })
  .strict();
export type CreateReturnInput = z.infer<typeof createReturnSchema>;

const note = plainText('Note', { multiline: true }).max(
  RETURN_NOTE_MAX_LENGTH,
  RETURN_MESSAGES.noteTooLong,
);

/** POST /store/returns/{id}/receive: received as sent, or damaged with a note. */
export const receiveReturnSchema = z.discriminatedUnion('damaged', [
  z.object({ damaged: z.literal(false) }).strict(),
  z
    .object({
      damaged: z.literal(true),
      note: note.refine((text) => text.trim().length > 0, RETURN_MESSAGES.damagedNoteRequired),
    })
    .strict(),
]);
export type ReceiveReturnInput = z.infer<typeof receiveReturnSchema>;

export const returnIdParamsSchema = z.object({ id: z.uuid(RETURN_MESSAGES.notFound) });
export const returnOrderParamsSchema = z.object({ orderId: z.uuid(RETURN_MESSAGES.orderNotFound) });

export const returnsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
/** The buyer's returns, optionally of one order (My Orders shows them under it). */
export const buyerReturnsQuerySchema = returnsQuerySchema.extend({
  orderId: z.uuid(RETURN_MESSAGES.orderNotFound).optional(),
});

export const returnLineViewSchema = z.object({
  orderItemId: z.number().int(),
  itemId: z.number().int(),
  itemName: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  itemPrice: z.number(),
  /** The tax charged on the line, which its refund returns. */
  tax: z.number(),
  status: z.enum(ORDER_ITEM_STATUSES),
});

/** A return, as its buyer and its brand see it. */
export const returnViewSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  /** The order's reference (orderReference). */
  reference: z.string(),
  storeOrderId: z.string(),
  storeName: z.string(),
  /** The buyer's name as the brand sees it on the parcel. */
  buyerName: z.string(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  currency: z.enum(CURRENCIES),
  requestedAt: z.string(),
  receivedAt: z.string().nullable(),
  damaged: z.boolean(),
  note: z.string().nullable(),
  /** The prepaid label; null when the buyer ships it themselves (Alaska, Hawaii). */
  label: z
    .object({
      carrier: z.string(),
      trackingNumber: z.string(),
      /** Where to download it: our PDF route, or the provider's hosted label. */
      url: z.string(),
    })
    .nullable(),
  /** Where the parcel goes back to. */
  returnAddress: shippingAddressViewSchema,
  lines: z.array(returnLineViewSchema),
  /** What the refund returns: the lines and exactly their recorded tax. */
  amount: z.number(),
  tax: z.number(),
  refundedAt: z.string().nullable(),
  /** Once received: when the refund is due (RETURN_REFUND_WORKING_DAYS working days later). */
  refundDueBy: z.string().nullable(),
  refundOverdue: z.boolean(),
});
export type ReturnView = z.infer<typeof returnViewSchema>;
export type ReturnLineView = z.infer<typeof returnLineViewSchema>;

/** A delivered store order of the buyer's, and which of its lines can still be returned. */
export const returnableStoreOrderSchema = z.object({
  storeOrderId: z.string(),
  storeName: z.string(),
  currency: z.enum(CURRENCIES),
  deliveredAt: z.string().nullable(),
  /** The end of the 14 days; null before delivery. */
  returnBy: z.string().nullable(),
  /** Why nothing can be returned now (not delivered, window closed); null when lines can. */
  blocker: z.string().nullable(),
  /** Whether the return label will be prepaid (continental USA and Canada). */
  labelFree: z.boolean(),
  lines: z.array(returnLineViewSchema.extend({ returnable: z.boolean() })),
});
export type ReturnableStoreOrder = z.infer<typeof returnableStoreOrderSchema>;
