import {
  fromCents,
  sumCents,
  EMAIL_MESSAGES,
  orderReference,
  taxLabelIn,
  type Locale,
  taxLineViews,
} from '@marketplace/shared';
import type { FastifyBaseLogger } from 'fastify';
import { mailLanguage } from '../../providers/mail/mail-language';
import type { Email, Mailer } from '../../providers/mail/mailer';
import type { StoresService } from '../stores/stores.service';
import type { UsersService } from '../users/users.service';
import type { CheckoutRepository, OrderItemRow, OrderRow, TaxLineRow } from './checkout.repository';
import type { CheckoutPricing } from './pricing';

interface OrderMailsDeps {
  repository: CheckoutRepository;
  users: UsersService;
  stores: StoresService;
  mailer: Mailer;
  pricing: CheckoutPricing;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** The mails a placed order sends: the buyer's receipt and each brand's new order. */
export class OrderMails {
  constructor(private readonly deps: OrderMailsDeps) {}

  /** The buyer's receipt and each brand's order; returns when the receipt was queued, or null. */
  async send(order: OrderRow, lines: OrderItemRow[], taxLines: TaxLineRow[]): Promise<Date | null> {
    const { users, stores, mailer, log } = this.deps;
    const reference = orderReference(order.id);
    // Each mail in its recipient's saved language: the buyer's and each brand's may differ.
    const writer = (locale: Locale | null) => {
      const { t, money, option, itemName, colon, locale: language } = mailLanguage(locale);
      const amount = (cents: number) => money(fromCents(cents), order.currency);
      return {
        t,
        amount,
        taxes: (rows: TaxLineRow[]) =>
          taxLineViews(rows)
            .map(
              (view) =>
                `${t(EMAIL_MESSAGES.taxLine, { label: taxLabelIn(language, view, t), amount: money(view.amount, order.currency) })}\n`,
            )
            .join(''),
        items: (own: OrderItemRow[]) =>
          own
            .map(
              (line) =>
                `- ${itemName(line.itemName, line.itemNameFr)} (${option(line.color, line.size)}) × ${line.quantity}${colon}${amount(line.itemPriceCents * line.quantity)}`,
            )
            .join('\n'),
      };
    };
    try {
      const owners = await stores.ownerIdsOf([...new Set(lines.map((l) => l.storeId))]);
      const contacts = await users.contactsOf([
        order.userId,
        ...[...owners.values()].map((store) => store.ownerId),
      ]);
      const mails: Email[] = [];
      const buyer = contacts.get(order.userId);
      if (buyer) {
        const { t, amount, taxes, items } = writer(buyer.locale);
        mails.push({
          to: buyer.email,
          subject: t(EMAIL_MESSAGES.orderPlacedSubject, { reference }),
          text: t(EMAIL_MESSAGES.orderPlacedBody, {
            firstName: buyer.firstName,
            reference,
            items: items(lines),
            shipping: amount(order.shippingCents),
            taxes: taxes(taxLines),
            total: amount(order.totalCents),
          }),
        });
      }
      const shares = this.deps.pricing.brandShares(order, lines, taxLines);
      for (const [storeId, store] of owners) {
        const contact = contacts.get(store.ownerId);
        if (!contact) continue;
        const own = lines.filter((l) => l.storeId === storeId);
        const ownTax = taxLines.filter((t) => t.storeId === storeId);
        const share = shares.find((s) => s.storeId === storeId);
        const { t, amount, taxes, items } = writer(contact.locale);
        mails.push({
          to: contact.email,
          subject: t(EMAIL_MESSAGES.newOrderSubject, { reference, storeName: store.name }),
          text: t(EMAIL_MESSAGES.newOrderBody, {
            firstName: contact.firstName,
            storeName: store.name,
            reference,
            items: items(own),
            shipping: amount(share!.shippingCents),
            taxes: taxes(ownTax),
            total: amount(sumCents(share!.subtotalCents, share!.shippingCents, share!.taxCents)),
          }),
        });
      }
      await mailer.sendAll(mails);
      if (!buyer) return null;
      const queuedAt = this.deps.now();
      await this.deps.repository.receiptEmailed(order.id, queuedAt);
      return queuedAt;
    } catch (error) {
      // The order stands whatever the mail server does; the outbox keeps what was written.
      log.error({ err: error, orderId: order.id }, 'order mails failed');
      return null;
    }
  }
}
