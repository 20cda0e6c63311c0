import type { Container } from '../types.js';
import type { DialectParser, ScannedContainer } from './dialect.js';
import { mdcInlineNode, mdcInlineSyntax } from './mdc-inline.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';
import {
  bodyIndent,
  braceAttributes,
  keepBlankAfterOpeners,
  type PairedTagLines,
  pairTagLines,
  type TagLine,
  type TagLineRules,
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
  const markdown = source.text;
  const found = pairTagLines(source, mdcRules);
  // The components still open where each one opens, outermost first (the scanned ones are in
  // document order).
  const around: ScannedContainer[] = [];
  for (const each of found.scanned) {
    const close = each.close;
    while (
      around.length > 0 &&
      ((around[around.length - 1] as ScannedContainer).close?.[1] ?? 0) < each.open[0]
    ) {
      around.pop();
    }
    // The outermost of them that holds it whole (components of other colon counts may cross).
    const outermost = close && around.find((other) => (other.close?.[1] ?? 0) >= close[1]);
    if (close && readsDedented(markdown, each, close, outermost)) {
      each.body = 'dedented';
      // The space before the closer takes part in its stand-in fence: `::` is too short for one.
      each.close = [close[0] - 1, close[1]];
    }
    if (close) around.push(each);
  }
  keepBlankAfterOpeners(markdown, found.scanned);
  return found;
}

/**
 * Whether a component's body is read again on its own, without the indentation its lines share,
 * as MDC reads a component's body (`  ::field`, its text four columns in, is text, not indented
 * code; a `:::code-group` two columns in holds fences and components of its own). Its lines then
 * stand in as code fences, the closer's with the space before it. Only where those stay in what
 * holds them: an opener after nothing but spaces, not in a list item (a fence left of an item's
 * text would end the item), which the nearest line less indented than it, or the outermost
 * component around it and the lines up to it, show.
 */
function readsDedented(
  markdown: string,
  each: ScannedContainer,
  close: [number, number],
  outermost: ScannedContainer | undefined,
): boolean {
  if (each.opener.includes('\n') || markdown.charCodeAt(close[0] - 1) !== 32) return false;
  const lineStart = markdown.lastIndexOf('\n', each.open[0] - 1) + 1;
  const column = each.open[0] - lineStart;
  if (markdown.slice(lineStart, each.open[0]).trim() !== '') return false;
  const indent = bodyIndent(markdown, each.open, close);
  if (indent === Number.POSITIVE_INFINITY || indent < Math.max(1, column)) return false;
  if (outermost) {
    const outerLine = markdown.lastIndexOf('\n', outermost.open[0] - 1) + 1;
    return (
      outerLine === outermost.open[0] &&
      !listItemLine.test(markdown.slice(outermost.open[0], each.open[0]))
    );
  }
  // At the top: the nearest line before it that is less indented is no list item.
  let end = lineStart - 1;
  while (end > 0) {
    const from = markdown.lastIndexOf('\n', end - 1) + 1;
    const line = markdown.slice(from, end);
    const lineIndent = line.length - line.trimStart().length;
    if (line.trim() !== '' && lineIndent < column) return !listItemLine.test(`\n${line}`);
    end = from - 1;
  }
  return true;
}

/** A line that starts a list item. */
const listItemLine = /(?:^|\n)[ \t>]*(?:[-+*]|\d{1,9}[.)])(?=[ \t\r\n]|$)/;

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
  const { label, braces } = labelAndAttributes(inline);
  const attributes: Record<string, string> = {};
  for (const written of braces) Object.assign(attributes, braceAttributes(written));
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

/**
 * The label (`[…]`) and the attributes (`{…}`, its quoted values may hold brackets and braces:
 * `{class="[&>div]:my-0"}`) written after a component's name, in either order.
 */
function labelAndAttributes(inline: string): { label: string | undefined; braces: string[] } {
  let label: string | undefined;
  const braces: string[] = [];
  let at = 0;
  while (at < inline.length) {
    if (inline[at] === '[') {
      const end = inline.indexOf(']', at);
      if (end === -1) break;
      label ??= inline.slice(at + 1, end).trim();
      at = end + 1;
    } else if (inline[at] === '{') {
      let quote: string | undefined;
      let end = at + 1;
      for (; end < inline.length; end++) {
        const char = inline[end];
        if (quote) {
          if (char === quote) quote = undefined;
        } else if (char === '"' || char === "'") quote = char;
        else if (char === '}') break;
      }
      braces.push(inline.slice(at + 1, end));
      at = end + 1;
    } else at++;
  }
  return { label, braces };
}
