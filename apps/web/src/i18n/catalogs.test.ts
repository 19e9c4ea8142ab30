import { describe, expect, it } from 'vitest';
import { englishTranslator, loadTranslator } from './catalogs';

describe('the web app’s catalogs', () => {
  it('loads French compiled (no message parser in the browser) and keeps English as written', async () => {
    const french = await loadTranslator('fr-CA');
    expect(french.t('Login failed')).toBe('Échec de la connexion');
    expect(englishTranslator.t('Login failed')).toBe('Login failed');
  });
});
