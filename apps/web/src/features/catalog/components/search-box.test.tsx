import type { Suggestion } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderRoute } from '../../../test/render';

const SUGGESTIONS: Suggestion[] = [
  { kind: 'category', value: 'women', label: 'Womenswear' },
  { kind: 'brand', value: 'Wool & Co', label: 'Wool & Co' },
  { kind: 'product', value: 42, label: 'Wool Overcoat' },
];

function api() {
  return mockFetch((_method, path) => {
    const url = new URL(path, 'http://localhost');
    if (url.pathname === '/item/public/suggest') return jsonResponse(200, SUGGESTIONS);
    if (url.pathname === '/item/public/search')
      return jsonResponse(200, [], { 'X-Total-Count': '0' });
    if (url.pathname === '/item/public/facets')
      return jsonResponse(200, { category: [], store: [], color: [], size: [], price: [] });
    return jsonResponse(404, { message: 'Not found.' });
  });
}

const suggestRequests = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/item/public/suggest')
    .map((url) => url.searchParams.get('q'));

async function openBox() {
  const fetchMock = api();
  const utils = renderRoute('/about');
  await screen.findByRole('heading', { level: 1, name: 'About Us' });
  const box = screen.getByRole('combobox', { name: 'Search products' });
  return { ...utils, fetchMock, box };
}

describe('navigation bar search box', () => {
  it('is a combobox that owns a listbox of suggestions, asked for once typing pauses', async () => {
    const { box, user, fetchMock } = await openBox();
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveAttribute('aria-autocomplete', 'list');
    expect(screen.getByRole('search')).toContainElement(box);

    await user.type(box, 'wo');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['WomenswearCategory', 'Wool & CoBrand', 'Wool OvercoatProduct']);
    // One request for the settled text, not one per key.
    expect(suggestRequests(fetchMock)).toEqual(['wo']);
    expect(box).not.toHaveAttribute('aria-activedescendant');
  });

  it('arrows move the active option, Enter opens it', async () => {
    const { box, user, location } = await openBox();
    await user.type(box, 'wo');
    const list = await screen.findByRole('listbox');
    const options = within(list).getAllByRole('option');

    await user.keyboard('{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[0]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', options[2]!.id);
    expect(options[0]).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowUp}');
    expect(box).toHaveAttribute('aria-activedescendant', options[1]!.id);
    // Focus never leaves the input.
    expect(box).toHaveFocus();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/store/Wool%20%26%20Co'));
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('Enter with no active option searches the text on /products', async () => {
    const { box, user, location } = await openBox();
    await user.type(box, 'wool coat{Enter}');
    await waitFor(() => expect(location().pathname).toBe('/products'));
    expect(new URLSearchParams(location().search).get('keyword')).toBe('wool coat');
  });

  it('Escape closes the list, then clears the text', async () => {
    const { box, user } = await openBox();
    await user.type(box, 'wo');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).not.toHaveAttribute('aria-activedescendant');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box).toHaveValue('wo');
    await user.keyboard('{Escape}');
    expect(box).toHaveValue('');
  });

  it('a chosen category opens its list and a chosen product its page', async () => {
    const { box, user, location } = await openBox();
    await user.type(box, 'wo');
    await user.click(await screen.findByRole('option', { name: /Womenswear/ }));
    await waitFor(() => expect(location().search).toBe('?category=women'));
    expect(location().pathname).toBe('/products');

    await user.clear(box);
    await user.type(box, 'wo');
    await user.click(await screen.findByRole('option', { name: /Wool Overcoat/ }));
    await waitFor(() => expect(location().pathname).toBe('/product/42'));
  });
});
