import {
  taxLineViews,
  type CheckoutBody,
  type CheckoutSession,
  type Currency,
  type ShippingMethod,
} from '@marketplace/shared';
import { CHECKOUT_MESSAGES, fromCents } from '@marketplace/shared';
import type { PaymentProvider } from '../../providers/payments/payment-provider';
import type { CheckoutRepository, OrderRow } from './checkout.repository';
import type { PaymentDesk } from './payment-desk';

/** What every checkout step answers the browser: the order's totals and where to pay them. */
export class CheckoutSessions {
  constructor(
    private readonly deps: {
      repository: CheckoutRepository;
      payments: PaymentProvider;
      desk: PaymentDesk;
    },
  ) {}

  async answer(order: OrderRow, body: CheckoutBody): Promise<CheckoutSession> {
    const { payments, repository, desk } = this.deps;
    // A hosted page charges a fixed amount and would take the address itself, so it cannot
    // charge the tax of an address it has not seen: until the tax is calculated for the
    // order's address, the buyer pays on our /checkout page, which takes the address first.
    const { shippingAddress } = order;
    const hosted =
      order.taxCalculated && shippingAddress
        ? await desk.ask(
            (p) =>
              p.startHostedCheckout({
                orderId: order.id,
                amountCents: order.totalCents,
                currency: order.currency as Currency,
                shippingAddress,
                successUrl: body?.successUrl,
                cancelUrl: body?.cancelUrl,
              }),
            CHECKOUT_MESSAGES.paymentTimeout,
          )
        : { url: '/checkout' };
    if (hosted.sessionId) {
      // One payable hosted page per order: the newest.
      if (order.checkoutSessionId) await desk.closeHostedCheckout(order);
      await repository.setCheckoutSession(order.id, hosted.sessionId);
    }
    return {
      orderId: order.id,
      clientSecret: order.clientSecret ?? '',
      totalAmount: fromCents(order.totalCents),
      subtotal: fromCents(order.subtotalCents),
      shipping: fromCents(order.shippingCents),
      tax: fromCents(order.taxCents),
      // Only a shipping step writes tax lines, and it marks the tax calculated.
      taxLines: order.taxCalculated ? taxLineViews(await repository.taxLinesOf([order.id])) : [],
      taxCalculated: order.taxCalculated,
      currency: order.currency as Currency,
      shippingMethod: order.shippingMethod as ShippingMethod,
      checkoutUrl: hosted.url,
      provider: payments.name,
      ...(payments.publishableKey ? { publishableKey: payments.publishableKey } : {}),
      reservedUntil: order.reservedUntil.toISOString(),
      shippingAddress: order.shippingAddress ?? null,
    };
  }
}
