import { describe, expect, it } from 'vitest';
import { asCents } from '@marketplace/shared';
import { BuiltinTaxProvider } from './builtin-tax-provider';

const provider = new BuiltinTaxProvider();
const toronto = { country: 'CA' as const, province: 'ON', city: 'Toronto', postalCode: 'M5V 2T6' };

describe('BuiltinTaxProvider', () => {
  it('calculates from the rates table: HST 13% on a jacket, 5 % on kids’ jeans, shipping like its goods', async () => {
    const calculation = await provider.calculate({
      orderId: '41',
      currency: 'CAD',
      destination: toronto,
      lines: [
        {
          reference: '1',
          storeId: '7',
          unitPriceCents: asCents(20_000),
          quantity: 1,
          taxClass: 'clothing',
        },
        {
          reference: '2',
          storeId: '7',
          unitPriceCents: asCents(4000),
          quantity: 1,
          taxClass: 'childrens_clothing',
        },
      ],
      shipping: [{ reference: '7', amountCents: asCents(1000) }],
      date: new Date('2026-11-22T12:00:00Z'),
    });
    expect(calculation.lines.map((l) => [l.reference, l.taxCents])).toEqual([
      ['1', 2600],
      ['2', 200],
    ]);
    expect(calculation.shipping).toEqual([
      { reference: '7', taxCents: 116, components: expect.any(Array) },
    ]);
    expect(calculation.totalCents).toBe(2916);
    expect(calculation).toMatchObject({ currency: 'CAD', providerReference: null });
  });

  it('uses the order’s date: Halifax before and after Nova Scotia’s 2025-04-01 cut', async () => {
    const halifax = {
      country: 'CA' as const,
      province: 'NS',
      city: 'Halifax',
      postalCode: 'B3H 1A1',
    };
    const at = (iso: string) =>
      provider.calculate({
        orderId: '42',
        currency: 'CAD',
        destination: halifax,
        lines: [
          {
            reference: '1',
            storeId: '7',
            unitPriceCents: asCents(10_000),
            quantity: 1,
            taxClass: 'clothing',
          },
        ],
        shipping: [],
        date: new Date(iso),
      });
    expect((await at('2025-03-15T12:00:00Z')).totalCents).toBe(1500);
    expect((await at('2026-01-15T12:00:00Z')).totalCents).toBe(1400);
  });

  it('keeps nothing outside our database: commit and reverse answer null ids', async () => {
    expect(provider.name).toBe('builtin');
    await expect(provider.commit({ orderId: '41', calculationReference: null })).resolves.toEqual({
      transactionId: null,
    });
    await expect(
      provider.reverse({
        orderId: '41',
        refundId: '9',
        transactionId: null,
        currency: 'CAD',
        lines: [{ reference: '2', amountCents: asCents(4000), taxCents: asCents(200) }],
        shipping: [],
      }),
    ).resolves.toEqual({ reversalId: null });
  });
});
