import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const src = path.dirname(new URL(import.meta.url).pathname);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/**
 * A method that only stores its argument in a field: a link made after construction, which a
 * reader of the class cannot see and whose order matters (issue 40 item 2, decision 051).
 */
const SETTER = /\n\s+(?:public\s+)?(\w+)\((\w+)\??:[^{;]*\{\s*this\.\w+\s*=\s*\2;/g;

describe('how the modules are wired (decision 051)', () => {
  it('gives every service what it uses when it is built: no module has a setter for another', () => {
    const setters = sourceFiles(path.join(src, 'modules')).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(SETTER)].map(
        (match) => `${path.relative(src, file)}: ${match[1]}()`,
      ),
    );
    expect(setters).toEqual([]);
  });

  it('links no service to another in app.ts after building them', () => {
    const app = readFileSync(path.join(src, 'app.ts'), 'utf8');
    expect(app.match(/\.attach[A-Z]\w*\(/g) ?? []).toEqual([]);
  });

  it('finds a setter when one is written (the check above can fail)', () => {
    const written = `
class ItemsService {
  attachListingFees(record: ListingRecorder): void {
    this.listingFees = record;
  }
}`;
    expect([...written.matchAll(SETTER)].map((match) => match[1])).toEqual(['attachListingFees']);
  });
});
