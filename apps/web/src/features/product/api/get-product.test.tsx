import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadTranslator } from '../../../i18n/catalogs';
import { I18nProvider } from '../../../i18n/i18n-context';
import { createTestQueryClient, jsonResponse, mockFetch } from '../../../test/render';
import { productQueryKey, useProduct } from './get-product';

// Issue 19 item 4: a French page asks for the brand's French texts; an English one as before.

afterEach(() => vi.unstubAllGlobals());

async function renderProduct(locale: 'en' | 'fr-CA') {
  const requests: string[] = [];
  mockFetch((_method, path) => {
    requests.push(path);
    return jsonResponse(200, {
      id: 12,
      name: path.includes('lang=fr-CA') ? 'Chandail torsadé' : 'Cable Sweater',
    });
  });
  const queryClient = createTestQueryClient();
  const translator = await loadTranslator(locale);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nProvider translator={translator}>{children}</I18nProvider>
    </QueryClientProvider>
  );
  const { result } = renderHook(() => useProduct(12), { wrapper });
  await waitFor(() => expect(result.current.isSuccess).toBe(true));
  return { requests, name: result.current.data!.name, queryClient };
}

describe('useProduct in the page’s language', () => {
  it('asks with lang=fr-CA on a French page, under a key of its own', async () => {
    const { requests, name, queryClient } = await renderProduct('fr-CA');
    expect(requests).toEqual(['/item/public/12?lang=fr-CA']);
    expect(name).toBe('Chandail torsadé');
    expect(queryClient.getQueryData(productQueryKey(12, 'fr-CA'))).toBeDefined();
    expect(queryClient.getQueryData(productQueryKey(12))).toBeUndefined();
  });

  it('asks as before on an English page', async () => {
    const { requests, name } = await renderProduct('en');
    expect(requests).toEqual(['/item/public/12']);
    expect(name).toBe('Cable Sweater');
    expect(productQueryKey(12)).toEqual(['product', 12]);
  });
});
