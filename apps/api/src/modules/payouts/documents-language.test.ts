import { describe, expect, it } from 'vitest';
import { payoutPeriodOf, type StoreOrderView } from '@marketplace/shared';
import { sellerWithStore } from '../../../test/catalog';
import { json, loginAs, setupTestApp } from '../../../test/helper';
import { orderSteps } from '../../../test/orders';
import { pdfText } from '../../../test/pdf';

/**
 * Issue 19: the documents a seller downloads are in the language their page asks for (the web
 * client sends it as Accept-Language); names, addresses, references and codes stay as they are.
 */
const ctx = setupTestApp();
const { product, addToBag, paidCheckout, place } = orderSteps(ctx);
const FRENCH = { 'accept-language': 'fr-CA' };

async function soldOrder(storeName: string) {
  const buyer = await loginAs(ctx.app);
  const seller = await sellerWithStore(ctx.app, { name: storeName });
  await addToBag(buyer, await product(seller, { name: 'Wool Coat', price: 189 }), 1);
  const session = await paidCheckout(buyer);
  expect((await place(buyer, session.orderId)).statusCode).toBe(200);
  const list = await ctx.app.inject({ url: '/api/store/orders', headers: seller.headers });
  const order = json<StoreOrderView[]>(list)[0]!;
  return { seller, order };
}

describe('documents in the downloader’s language', () => {
  it('draws the shipping label in French for a French page', async () => {
    const { seller, order } = await soldOrder('Atelier Zoë');
    // A label once the brand accepted the item (issue 39 item 16).
    await ctx.app.inject({
      method: 'POST',
      url: '/api/store/orders/accept',
      headers: seller.headers,
      payload: { storeOrderId: order.id, orderItemId: order.items[0]!.id, newStatus: 'ACCEPTED' },
    });
    const response = await ctx.app.inject({
      url: `/api/store/orders/${order.id}/shipping-label`,
      headers: { ...seller.headers, ...FRENCH },
    });
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    for (const expected of [
      'EXPÉDITEUR',
      'Atelier Zoë',
      'DESTINATAIRE',
      'Ada Lovelace',
      `Commande ${order.reference}`,
      'Standard · 1 article · 2,0 lb',
      'SUIVI',
    ])
      expect(text).toContain(expected);
    expect(text).not.toMatch(/SHIP TO|TRACKING/);
  });

  it('writes the payout statement (PDF and CSV headings) in French, amounts as "189,00 $"', async () => {
    const { seller, order } = await soldOrder('Boutique Éloïse');
    const period = payoutPeriodOf(new Date());
    const pdf = await ctx.app.inject({
      url: `/api/store/payouts/statements/${period.start}/pdf`,
      headers: { ...seller.headers, ...FRENCH },
    });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Relevé\u00a0: Boutique Éloïse');
    expect(text).toContain(`Commande nº ${order.reference}`);
    expect(text).toContain('Ventes 189,00\u00a0$ CAD');
    expect(text).toContain('Frais de paiement -');
    expect(text).toContain('Totaux');
    expect(text).toContain('Référence du virement\u00a0: pas encore versé');
    expect(text).not.toMatch(/Statement|Sales|Transfer reference/);

    const csv = await ctx.app.inject({
      url: `/api/store/payouts/statements/${period.start}/csv`,
      headers: { ...seller.headers, ...FRENCH },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(`# Relevé de Boutique Éloïse, du ${period.start} au ${period.end}`);
    expect(csv.body).toContain('type,date,référence,devise,ventes,remboursé,frais_paiement');
    // The figures stay machine-readable.
    expect(csv.body).toContain(`order,`);
    expect(csv.body).toContain(',189.00,');
  });
});
