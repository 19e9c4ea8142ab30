import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LOCALE_COOKIE, localeFromCookieHeader } from './locale-choice';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every module a file imports, following relative imports: what a bundler must load with it. */
function importsOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^(?:import|export)[^'"]*from '([^']+)'/gm)) {
    if (!specifier!.startsWith('.')) {
      seen.add(specifier!);
      continue;
    }
    importsOf(`${path.resolve(path.dirname(file), specifier!)}.ts`, seen);
  }
  return seen;
}

describe('the locale cookie', () => {
  it('reads the saved locale from a Cookie header', () => {
    expect(localeFromCookieHeader(`a=1; ${LOCALE_COOKIE}=fr-CA`)).toBe('fr-CA');
    expect(localeFromCookieHeader(`${LOCALE_COOKIE}=de`)).toBeNull();
    expect(localeFromCookieHeader(undefined)).toBeNull();
  });

  it('brings no zod along: the web app’s entry imports it, and the home page’s first load has a budget (decision 026)', () => {
    const imported = importsOf(path.join(here, 'locale-choice.ts'));
    expect(imported.has(path.join(here, 'locales.ts'))).toBe(true);
    expect([...imported].filter((name) => name === 'zod' || name.startsWith('zod/'))).toEqual([]);
  });
});
