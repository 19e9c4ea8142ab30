import type { Suggestion } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch } from '../../../test/render';
import { renderInFrench } from '../../../test/render-in-french';
import { SearchBox } from './search-box';

// Decision 030: French pages ask for the brands' French names; the API answers them.
const FRENCH: Suggestion[] = [
  { kind: 'category', value: 'women', label: 'Womenswear' },
  { kind: 'product', value: 42, label: 'Chandail douillet' },
];

describe('the search box in French', () => {
  it('asks with lang=fr-CA and shows the French labels', async () => {
    mockFetch((_method, path) =>
      path === '/item/public/suggest?q=ch&city=VANCOUVER&lang=fr-CA'
        ? jsonResponse(200, FRENCH)
        : jsonResponse(404, { message: 'Not found.' }),
    );
    const { user } = await renderInFrench(<SearchBox />);
    await user.type(screen.getByRole('combobox'), 'ch');
    const list = await screen.findByRole('listbox');
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Mode femmeCatégorie', 'Chandail douilletProduit']);
  });
});
