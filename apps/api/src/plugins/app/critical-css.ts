import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';

/**
 * A page's critical CSS (decision 031): of a built style sheet, the rules whose selectors can
 * match the classes and elements the server-rendered page carries, and every rule that needs
 * neither (`:root`, `*`, `@font-face`, `@keyframes`). The whole sheet follows once the page has
 * painted (hydrate-after-paint.js), before anything can add a class or an element the page did
 * not have.
 */
export interface CompiledStyleSheet {
  critical(page: PageVocabulary): string;
}

/** The classes and the element names (lower-case) a page's HTML carries. */
export interface PageVocabulary {
  classes: ReadonlySet<string>;
  elements: ReadonlySet<string>;
}

/** What a selector requires of the page for it to match. */
interface Needs {
  classes: string[];
  elements: string[];
}

type Part =
  | { kind: 'always'; text: string }
  | { kind: 'rule'; selectors: ({ text: string } & Needs)[]; body: string }
  | { kind: 'block'; open: string; parts: Part[] };

/** At-rules whose contents are rules to choose from (the rest are kept whole). */
const CONDITIONAL = new Set(['media', 'supports', 'container', 'layer']);
/** Pseudo-classes whose arguments a match does not require of the page. */
const FUNCTIONAL_PSEUDO = /:(?:not|is|where|has|matches|-webkit-any)\(/g;

/** The selector without the parts that do not require a class: attributes and :not()/:is(). */
function requiredPart(selector: string): string {
  let text = selector.replace(/\[[^\]]*\]/g, '');
  for (let match = FUNCTIONAL_PSEUDO.exec(text); match; match = FUNCTIONAL_PSEUDO.exec(text)) {
    let depth = 1;
    let end = match.index + match[0].length;
    for (; end < text.length && depth > 0; end++) {
      if (text[end] === '(') depth++;
      else if (text[end] === ')') depth--;
    }
    text = text.slice(0, match.index) + text.slice(end);
    FUNCTIONAL_PSEUDO.lastIndex = match.index;
  }
  return text;
}

/**
 * The classes and the element names that must be somewhere on the page for the selector to
 * match: `.a .b` needs both classes, `ul ul` a list, `input::placeholder` an input.
 */
function needsOf(selector: string): Needs {
  const required = requiredPart(selector);
  return {
    classes: [...required.matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name]) =>
      name!.replace(/\\(.)/g, '$1'),
    ),
    // A type selector starts the selector or follows a combinator; `:hover`, `.a`, `#b` do not.
    elements: [...required.matchAll(/(?:^|[\s>+~])([a-zA-Z][\w-]*)/g)].map(([, name]) =>
      name!.toLowerCase(),
    ),
  };
}

function compileNode(node: ChildNode): Part | null {
  if (node.type === 'rule') {
    const rule = node as Rule;
    const selectors = rule.selectors.map((text) => ({ text, ...needsOf(text) }));
    if (selectors.every(({ classes, elements }) => classes.length + elements.length === 0))
      return { kind: 'always', text: rule.toString() };
    return { kind: 'rule', selectors, body: rule.clone({ selector: '' }).toString().trimStart() };
  }
  if (node.type === 'atrule') {
    const atRule = node as AtRule;
    if (!atRule.nodes || !CONDITIONAL.has(atRule.name.toLowerCase()))
      return { kind: 'always', text: atRule.toString() };
    const text = atRule.toString();
    return {
      kind: 'block',
      open: text.slice(0, text.indexOf('{') + 1),
      parts: atRule.nodes.map(compileNode).filter((part): part is Part => part !== null),
    };
  }
  return null;
}

function write(parts: Part[], page: PageVocabulary): string {
  let out = '';
  for (const part of parts) {
    if (part.kind === 'always') out += part.text;
    else if (part.kind === 'rule') {
      const matching = part.selectors.filter(
        ({ classes, elements }) =>
          classes.every((name) => page.classes.has(name)) &&
          elements.every((name) => page.elements.has(name)),
      );
      if (matching.length > 0) out += matching.map(({ text }) => text).join(',') + part.body;
    } else {
      const inner = write(part.parts, page);
      if (inner) out += `${part.open}${inner}}`;
    }
  }
  return out;
}

/** Parses a style sheet once, for any number of pages. */
export function compileStyleSheet(css: string): CompiledStyleSheet {
  const parts = postcss
    .parse(css)
    .nodes.map(compileNode)
    .filter((part): part is Part => part !== null);
  return { critical: (page) => write(parts, page) };
}

/** Every class named by an element of the HTML, and every element's name. */
export function vocabularyOf(html: string): PageVocabulary {
  const classes = new Set<string>();
  for (const [, names] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of names!.split(/\s+/)) if (name) classes.add(name);
  }
  const elements = new Set<string>();
  for (const [, name] of html.matchAll(/<([a-zA-Z][\w-]*)/g)) elements.add(name!.toLowerCase());
  return { classes, elements };
}
