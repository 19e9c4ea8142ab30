import postcss, { type AtRule, type ChildNode, type Rule } from 'postcss';

/**
 * A page's critical CSS (decision 031): of a built style sheet, the rules whose selectors can
 * match the classes the server-rendered page carries, and every rule that needs no class
 * (`:root`, elements, `@font-face`, `@keyframes`). The whole sheet follows once the page has
 * painted (hydrate-after-paint.js), before anything can add a class the page did not have.
 */
export interface CompiledStyleSheet {
  critical(classes: ReadonlySet<string>): string;
}

type Part =
  | { kind: 'always'; text: string }
  | { kind: 'rule'; selectors: { text: string; needs: string[] }[]; body: string }
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

/** The classes an element must carry (somewhere on the page) for the selector to match. */
function classesNeeded(selector: string): string[] {
  return [...requiredPart(selector).matchAll(/\.((?:\\.|[\w-])+)/g)].map(([, name]) =>
    name!.replace(/\\(.)/g, '$1'),
  );
}

function compileNode(node: ChildNode): Part | null {
  if (node.type === 'rule') {
    const rule = node as Rule;
    const selectors = rule.selectors.map((text) => ({ text, needs: classesNeeded(text) }));
    if (selectors.every(({ needs }) => needs.length === 0))
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

function write(parts: Part[], classes: ReadonlySet<string>): string {
  let out = '';
  for (const part of parts) {
    if (part.kind === 'always') out += part.text;
    else if (part.kind === 'rule') {
      const matching = part.selectors.filter(({ needs }) => needs.every((c) => classes.has(c)));
      if (matching.length > 0) out += matching.map(({ text }) => text).join(',') + part.body;
    } else {
      const inner = write(part.parts, classes);
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
  return { critical: (classes) => write(parts, classes) };
}

/** Every class named by an element of the HTML. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, names] of html.matchAll(/\sclass="([^"]*)"/g)) {
    for (const name of names!.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}
