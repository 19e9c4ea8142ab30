import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@marketplace/shared';
import { imageBytes, multipart, sellerWithStore, validItem } from '../../../test/catalog';
import { json, setupTestApp } from '../../../test/helper';
import { inCallerLanguage } from './error-language';

// Issue 19 item 5: API errors in the caller's language (Accept-Language).

const ctx = setupTestApp();

const login = (headers: Record<string, string> = {}) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers,
    payload: { userName: 'nobody-here', password: 'wrong-password-1' },
  });

describe('API errors in the caller’s language', () => {
  it('answers in French when Accept-Language prefers French, in English otherwise', async () => {
    const french = await login({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' });
    expect(french.statusCode).toBe(401);
    expect(json(french).message).toBe('Nom d’utilisateur ou mot de passe incorrect');

    for (const headers of [
      {} as Record<string, string>,
      { 'accept-language': 'en-CA,fr;q=0.5' },
      { 'accept-language': 'de' },
    ]) {
      expect(json(await login(headers)).message).toBe(MESSAGES.incorrectCredentials);
    }
  });

  it('translates a validation message and its field messages', async () => {
    const seller = await sellerWithStore(ctx.app);
    const body = await multipart({
      itemDto: validItem({ nameFr: 'x'.repeat(121) }),
      thumbnail: { bytes: await imageBytes() },
    });
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/item',
      headers: { ...seller.headers, ...body.headers, 'accept-language': 'fr' },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(400);
    const answer = json(response);
    expect(answer.message).toBe('Le nom (français) doit compter au plus 120 caractères.');
    expect(answer.fieldErrors).toMatchObject({
      nameFr: 'Le nom (français) doit compter au plus 120 caractères.',
    });
  });

  it('keeps a message the catalog does not hold in English', () => {
    // A brand's own words (a reason it typed) reach the caller as written.
    const body = { message: 'Harbour Knits: closed for stocktaking.' };
    expect(inCallerLanguage(body, 'fr-CA')).toEqual(body);
    expect(inCallerLanguage({ message: 'Product not found.' }, 'fr-CA').message).toBe(
      'Produit introuvable.',
    );
  });
});
