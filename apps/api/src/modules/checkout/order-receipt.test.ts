import { describe, expect, it } from 'vitest';
import type { OrderView } from '@marketplace/shared';
import type { Email, Mailer } from '../../providers/mail/mailer';
import { sellerWithStore } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';

/** A mail server to turn off: the order mails go nowhere while it is down. */
const mail = { down: false, sent: [] as Email[] };
const mailer: Mailer = {
  send: (email) => mailer.sendAll([email]),
  async sendAll(emails) {
    if (mail.down) throw new Error('the outbox could not be written');
    mail.sent.push(...emails);
  },
};

const ctx = setupTestApp({ mailer });
const { product, addToBag, paidCheckout, place, inject } = orderSteps(ctx);

async function placedOrder() {
  const buyer = await loginAs(ctx.app);
  const seller = await sellerWithStore(ctx.app);
  await addToBag(buyer, await product(seller, { name: 'Receipt Tee', price: 40 }), 1);
  const session = await paidCheckout(buyer);
  const response = await place(buyer, session.orderId);
  expect(response.statusCode).toBe(200);
  return { buyer, session, order: json<OrderView>(response) };
}

describe('"We emailed your receipt" (issue 39.28)', () => {
  it('the placed order says its receipt was emailed once the mail is queued, and keeps saying it', async () => {
    mail.down = false;
    const { buyer, session, order } = await placedOrder();
    expect(order.receiptEmailed).toBe(true);
    expect(mail.sent.some((email) => email.to === buyer.email)).toBe(true);
    // The success page asked again (a reload): the same answer, read from the order.
    expect(json<OrderView>(await place(buyer, session.orderId)).receiptEmailed).toBe(true);
    const history = json<OrderView[]>(await inject(buyer, 'GET', '/api/orders/history'));
    expect(history.find((one) => one.id === order.id)?.receiptEmailed).toBe(true);
  });

  it('an order whose mails could not be queued does not claim a receipt was emailed', async () => {
    mail.down = true;
    const { buyer, session, order } = await placedOrder();
    mail.down = false;
    expect(order.status).toBe('PLACED');
    expect(order.receiptEmailed).toBe(false);
    expect(json<OrderView>(await place(buyer, session.orderId)).receiptEmailed).toBe(false);
  });
});
