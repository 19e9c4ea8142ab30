import { compileMessage } from '@lingui/message-utils/compileMessage';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTranslator } from './translator';

afterEach(() => vi.restoreAllMocks());

describe('a translator over compiled messages (the web build’s)', () => {
  it('gives a message without arguments as its text, and fills the arguments of the others', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const french = createTranslator('fr-CA', {
      Menswear: 'Hommes',
      'Page {n}': compileMessage('Page {n}'),
    });
    expect(french.t('Menswear')).toBe('Hommes');
    expect(french.t('Page {n}', { n: 2 })).toBe('Page 2');
    expect(french.t('Not in the catalog')).toBe('Not in the catalog');
    expect(warn).not.toHaveBeenCalled();
  });
});
