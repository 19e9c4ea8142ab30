import {
  EMAIL_MESSAGES,
  LABEL_CARRIER,
  orderReference,
  fromCents,
  taxLabelIn,
  type Cents,
  type StoreOrderView,
  taxLineViews,
  type TaxComponent,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mailLanguage } from '../../providers/mail/mail-language';
import type { Mailer } from '../../providers/mail/mailer';
import type { OwnedStore } from '../stores/stores.service';
import type { UsersService } from '../users/users.service';
import { lineTotal, type ItemRow } from './refund-amounts';
import type { StoreOrderRecord } from './store-orders.repository';

/** What the buyer hears of the brand's side: shipped, and money that went back. */
export class StoreOrderMails {
  constructor(
    private readonly deps: { users: UsersService; mailer: Mailer; log: FastifyBaseLogger },
  ) {}

  /**
   * Tells the buyer that money went back (issue 13): a rejected item, or a refund of the
   * parcel, with the amount and the items it covers. Sent once the provider took the refund.
   */
  async refund(
    order: StoreOrderRecord,
    storeName: string,
    reason: 'rejected' | 'refunded' | 'returned',
    refund: {
      amountCents: Cents;
      taxCents: Cents;
      taxLines: TaxComponent[];
    },
    items: ItemRow[],
  ): Promise<void> {
    const { users, mailer, log } = this.deps;
    try {
      const buyer = await users.contactOf(order.buyerId);
      if (!buyer) return;
      const { t, money: moneyIn, option, itemName, colon, locale } = mailLanguage(buyer.locale);
      const money = (cents: number) => moneyIn(fromCents(cents), order.currency);
      const reference = orderReference(order.orderId);
      const lines = items
        .map(
          (i) =>
            `- ${itemName(i.itemName, i.itemNameFr)} (${option(i.color, i.size)}) × ${i.quantity}${colon}${money(lineTotal(i))}`,
        )
        .join('\n');
      // The tax it returns, each tax on its own line, as the order's receipt showed it.
      const taxText = taxLineViews(refund.taxLines)
        .map(
          (view) =>
            `${t(EMAIL_MESSAGES.taxReturnedLine, { label: taxLabelIn(locale, view, t), amount: moneyIn(view.amount, order.currency) })}\n`,
        )
        .join('');
      const names = { storeName, reference };
      const [subject, intro] = {
        rejected: [EMAIL_MESSAGES.rejectedSubject, EMAIL_MESSAGES.rejectedIntro] as const,
        refunded: [EMAIL_MESSAGES.refundedSubject, EMAIL_MESSAGES.refundedIntro] as const,
        returned: [
          EMAIL_MESSAGES.returnRefundedSubject,
          EMAIL_MESSAGES.returnRefundedIntro,
        ] as const,
      }[reason];
      await mailer.send({
        to: buyer.email,
        subject: t(subject, names),
        text: t(EMAIL_MESSAGES.refundBody, {
          firstName: buyer.firstName,
          intro: t(intro, names),
          items: lines || t(EMAIL_MESSAGES.shippingLine),
          taxes: taxText,
          amount: money(refund.amountCents),
        }),
      });
    } catch (error) {
      log.error({ err: error, storeOrderId: order.id }, 'refund mail failed');
    }
  }

  async shipped(
    order: StoreOrderRecord,
    items: ItemRow[],
    { trackingNumber, carrier }: Pick<StoreOrderView, 'trackingNumber' | 'carrier'>,
    store: OwnedStore,
  ): Promise<void> {
    const { users, mailer, log } = this.deps;
    try {
      const buyer = await users.contactOf(order.buyerId);
      if (!buyer) return;
      const { t, money, option, itemName, colon } = mailLanguage(buyer.locale);
      await mailer.send({
        to: buyer.email,
        subject: t(EMAIL_MESSAGES.shippedSubject, {
          storeName: store.name,
          reference: orderReference(order.orderId),
        }),
        text: t(EMAIL_MESSAGES.shippedBody, {
          firstName: buyer.firstName,
          storeName: store.name,
          items: items
            .map(
              (i) =>
                `- ${itemName(i.itemName, i.itemNameFr)} (${option(i.color, i.size)}) × ${i.quantity}${colon}${money(fromCents(lineTotal(i)), order.currency)}`,
            )
            .join('\n'),
          carrier: carrier ?? LABEL_CARRIER,
          trackingNumber,
        }),
      });
    } catch (error) {
      log.error({ err: error, storeOrderId: order.id }, 'shipping mail failed');
    }
  }
}
