import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderReference, type StoreOrderView } from '@marketplace/shared';
import { outboxEmails, stores } from '../../db/schema';
import { sellerWithStore } from '../../../test/catalog';
import { json, loginAs, register, setupTestApp, type TestContext } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';

/**
 * Issue 19: every mail in its recipient's language — their saved choice, or for a mail that
 * answers their own request (a password reset) the request's language when none is saved.
 * English stays word for word what it was.
 */
const ctx: TestContext = setupTestApp();
const { product, addToBag, paidCheckout, place, mailsTo, acceptAndShip } = orderSteps(ctx);

const chooseFrench = async (user: { userName: string; headers: Record<string, string> }) => {
  const saved = await ctx.app.inject({
    method: 'PUT',
    url: `/api/user/${user.userName}/locale`,
    headers: user.headers,
    payload: { locale: 'fr-CA' },
  });
  expect(saved.statusCode).toBe(200);
};

const lastMailTo = async (recipient: string) => {
  await ctx.app.services.auth.settled();
  const [mail] = await ctx.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.recipient, recipient))
    .orderBy(desc(outboxEmails.id))
    .limit(1);
  return mail!;
};

const forgot = (email: string, acceptLanguage?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/forgot-password',
    payload: { email },
    headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
  });

describe('order mails', () => {
  it('write to a French buyer in French ("189,00 $") and to an English brand in its exact English', async () => {
    const buyer = await loginAs(ctx.app);
    await chooseFrench(buyer);
    const seller = await sellerWithStore(ctx.app, { name: 'Atelier Nord' });
    const item = await product(seller, { name: 'Wool Coat', price: 189 });
    await addToBag(buyer, item, 1);
    const session = await paidCheckout(buyer);
    expect((await place(buyer, session.orderId)).statusCode).toBe(200);
    const reference = orderReference(session.orderId);

    const [placed] = await mailsTo(buyer.email);
    expect(placed!.subject).toBe(`Votre commande ${reference} est passée`);
    expect(placed!.bodyText).toContain(`Bonjour ${buyer.firstName},`);
    expect(placed!.bodyText).toContain(
      `Merci de magasiner local. Votre commande ${reference}\u00a0:`,
    );
    // The option named in French; the English mails print the stored codes, "(RED, M)".
    expect(placed!.bodyText).toContain('- Wool Coat (Rouge, M) × 1\u00a0: 189,00\u00a0$ CAD');
    expect(placed!.bodyText).toContain('Livraison\u00a0: ');
    expect(placed!.bodyText).toMatch(/Total\u00a0: [\d\s,]+\u00a0\$ CAD/);
    expect(placed!.bodyText).toMatch(/TPS 5\u00a0%\u00a0: [\d\s,]+\u00a0\$ CAD/);
    expect(placed!.bodyText).not.toMatch(/Thank you|Shipping|Hi |GST|PST/);

    const [brand] = await mailsTo(seller.email);
    expect(brand!.subject).toBe(`New order ${reference} for Atelier Nord`);
    expect(brand!.bodyText).toBe(
      `Hi ${seller.firstName},\n\nAtelier Nord has a new order (${reference}):\n\n` +
        '- Wool Coat (RED, M) × 1: $189.00 CAD\n\n' +
        'Shipping: $10.00 CAD\nGST 5%: $9.95 CAD\nPST 7%: $13.93 CAD\n' +
        'Total paid by the buyer: $222.88 CAD\n' +
        'The sales tax is collected and remitted by the marketplace: it is not part of your payout.\n\n' +
        'Accept or reject each item from your dashboard.',
    );
  });

  it('tell a French buyer in French that the brand shipped', async () => {
    const buyer = await loginAs(ctx.app);
    await chooseFrench(buyer);
    const seller = await sellerWithStore(ctx.app, { name: 'Atelier Sud' });
    const coat = await product(seller, {
      name: 'Wool Coat',
      nameFr: 'Manteau de laine',
      price: 189,
    });
    await addToBag(buyer, coat, 1);
    const session = await paidCheckout(buyer);
    await place(buyer, session.orderId);
    await acceptAndShip(seller, session.orderId);

    const shipped = await lastMailTo(buyer.email);
    expect(shipped.subject).toBe(
      `Atelier Sud a expédié votre commande ${orderReference(session.orderId)}`,
    );
    expect(shipped.bodyText).toContain('Atelier Sud a expédié votre colis\u00a0:');
    // The brand's French name, as the order was bought under it.
    expect(shipped.bodyText).toContain(
      '- Manteau de laine (Rouge, M) × 1\u00a0: 189,00\u00a0$ CAD',
    );
    expect(shipped.bodyText).toContain('Numéro de suivi\u00a0: ');
    expect(shipped.bodyText).toContain('Merci de magasiner local.');
  });
  it('tell a French buyer in French that a rejected item is refunded, tax returned per tax', async () => {
    const buyer = await loginAs(ctx.app);
    await chooseFrench(buyer);
    const seller = await sellerWithStore(ctx.app, { name: 'Atelier Est' });
    await addToBag(buyer, await product(seller, { name: 'Wool Coat', price: 189 }), 1);
    const session = await paidCheckout(buyer);
    await place(buyer, session.orderId);
    const list = await ctx.app.inject({ url: '/api/store/orders', headers: seller.headers });
    const order = json<StoreOrderView[]>(list).find((o) => o.orderId === session.orderId)!;
    const rejected = await ctx.app.inject({
      method: 'POST',
      url: '/api/store/orders/reject',
      headers: seller.headers,
      payload: {
        storeOrderId: order.id,
        orderItemId: order.items[0]!.id,
        newStatus: 'REJECTED_REFUND_IN_PROGRESS',
      },
    });
    expect(rejected.statusCode).toBe(200);

    const refund = await lastMailTo(buyer.email);
    const reference = orderReference(session.orderId);
    expect(refund.subject).toBe(
      `Atelier Est a refusé un article de votre commande ${reference}\u00a0: remboursé`,
    );
    expect(refund.bodyText).toContain(
      `Atelier Est ne peut pas envoyer cet article de votre commande ${reference}`,
    );
    expect(refund.bodyText).toContain('× 1\u00a0: 189,00\u00a0$ CAD');
    expect(refund.bodyText).toContain('TPS 5\u00a0% remboursée\u00a0: 9,45\u00a0$ CAD');
    expect(refund.bodyText).toMatch(/Remboursé\u00a0: [\d\s,]+\u00a0\$ CAD, sur la carte/);
    expect(refund.bodyText).not.toMatch(/Refunded|returned/);
  });
});

describe('the password reset mail', () => {
  it('is in the language of the request when the account saved none, its link under /fr', async () => {
    const user = await register(ctx.app);
    await forgot(user.userDto.email, 'fr-CA,fr;q=0.9,en;q=0.8');
    const mail = await lastMailTo(user.userDto.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Local Brands');
    expect(mail.bodyText).toContain(`Bonjour ${user.userDto.firstName},`);
    expect(mail.bodyText).toContain('http://shop.test/fr/reset-password?token=');
    expect(mail.bodyText).toContain('votre mot de passe reste le même.');
  });

  it('is in the saved language whatever the request says', async () => {
    const user = await loginAs(ctx.app);
    await chooseFrench(user);
    await forgot(user.email, 'en');
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe('Réinitialisez votre mot de passe Local Brands');
    expect(mail.bodyText).toContain('http://shop.test/fr/reset-password?token=');
  });

  it('stays exactly the English one for an English request', async () => {
    const user = await register(ctx.app);
    await forgot(user.userDto.email);
    const mail = await lastMailTo(user.userDto.email);
    expect(mail.subject).toBe('Reset your Local Brands password');
    const token = /reset-password\?token=([A-Za-z0-9_-]+)/.exec(mail.bodyText)![1];
    expect(mail.bodyText).toBe(
      `Hi ${user.userDto.firstName},\n\n` +
        `Someone asked to reset the password of the account ${user.userDto.userName}.\n` +
        `Choose a new password within the next hour here:\n\nhttp://shop.test/reset-password?token=${token}\n\n` +
        `If it was not you, ignore this email: your password stays as it is.`,
    );
  });
});

describe('the email-change mail', () => {
  it('follows the language of the change when the account saved none, its revert link under /fr', async () => {
    const user = await loginAs(ctx.app);
    const changed = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user/${user.userName}`,
      headers: { ...user.headers, 'accept-language': 'fr-CA' },
      payload: {
        firstName: user.firstName,
        lastName: user.lastName,
        email: `new-${user.email}`,
        addresses: [],
        currentPassword: user.password,
      },
    });
    expect(changed.statusCode).toBe(200);
    const mail = await lastMailTo(user.email);
    expect(mail.subject).toBe('Votre courriel Local Brands a été modifié');
    expect(mail.bodyText).toContain(`a été changée de cette adresse à new-${user.email}.`);
    expect(mail.bodyText).toContain('http://shop.test/fr/revert-email?token=');
  });
});

describe('the operator’s decision mails', () => {
  const suspend = async (seller: Awaited<ReturnType<typeof sellerWithStore>>) => {
    const operator = await loginAs(ctx.app);
    await ctx.app.services.users.setRole(operator.userName, 'operator');
    const [row] = await ctx.database.db
      .select({ id: stores.id })
      .from(stores)
      .where(eq(stores.name, seller.storeName));
    const decided = await ctx.app.inject({
      method: 'POST',
      url: `/api/operator/brands/${row!.id}/suspend`,
      headers: operator.headers,
      payload: { reason: 'Counterfeit goods.' },
    });
    expect(decided.statusCode).toBe(200);
    return lastMailTo(seller.email);
  };

  it('stay exactly the English ones for an English owner', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Harbour Knits' });
    const mail = await suspend(seller);
    expect(mail.subject).toBe('Harbour Knits is suspended');
    expect(mail.bodyText).toBe(
      `Hi ${seller.firstName},\n\n` +
        'Harbour Knits is suspended: its products are no longer shown to shoppers. ' +
        'You can still fulfil and refund the orders you have.\n\n' +
        'Reason: Counterfeit goods.\n\nThe Local Brands team',
    );
  });

  it('are French for an owner who chose French; the reason as the operator wrote it', async () => {
    const seller = await sellerWithStore(ctx.app, { name: 'Tricots du Port' });
    await chooseFrench(seller);
    const mail = await suspend(seller);
    expect(mail.subject).toBe('Tricots du Port est suspendue');
    expect(mail.bodyText).toBe(
      `Bonjour ${seller.firstName},\n\n` +
        'Tricots du Port est suspendue\u00a0: ses produits ne sont plus montrés aux clients. ' +
        'Vous pouvez toujours traiter et rembourser vos commandes en cours.\n\n' +
        'Motif\u00a0: Counterfeit goods.\n\nL’équipe Local Brands',
    );
  });
});
