import { EMAIL_MESSAGES, LABEL_MESSAGES } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import { englishTranslator, loadTranslator } from './catalogs';

describe('the web app’s catalogs', () => {
  it('loads French compiled (no message parser in the browser) and keeps English as written', async () => {
    const french = await loadTranslator('fr-CA');
    expect(french.t('Login failed')).toBe('Échec de la connexion');
    expect(englishTranslator.t('Login failed')).toBe('Login failed');
  });

  it('leaves out what only the API writes (mails, labels, statements): bytes no page needs', async () => {
    const french = await loadTranslator('fr-CA');
    expect(french.t(EMAIL_MESSAGES.resetSubject)).toBe(EMAIL_MESSAGES.resetSubject);
    expect(french.t(LABEL_MESSAGES.shipTo)).toBe(LABEL_MESSAGES.shipTo);
  });
});
