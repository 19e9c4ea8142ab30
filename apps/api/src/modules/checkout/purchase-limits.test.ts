import { describe, expect, it } from 'vitest';
import type { Cart, CheckoutSession, ItemDetail } from '@marketplace/shared';
import { sellerWithStore } from '../../../test/catalog';
import { json, loginAs, setupTestApp, type TestContext } from '../../../test/helper';
import { oneOption, orderSteps, type Buyer } from '../../../test/orders';

// Issue 14: one account bagged a store's 160 units, checked out, never paid, and renewed the
// hold for ever by taking one unit off and checking out again.
const clock = { now: Date.now() };

const removeFromBag = (ctx: TestContext, buyer: Buyer, item: ItemDetail, quantity: number) =>
  ctx.app.inject({
    method: 'DELETE',
    url: '/api/orders/cart/remove',
    headers: buyer.headers,
    payload: { itemId: item.id, itemOptionId: item.itemOptions[0]!.id, quantity },
  });

describe('with the default limits', () => {
  const ctx = setupTestApp({ now: () => new Date(clock.now) });
  const { inject, product, addToBag, checkout, stockOf } = orderSteps(ctx);

  it('holds at most 10 of one option per customer, counting the bag line (409 naming the limit)', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product(undefined, { itemOptions: oneOption(160) });
    expect((await addToBag(buyer, item, 8)).statusCode).toBe(200);
    const over = await addToBag(buyer, item, 3);
    expect(over.statusCode).toBe(409);
    expect(json(over).message).toBe('Limit 10 per customer: you can add 2 more of this option.');
    const full = await addToBag(buyer, item, 2);
    expect(full.statusCode).toBe(200);
    expect(json<Cart>(full).items).toEqual([
      expect.objectContaining({ quantity: 10, limit: 10, available: 0 }),
    ]);
    expect(json(await addToBag(buyer, item, 1)).message).toBe(
      'Limit 10 per customer: you can add 0 more of this option.',
    );
  });

  it('refuses a checkout over $5,000 (409), holding no stock', async () => {
    const buyer = await loginAs(ctx.app);
    const coat = await product(undefined, { price: 1_000, itemOptions: oneOption(20) });
    await addToBag(buyer, coat, 6);
    const response = await checkout(buyer);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(
      'A checkout can be at most $5,000. Please check out fewer items at a time.',
    );
    expect(await stockOf(coat)).toBe(20);
  });

  it('renews lapsed holds of the same options at most twice an hour', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product(undefined, { itemOptions: oneOption(160) });
    await addToBag(buyer, item, 10);
    for (let hold = 0; hold < 2; hold++) {
      expect((await checkout(buyer)).statusCode).toBe(201);
      expect(await stockOf(item)).toBe(150);
      clock.now += 16 * 60_000;
      await ctx.app.services.checkout.releaseLapsed();
      expect(await stockOf(item)).toBe(160);
    }
    const third = await checkout(buyer);
    expect(third.statusCode).toBe(409);
    expect(json(third).message).toBe(
      'These items were held for you twice in the last hour and the time ran out before payment, so they cannot be held again yet. Please try again later.',
    );
    expect(await stockOf(item)).toBe(160);

    // Others are not affected, and an hour later the buyer may try again.
    const other = await loginAs(ctx.app);
    await addToBag(other, item, 10);
    expect((await checkout(other)).statusCode).toBe(201);
    clock.now += 60 * 60_000;
    expect((await checkout(buyer)).statusCode).toBe(201);
  });

  it('frees an abandoned hold at once, and the new hold keeps its deadline: taking one unit off cannot renew it', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product(undefined, { itemOptions: oneOption(160) });
    await addToBag(buyer, item, 10);
    const first = json<CheckoutSession>(await checkout(buyer));
    expect(await stockOf(item)).toBe(150);

    clock.now += 14 * 60_000;
    await removeFromBag(ctx, buyer, item, 1);
    const second = json<CheckoutSession>(await checkout(buyer));
    expect(second.orderId).not.toBe(first.orderId);
    expect(await stockOf(item)).toBe(151);
    expect(second.reservedUntil).toBe(first.reservedUntil);

    // The carried-over hold lapses on the first one's deadline, and that counts as a lapse.
    clock.now += 2 * 60_000;
    await ctx.app.services.checkout.releaseLapsed();
    expect(await stockOf(item)).toBe(160);
    const renewed = json<CheckoutSession>(await checkout(buyer));
    expect(new Date(renewed.reservedUntil).getTime()).toBe(clock.now + 15 * 60_000);
    clock.now += 16 * 60_000;
    await ctx.app.services.checkout.releaseLapsed();
    const refused = await checkout(buyer);
    expect(refused.statusCode).toBe(409);
    expect(json(refused).message).toMatch(/twice in the last hour/);
    expect(await stockOf(item)).toBe(160);
    const bag = json<Cart>(await inject(buyer, 'GET', '/api/orders/cart'));
    expect(bag.items).toEqual([expect.objectContaining({ quantity: 9 })]);
  });

  it('counts renewals per buyer and option across bag changes: swapping the bag and back renews nothing (issue 38 item 6)', async () => {
    const buyer = await loginAs(ctx.app);
    const coat = await product(undefined, { itemOptions: oneOption(160) });
    const scarf = await product(undefined, { itemOptions: oneOption(160) });
    await addToBag(buyer, coat, 10);
    const first = json<CheckoutSession>(await checkout(buyer));
    const swapTo = async (add: ItemDetail, remove: ItemDetail, quantity: number) => {
      await removeFromBag(ctx, buyer, remove, 10);
      expect((await addToBag(buyer, add, quantity)).statusCode).toBe(200);
      return checkout(buyer);
    };
    const coatHolds: { status: number; until?: string; message?: string }[] = [];
    for (let round = 0; round < 4; round++) {
      clock.now += 14 * 60_000;
      expect((await swapTo(scarf, coat, 1)).statusCode).toBe(201);
      const back = await swapTo(coat, scarf, 10);
      coatHolds.push(
        back.statusCode === 201
          ? { status: 201, until: json<CheckoutSession>(back).reservedUntil }
          : { status: back.statusCode, message: json(back).message as string },
      );
    }
    // The coats held again a moment after their hold was dropped keep its deadline.
    expect(coatHolds[0]).toEqual({ status: 201, until: first.reservedUntil });
    // Two holds of the coats lapsed within the hour, however the bag changed between them.
    expect(coatHolds.at(-1)).toEqual({
      status: 409,
      message: expect.stringMatching(/twice in the last hour/),
    });
    expect(await stockOf(coat)).toBe(160);
  });

  it('lets a shopper go back to the bag and check out again as often as they like while the hold runs', async () => {
    const buyer = await loginAs(ctx.app);
    const item = await product(undefined, { itemOptions: oneOption(20) });
    await addToBag(buyer, item, 5);
    for (let visit = 0; visit < 4; visit++) {
      await removeFromBag(ctx, buyer, item, 1);
      expect((await checkout(buyer)).statusCode).toBe(201);
      clock.now += 60_000;
    }
    expect(await stockOf(item)).toBe(19);
  });
});

describe('with limits raised by configuration', () => {
  const ctx = setupTestApp({ purchaseLimits: { unitsPerOption: 99, checkoutAmount: 1_000_000 } });
  const { product, addToBag, checkout, stockOf } = orderSteps(ctx);

  it('still refuses a bag over the order limit (409), holding no stock', async () => {
    const buyer = await loginAs(ctx.app);
    const seller = await sellerWithStore(ctx.app);
    const coats: ItemDetail[] = [];
    for (let i = 0; i < 2; i++) {
      const coat = await product(seller, { price: 99_000, itemOptions: oneOption(99) });
      expect((await addToBag(buyer, coat, 99)).statusCode).toBe(200);
      coats.push(coat);
    }
    const response = await checkout(buyer);
    expect(response.statusCode).toBe(409);
    expect(json(response).message).toBe(
      'This order is over the $1,000,000 limit. Please check out fewer items at a time.',
    );
    for (const coat of coats) expect(await stockOf(coat)).toBe(99);
  });

  it('takes more than 10 of an option and checkouts over $5,000', async () => {
    const buyer = await loginAs(ctx.app);
    const coat = await product(undefined, { price: 1_000, itemOptions: oneOption(20) });
    expect((await addToBag(buyer, coat, 12)).statusCode).toBe(200);
    expect(json<CheckoutSession>(await checkout(buyer)).subtotal).toBe(12_000);
  });
});
