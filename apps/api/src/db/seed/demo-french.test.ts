import { describe, expect, it } from 'vitest';
import type { ItemDetail, ItemSummary, StorePublic } from '@marketplace/shared';
import { json, setupTestApp } from '../../../test/helper';
import { seedDemoData } from './seed';

const ctx = setupTestApp();

const get = <T>(url: string) => ctx.app.inject({ url }).then((response) => json<T>(response));

describe('the demo in French (issue 19 item 6)', () => {
  it('has a Montréal brand that writes in French, and French products in other stores', async () => {
    expect(await seedDemoData(ctx.app.services, ctx.app.log, { purchases: false })).toBe(true);

    const brand = await get<StorePublic>('/api/store/public/Atelier%20Mont-Royal?lang=fr-CA');
    expect(brand).toMatchObject({ city: 'MONTREAL', productCount: 6 });
    expect(brand.description).toMatch(/^Tricots et vêtements d’hiver fabriqués à Montréal/);
    // It wrote no English description: English readers get the French one.
    expect((await get<StorePublic>('/api/store/public/Atelier%20Mont-Royal')).description).toBe(
      brand.description,
    );

    // French words, stemmed, find the brand's French texts and other brands' French names.
    const chandails = await get<ItemSummary[]>(
      '/api/item/public/search?keyword=chandails&lang=fr-CA',
    );
    expect(chandails.map((item) => [item.name, item.store])).toEqual(
      expect.arrayContaining([
        ['Chandail torsadé Laurentides', 'Atelier Mont-Royal'],
        ['Chandail col rond en mérinos', 'Harbour Knits'],
      ]),
    );
    const [shirt] = await get<ItemSummary[]>('/api/item/public/search?keyword=linen%20camp');
    const french = await get<ItemDetail>(`/api/item/public/${shirt!.id}?lang=fr-CA`);
    expect(french).toMatchObject({
      name: 'Chemise de camp en lin',
      store: 'Mile End Studio',
      materials: '100 % lin européen.',
    });
    expect(
      (await get<StorePublic>('/api/store/public/Mile%20End%20Studio?lang=fr-CA')).description,
    ).toBe('Du lin et du coton décontractés, pour toutes les saisons.');
  }, 120_000);
});
