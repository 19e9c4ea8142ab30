import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  firstVisitRedirect,
  pageInLocale,
  readSavedLocale,
  saveLocaleChoice,
} from './locale-choice';

function clearChoice() {
  document.cookie = 'locale=; path=/; max-age=0';
}

afterEach(() => {
  clearChoice();
  vi.restoreAllMocks();
});

describe('the language chosen on this device', () => {
  it('is remembered in a cookie the server reads too', () => {
    expect(readSavedLocale()).toBeNull();
    saveLocaleChoice('fr-CA');
    expect(document.cookie).toContain('locale=fr-CA');
    expect(readSavedLocale()).toBe('fr-CA');
  });

  it('a first visit to / follows the browser’s language, only without a saved choice', () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-CA', 'en']);
    expect(firstVisitRedirect('/')).toBe('/fr');
    expect(firstVisitRedirect('/products')).toBeNull();
    saveLocaleChoice('en');
    expect(firstVisitRedirect('/')).toBeNull();
    clearChoice();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'fr']);
    expect(firstVisitRedirect('/')).toBeNull();
  });

  it('the same page in the other language keeps its path, query and fragment', () => {
    const location = { pathname: '/fr/product/12', search: '?size=M', hash: '#reviews' };
    expect(pageInLocale(location, 'en')).toBe('/product/12?size=M#reviews');
    expect(pageInLocale({ pathname: '/', search: '', hash: '' }, 'fr-CA')).toBe('/fr');
    expect(pageInLocale({ pathname: '/fr', search: '', hash: '' }, 'en')).toBe('/');
  });
});
