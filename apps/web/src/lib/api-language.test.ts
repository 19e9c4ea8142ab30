import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '../test/render';
import { apiClient, setApiLanguage } from './api-client';

// Issue 19: the API answers errors in the page's language, not the browser's.

afterEach(() => {
  setApiLanguage('en');
  vi.unstubAllGlobals();
});

const languageSent = async () => {
  const fetchMock = mockFetch(() => jsonResponse(200, {}));
  await apiClient.get('/health');
  return new Headers(fetchMock.mock.calls[0]![1]?.headers).get('accept-language');
};

describe('the API client’s Accept-Language', () => {
  it('is the page’s language: English until the page says otherwise', async () => {
    expect(await languageSent()).toBe('en');
    setApiLanguage('fr-CA');
    expect(await languageSent()).toBe('fr-CA');
  });
});
