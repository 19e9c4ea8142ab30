/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { registeredMessages } from '../index';
import { CATALOG_PARTS, CATALOGS } from './catalogs/index';
import { LOCALES } from './locales';
import { UNTRANSLATED_FILES, WORDS_THAT_STAY } from './untranslated';

/**
 * Issue 19's catalog check: every message the code shows is in every catalog, no catalog holds
 * a message the code no longer shows, translations keep their message's arguments, and no page
 * writes its words outside the catalog (text and labels in JSX).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const SOURCE_ROOTS = ['packages/shared/src', 'apps/api/src', 'apps/web/src'];

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(repoRoot, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory())
      return ['test', 'testing'].includes(entry.name) ? [] : sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

interface Finding {
  file: string;
  line: number;
  text: string;
}

/** Attributes a person reads or hears (screen readers): their text belongs in the catalog. */
const USER_FACING_ATTRIBUTES = new Set(['aria-label', 'placeholder', 'title', 'alt', 'label']);

function scan(file: string) {
  const source = ts.createSourceFile(
    file,
    readFileSync(path.join(repoRoot, file), 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const messages: Finding[] = [];
  const dynamic: Finding[] = [];
  const untranslated: Finding[] = [];
  const at = (node: ts.Node, text: string): Finding => ({
    file,
    line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1,
    text,
  });
  const insideFunction = (node: ts.Node) => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (ts.isFunctionLike(parent)) return true;
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = node.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : '';
      const [first] = node.arguments;
      if ((name === 't' || name === 'msg') && first) {
        if (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first)) {
          messages.push(at(first, first.text));
        } else if (ts.isTemplateExpression(first) && (name === 't' || insideFunction(node))) {
          // A message put together at run time has no id a catalog can hold: use ICU arguments.
          // (`msg` of a template at a module's top level is fine: the registry sees its text.)
          dynamic.push(at(first, first.getText()));
        }
      }
    }
    if (file.endsWith('.tsx')) {
      if (
        ts.isJsxText(node) &&
        /\p{L}/u.test(node.text) &&
        !WORDS_THAT_STAY.has(node.text.trim())
      ) {
        untranslated.push(at(node, node.text.trim()));
      }
      if (
        ts.isJsxAttribute(node) &&
        USER_FACING_ATTRIBUTES.has(node.name.getText()) &&
        node.initializer &&
        ts.isStringLiteral(node.initializer) &&
        /\p{L}/u.test(node.initializer.text) &&
        !WORDS_THAT_STAY.has(node.initializer.text)
      ) {
        untranslated.push(at(node, node.getText()));
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { messages, dynamic, untranslated };
}

const scans = SOURCE_ROOTS.flatMap(sourceFiles).map(scan);
const literalMessages = scans.flatMap((result) => result.messages);
const usedMessages = new Set([
  ...literalMessages.map((finding) => finding.text),
  ...registeredMessages(),
]);
const describeFinding = (finding: Finding) => `${finding.file}:${finding.line} ${finding.text}`;

/** The names of a message's ICU arguments ("{count}", "{n, plural, ...}"), nested ones too. */
function argumentNames(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, , format] = token;
      names.add(name);
      if (format && typeof format === 'object') {
        for (const [key, choice] of Object.entries(format)) {
          if (key !== 'offset' && Array.isArray(choice)) walk(choice as CompiledMessage);
        }
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return [...names].sort();
}

describe('the message catalogs', () => {
  it('find the messages in the code (the check reads what it should)', () => {
    expect(usedMessages.size).toBeGreaterThan(0);
    expect(usedMessages).toContain('Login failed');
  });

  it('are read whole: every file of a locale’s folder, no message in two of them', () => {
    for (const locale of LOCALES) {
      const files = readdirSync(path.join(import.meta.dirname, 'catalogs', locale))
        .filter((name) => name.endsWith('.json'))
        .map((name) => name.replace(/\.json$/, ''));
      expect(Object.keys(CATALOG_PARTS[locale]).sort(), `catalogs/${locale}/`).toEqual(
        files.sort(),
      );
      const seen = new Map<string, string>();
      const twice: string[] = [];
      for (const [part, catalog] of Object.entries(CATALOG_PARTS[locale])) {
        for (const message of Object.keys(catalog)) {
          const first = seen.get(message);
          if (first) twice.push(`${locale}: "${message}" in ${first} and ${part}`);
          seen.set(message, part);
        }
      }
      expect(twice).toEqual([]);
    }
  });

  it('hold every message the code shows, in every language', () => {
    for (const locale of LOCALES) {
      const catalog = CATALOGS[locale];
      // English needs only its ICU messages: a plain message is its own English.
      const needed = [...usedMessages].filter(
        (message) => locale !== 'en' || message.includes('{'),
      );
      expect(
        needed.filter((message) => !(message in catalog)),
        `messages missing from ${locale}`,
      ).toEqual([]);
    }
  });

  it('hold no message the code no longer shows', () => {
    for (const locale of LOCALES) {
      expect(
        Object.keys(CATALOGS[locale]).filter((message) => !usedMessages.has(message)),
        `stale messages in ${locale}`,
      ).toEqual([]);
    }
  });

  it('keep each message’s arguments in every translation, and parse', () => {
    const mismatched: string[] = [];
    for (const locale of LOCALES) {
      for (const [message, translation] of Object.entries(CATALOGS[locale])) {
        const expected = argumentNames(message).join(',');
        const actual = argumentNames(translation).join(',');
        if (expected !== actual)
          mismatched.push(`${locale}: "${message}" {${expected}} → {${actual}}`);
      }
    }
    expect(mismatched).toEqual([]);
  });

  it('are not bypassed by messages put together at run time', () => {
    expect(scans.flatMap((result) => result.dynamic).map(describeFinding)).toEqual([]);
  });
});

describe('the pages', () => {
  const untranslatedByFile = new Map(
    scans
      .filter((result) => result.untranslated.length > 0)
      .map((result) => [result.untranslated[0]!.file, result.untranslated]),
  );

  it('write no words outside the catalog (JSX text and labels)', () => {
    const leaks = [...untranslatedByFile]
      .filter(([file]) => !UNTRANSLATED_FILES.includes(file))
      .flatMap(([, findings]) => findings.map(describeFinding));
    expect(leaks).toEqual([]);
  });

  it('list as untranslated only files that still are (the list only shrinks)', () => {
    expect(UNTRANSLATED_FILES.filter((file) => !untranslatedByFile.has(file))).toEqual([]);
  });
});
