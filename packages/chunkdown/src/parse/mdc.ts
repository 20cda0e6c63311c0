import type { Container } from '../types.js';
import type { DialectParser } from './dialect.js';
import { mdcInlineNode, mdcInlineSyntax } from './mdc-inline.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';
import {
  keepBlankAfterOpeners,
  type PairedTagLines,
  pairTagLines,
  type TagLine,
  type TagLineRules,
  tagAttributes,
} from './tag-lines.js';

/**
 * The MDC dialect (Nuxt Content, Docus, `remark-mdc`): block components read as containers whose
 * body is markdown. A component opens with two colons and its name, alone on its line, maybe with
 * a label and attributes (`::note`, `::card{title="Open" icon="i-x"}`, `::alert[Heads up]`), and
 * closes with a line of two colons; components nest by indentation (`::card-group`, then
 * `  ::card` … `  ::`, then `::`), the closer ending the innermost one open. Props written as a
 * YAML block right after the opening line (`---` … `---`) are part of the opener, repeated with
 * it on every piece. Components also open with more colons (`:::template-features`), as MDC nests
 * them too; a closer ends the innermost component of as many colons. A document shows the dialect
 * by a component of two colons that pairs (more colons alone are `directive()`'s). An opener
 * whose closer is not in the document stays a line of text. Inline components (`:badge[v4.3]`,
 * `:read-more{to="/x"}`) are atoms (`mdc-inline.ts`).
 *
 * @returns
 *   The parser.
 */
export function mdcParser(): DialectParser {
  return {
    micromark: [mdcInlineSyntax()],
    mdast: [mdcInlineNode.fromMarkdown],
    toMarkdown: [mdcInlineNode.toMarkdown],
    detect: (source) =>
      mayHoldComponents(source.text) &&
      scanMdc(source).scanned.some((each) => !each.opener.startsWith(':::')),
    scan: (source) => (mayHoldComponents(source.text) ? scanMdc(source).scanned : []),
    spans: (source) => (mayHoldComponents(source.text) ? scanMdc(source).spans : []),
  };
}

/** Whether a text may hold a block component at all (a quick test before the line scan). */
function mayHoldComponents(markdown: string): boolean {
  return markdown.includes('::');
}

/**
 * An opening line: two colons or more, the name, then maybe a label (`[…]`) and attributes
 * (`{…}`), in either order.
 */
const opening = /^(:{2,})([A-Za-z$][\w$-]*)((?:\[[^\]\n]*\]|\{[^\n]*\})*)[ \t]*$/;
/** A closing line: colons alone. */
const closing = /^(:{2,})[ \t]*$/;

/**
 * The block components of a document: the containers they make (by opening line) and the
 * stretches from each opening line to its closing line.
 *
 * @param source
 *   The document.
 * @returns
 *   What the paired-tag-line engine finds with MDC's rules (found once per source).
 */
export function scanMdc(source: SourceText): PairedTagLines {
  return source.once(findMdc);
}

function findMdc(source: SourceText): PairedTagLines {
  const found = pairTagLines(source, mdcRules);
  keepBlankAfterOpeners(source.text, found.scanned);
  return found;
}

/** The rules of MDC's component lines for the paired-tag-line engine. */
const mdcRules: TagLineRules = {
  // `:`.
  firstChars: [58],
  read: componentLine,
  container: containerOf,
};

/** The component line a line is, if it is one: an opener (with its props block) or a closer. */
function componentLine(
  line: SourceLine,
  lines: readonly SourceLine[],
  index: number,
  markdown: string,
): TagLine | undefined {
  const close = closing.exec(line.text);
  if (close)
    return { family: familyOf(close[1] as string), name: '', role: 'close', rest: '', line };
  const open = opening.exec(line.text);
  if (!open) return undefined;
  const props = propsEnd(lines, index + 1);
  // The props as written (indented as they are: a key of a nested value is no prop).
  const rest = [
    open[3] as string,
    ...lines.slice(index + 2, props - 1).map((each) => markdown.slice(each.start, each.end)),
  ].join('\n');
  return {
    family: familyOf(open[1] as string),
    name: open[2] as string,
    role: 'open',
    rest,
    line,
    ...(props > index + 1 ? { end: (lines[props - 1] as SourceLine).end } : {}),
  };
}

/** Components pair by their number of colons: a closer ends the innermost one of as many. */
function familyOf(colons: string): string {
  return `mdc:${colons.length}`;
}

/**
 * Where a component's props end (the index of the first line of its body): after a block
 * between `---` lines right after the opening line, or right there when there is none.
 */
function propsEnd(lines: readonly SourceLine[], from: number): number {
  const first = lines[from];
  if (!first || first.code || first.text.trimEnd() !== '---') return from;
  for (let index = from + 1; index < lines.length; index++) {
    const line = lines[index] as SourceLine;
    if (line.text.trimEnd() === '---') return index + 1;
    if (closing.test(line.text)) break;
  }
  return from;
}

/**
 * What a component is, for the chunks in it: its name, its label (else its `title` attribute or
 * prop) as title, and its attributes (`{to="/x" .wide #intro}`) and props (`key: value` lines).
 */
function containerOf(tag: TagLine): Container {
  const [inline = '', ...props] = tag.rest.split('\n');
  const label = /\[([^\]\n]*)\]/.exec(inline)?.[1]?.trim();
  const braces = [...inline.matchAll(/\{([^\n]*?)\}(?=\[|\{|$)/g)].map((match) => match[1] ?? '');
  const attributes: Record<string, string> = {};
  for (const written of braces) {
    Object.assign(attributes, tagAttributes(written));
    const classes = [...written.matchAll(/(?:^|\s)\.([\w-]+)/g)].map((match) => match[1]);
    if (classes.length > 0) attributes.class = classes.join(' ');
    const id = /(?:^|\s)#([\w-]+)/.exec(written)?.[1];
    if (id) attributes.id = id;
  }
  // Props at the block's own indentation (`key: value`); nested values are left out.
  const indent = Math.min(...props.map((prop) => /^[ \t>]*/.exec(prop)?.[0].length ?? 0));
  for (const prop of props) {
    const match = /^([A-Za-z_$][\w$-]*):[ \t]*(.*)$/.exec(prop.slice(indent));
    const value = (match?.[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2');
    if (match && value !== '') attributes[match[1] as string] = value;
  }
  const title = label || attributes.title;
  return {
    kind: 'mdc',
    name: tag.name,
    ...(title ? { title } : {}),
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
}
