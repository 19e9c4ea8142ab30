import { EMAIL_MESSAGES, LABEL_MESSAGES } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import englishMessages from 'virtual:i18n-catalog/en';
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

  it('ships English messages compiled only where a plain fill would not write them (first-load bytes)', async () => {
    const plural = 'Subtotal ({count, plural, one {# item} other {# items}})';
    const filled = 'Only {count} left in stock of {name}.';
    expect(Object.keys(englishMessages)).toContain(plural);
    expect(Object.keys(englishMessages)).not.toContain(filled);

    expect(englishTranslator.t(plural, { count: 1 })).toBe('Subtotal (1 item)');
    expect(englishTranslator.t(plural, { count: 3 })).toBe('Subtotal (3 items)');
    expect(englishTranslator.t(filled, { count: 2, name: 'Cozy sweater' })).toBe(
      'Only 2 left in stock of Cozy sweater.',
    );
    const french = await loadTranslator('fr-CA');
    expect(french.t(filled, { count: 2, name: 'Chandail douillet' })).toBe(
      'Plus que 2 en stock pour Chandail douillet.',
    );
  });
});
