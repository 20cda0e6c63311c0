import type { Container } from '../types.js';
import { literalFenceLength } from './containers.js';
import type { ScannedContainer } from './dialect.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';

/**
 * The engine for dialects whose containers are paired tag lines, each alone on its line: template
 * languages (`{% hint %}` … `{% endhint %}`, `{{< note >}}` … `{{< /note >}}`), DocFX
 * (`::: zone pivot="x"` … `::: zone-end`), MyST colon fences. A dialect gives rules (what a line
 * is, which blocks are literal, what container a pair makes); the engine pairs the lines, keeps
 * fenced code and literal blocks out, and gives the containers and the stretches they span.
 *
 * Pairing: a closing line closes the innermost open tag of its family and name (a closer without
 * a name, `:::`, the innermost open tag of its family); tags opened inside it and never closed
 * stay lines of text. A tag whose pair is not in the document is a line of text, no more.
 */

/** A line that is a tag. */
export interface TagLine {
  /** Tags pair only within a family (`liquid`, `hugo`, `docfx`, `myst:4`). */
  family: string;
  /** The tag's name, as the rules normalize it (`tab`, `zone`); `''` for a closer of any name. */
  name: string;
  /**
   * `open` and `close` pair; `single` is a tag that stands alone (`{{< tab title="x" />}}`) and
   * opens nothing; `boundary` is a line that is no tag but ends the open implicit tags of its
   * family whose rank is at least its own (a heading ends DocFX tabs of its level and deeper).
   */
  role: 'open' | 'close' | 'single' | 'boundary';
  /** What follows the name (attributes, arguments). */
  rest: string;
  /**
   * How a Hugo shortcode is delimited: `<` (`{{< tab >}}`, its body raw) or `%` (`{{% tab %}}`,
   * its body markdown).
   */
  delimiter?: '<' | '%' | undefined;
  /** The line. */
  line: SourceLine;
  /**
   * Where the opener ends, when it runs over more lines than its first (MyST's `:key: value`
   * option lines): the offset of the end of its last line. The opener is then those lines, each
   * after the first without the block quote markers and indentation its first line has.
   */
  end?: number | undefined;
  /**
   * Where the tag's text starts, when it is one of several tags on its line
   * (`{{% /tab %}} {{% tab "b" %}}`); its `end` then ends it. Default: the line's text start.
   */
  start?: number | undefined;
  /**
   * The top-level list items of the body are rows (MyST's `{list-table}`): each is kept whole,
   * as a table row is.
   */
  rows?: boolean | undefined;
  /**
   * Whether an opening tag may end without a closing line (DocFX's tab headings): where the
   * next tag of its family with no higher rank opens, a `boundary` of that rank comes, an
   * enclosing tag closes or the document ends, it is a container with no closer (`''`).
   */
  implicit?: boolean | undefined;
  /** The rank of an implicit tag or a boundary (a heading's level); `0` when not given. */
  rank?: number | undefined;
  /**
   * The tags an implicit one is a branch of (`{% else %}` of `if`, `unless`, `for`, `case`): it
   * opens only right inside one of them (else it is a line of text), and it ends where that
   * tag closes; when that tag never closes, it is a line of text too.
   */
  within?: readonly string[] | undefined;
}

/** What a dialect of paired tag lines says about its lines. */
export interface TagLineRules {
  /**
   * The tag a line is, if it is one (or the tags, in order, of a line made only of tags). Only
   * lines outside fenced code are offered (unless {@link TagLineRules.codeLines} says
   * otherwise), and only those whose text starts with one of {@link TagLineRules.firstChars}.
   */
  read(
    line: SourceLine,
    lines: readonly SourceLine[],
    index: number,
    markdown: string,
  ): TagLine | readonly TagLine[] | undefined;
  /** Character codes a tag line's text may start with (a quick test before `read`). */
  firstChars: readonly number[];
  /** Whether a code fence line may be a tag (MyST's ```` ```{note} ````): then `read` is offered it. */
  codeLines?: boolean | undefined;
  /**
   * Whether an opening tag starts a literal block (`{% raw %}`, `{% highlight %}`, a Docsy code
   * tab), given the innermost tag open around it: no tag inside it counts, up to its closer.
   */
  literal?(tag: TagLine, parent: TagLine | undefined): boolean;
  /** The container a pair makes, from its opening tag. */
  container(opener: TagLine): Container;
}

/** What {@link pairTagLines} finds. */
export interface PairedTagLines {
  /** The containers, by opening line. */
  scanned: ScannedContainer[];
  /** The stretches from each opening line to its closing line (containers and literal blocks). */
  spans: Array<[number, number]>;
  /** The literal blocks, opener and closer included: `{ open, close }` as tag lines. */
  literals: Array<{ open: TagLine; close: TagLine }>;
  /** Tag lines that pair with nothing (and single tags): lines of text, atoms. */
  unpaired: TagLine[];
}

/**
 * Pair the tag lines of a document.
 *
 * @param source
 *   The document.
 * @param rules
 *   The dialect's rules.
 * @returns
 *   The containers, the stretches they span, the literal blocks and the tags left unpaired.
 */
export function pairTagLines(source: SourceText, rules: TagLineRules): PairedTagLines {
  const markdown = source.text;
  const found: PairedTagLines = { scanned: [], spans: [], literals: [], unpaired: [] };
  const open: TagLine[] = [];
  const first = new Set(rules.firstChars);
  const lines = source.lines();
  // The literal block the lines are in: no tag in it counts until its closer.
  let inLiteral: TagLine | undefined;
  // End the tags open from `at` up, at `position`: implicit ones are containers ending there
  // (no closing line), the others lines of text.
  const endAbove = (at: number, position: number) => {
    for (let index = at; index < open.length; index++) {
      const tag = open[index] as TagLine;
      // A branch whose tag ends too (unclosed) is a line of text, as that tag is.
      if (!tag.implicit || (tag.within && enclosing(open, index) >= at)) {
        found.unpaired.push(tag);
        continue;
      }
      const [openStart, openEnd] = rangeOf(tag);
      found.spans.push([tag.line.start, position]);
      found.scanned.push({
        container: rules.container(tag),
        open: [openStart, openEnd],
        close: [position, position],
        body: 'fenced',
        opener: openerText(markdown, tag, openStart, openEnd),
        closer: '',
        separator: '\n',
      });
    }
    open.length = Math.min(open.length, at);
  };
  const take = (tag: TagLine) => {
    if (inLiteral) {
      if (closes(tag, inLiteral)) {
        found.literals.push({ open: inLiteral, close: tag });
        found.spans.push([inLiteral.line.start, rangeOf(tag)[1]]);
        inLiteral = undefined;
      }
      return;
    }
    if (tag.role === 'single') {
      found.unpaired.push(tag);
      return;
    }
    if (tag.role === 'boundary' || (tag.role === 'open' && tag.implicit)) {
      // The implicit tags this line ends: those on top of the stack, of its family and rank.
      let at = open.length;
      while (at > 0) {
        const top = open[at - 1] as TagLine;
        if (!top.implicit || top.family !== tag.family || (top.rank ?? 0) < (tag.rank ?? 0)) break;
        at--;
      }
      endAbove(at, tag.line.start);
      if (tag.role === 'boundary') return;
      // A branch opens only right inside a tag it is a branch of.
      const parent = open[enclosing(open, open.length)];
      if (tag.within && !(parent?.family === tag.family && tag.within.includes(parent.name))) {
        found.unpaired.push(tag);
        return;
      }
    }
    if (tag.role === 'open') {
      if (rules.literal?.(tag, open[open.length - 1])) inLiteral = tag;
      else open.push(tag);
      return;
    }
    let at = open.length - 1;
    while (at >= 0 && !closes(tag, open[at] as TagLine)) at--;
    if (at === -1) {
      found.unpaired.push(tag);
      return;
    }
    const opener = open[at] as TagLine;
    endAbove(at + 1, tag.line.start);
    open.length = at;
    const [openStart, openEnd] = rangeOf(opener);
    const [closeStart, closeEnd] = rangeOf(tag);
    found.spans.push([opener.line.start, closeEnd]);
    found.scanned.push({
      container: rules.container(opener),
      open: [openStart, openEnd],
      close: [closeStart, closeEnd],
      body: 'fenced',
      opener: openerText(markdown, opener, openStart, openEnd),
      closer: markdown.slice(closeStart, closeEnd).trimEnd(),
      separator: '\n',
      ...(opener.rows ? { rows: true } : {}),
    });
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as SourceLine;
    if (line.blank || !first.has(line.text.charCodeAt(0))) continue;
    if (line.code && !rules.codeLines) {
      if (inLiteral && closesInCode(line, lines, index, markdown, rules, inLiteral)) {
        found.unpaired.push(inLiteral);
        inLiteral = undefined;
      }
      continue;
    }
    const read = rules.read(line, lines, index, markdown);
    if (!read) continue;
    const tags: readonly TagLine[] = Array.isArray(read) ? read : [read as TagLine];
    for (const tag of tags) take(tag);
    // An opener over more lines: its other lines are no tags.
    const last = tags[tags.length - 1];
    if (last?.end !== undefined) {
      while (index + 1 < lines.length && (lines[index + 1] as SourceLine).end <= last.end) index++;
    }
  }
  endAbove(0, markdown.length);
  if (inLiteral) found.unpaired.push(inLiteral);
  found.scanned.sort((a, b) => a.open[0] - b.open[0]);
  found.spans.sort((a, b) => a[0] - b[0]);
  found.unpaired.sort((a, b) => a.line.start - b.line.start);
  return found;
}

/**
 * An opener as written: its first line's text, and the lines after it up to `end` (an opener of
 * several lines) without the prefix the first line has (its indentation in a list item, its `>`
 * markers), so that a piece written inside the same list item or block quote gets it once.
 */
function openerText(markdown: string, opener: TagLine, start: number, end: number): string {
  const first = opener.line;
  if (end <= first.end) return markdown.slice(start, end).trimEnd();
  const prefix = markdown.slice(first.start, first.textStart);
  const quotes = prefix.split('>').length - 1;
  // Columns of the prefix after its last `>` (and the space after it): the indentation to drop.
  const afterQuotes = prefix
    .slice(prefix.lastIndexOf('>') + 1)
    .replace(/^[ \t]/, quotes ? '' : '$&');
  const width = afterQuotes.length;
  const rest = markdown
    .slice(first.end, end)
    .split(/\r?\n|\r/)
    .slice(1)
    .map((raw) => {
      let line = raw;
      for (let quote = 0; quote < quotes; quote++) line = line.replace(/^[ \t]*>[ \t]?/, '');
      const indent = /^[ \t]*/.exec(line)?.[0].length ?? 0;
      return line.slice(Math.min(indent, width));
    });
  return [first.text, ...rest].join('\n').trimEnd();
}

/** The index of the innermost tag below `index` on the stack that is not implicit, or -1. */
function enclosing(open: readonly TagLine[], index: number): number {
  let at = index - 1;
  while (at >= 0 && (open[at] as TagLine).implicit) at--;
  return at;
}

/**
 * Whether a line of code closes the literal block open before it: the template language ends a
 * literal block (`{% raw %}`) at its first closer, in code or not. Such a block ends inside code
 * that it opened, so it is no block (its opener is a line of text; the closer stays code), and
 * the next opener starts afresh (Jekyll's docs have a `{% endraw %}` before a fence's closer).
 */
function closesInCode(
  line: SourceLine,
  lines: readonly SourceLine[],
  index: number,
  markdown: string,
  rules: TagLineRules,
  literal: TagLine,
): boolean {
  const read = rules.read(line, lines, index, markdown);
  const tags = read === undefined ? [] : Array.isArray(read) ? read : [read as TagLine];
  return tags.some((tag) => closes(tag, literal));
}

/** Where a tag's text is: `[start, end)`. */
function rangeOf(tag: TagLine): [number, number] {
  return [tag.start ?? tag.line.textStart, tag.end ?? tag.line.end];
}

/** Whether a closing tag closes an open one (same family; same name, or a closer of any name). */
function closes(tag: TagLine, opener: TagLine): boolean {
  return (
    tag.role === 'close' &&
    tag.family === opener.family &&
    (tag.name === '' || tag.name === opener.name)
  );
}

/**
 * Whether every line of a body that holds anything is indented four spaces or more
 * (`:::column:::` at three spaces, its text at six): CommonMark would read it as indented code
 * once the tag lines are blanked, the dialect reads it as markdown.
 *
 * @param markdown
 *   The document.
 * @param open
 *   The opener's range.
 * @param close
 *   The closer's range.
 * @returns
 *   Whether the body is indented so.
 */
export function bodyIndented(
  markdown: string,
  open: [number, number],
  close: [number, number],
): boolean {
  return bodyIndent(markdown, open, close) >= 4;
}

/**
 * The indentation (in spaces) the lines of a body that hold anything share; `Infinity` for a
 * body of blank lines only.
 *
 * @param markdown
 *   The document.
 * @param open
 *   The opener's range.
 * @param close
 *   The closer's range.
 * @returns
 *   The least indentation of its lines.
 */
export function bodyIndent(
  markdown: string,
  open: [number, number],
  close: [number, number],
): number {
  const indentAt = (lineStart: number) => {
    let at = lineStart;
    while (markdown.charCodeAt(at) === 32) at++;
    return at - lineStart;
  };
  let least = Number.POSITIVE_INFINITY;
  let at = markdown.indexOf('\n', open[1]) + 1;
  while (at > 0 && at < close[0]) {
    const end = markdown.indexOf('\n', at);
    const lineEnd = end === -1 ? markdown.length : end;
    // The closing line is no body line.
    if (lineEnd >= close[0]) break;
    if (markdown.slice(at, lineEnd).trim() !== '') least = Math.min(least, indentAt(at));
    at = lineEnd + 1;
  }
  return least;
}

/**
 * The `key="value"` attributes of a tag's arguments (`title="npm"`, `pivot='x'`, `color=red`).
 *
 * @param rest
 *   What follows the tag's name.
 * @returns
 *   The attributes, by name.
 */
export function tagAttributes(rest: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of rest.matchAll(/([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    attributes[match[1] as string] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/**
 * The attributes of a `{…}` attribute block (`{#intro .wide .note key="value"}`, as Pandoc, MDC
 * and markdown-it write them): its `key="value"` pairs, its classes as `class` (joined by spaces)
 * and its id as `id`.
 *
 * @param written
 *   What is between the braces.
 * @returns
 *   The attributes, by name.
 */
export function braceAttributes(written: string): Record<string, string> {
  const attributes = tagAttributes(written);
  const classes = [...written.matchAll(/(?:^|\s)\.([\w-]+)/g)].map((match) => match[1]);
  if (classes.length > 0) attributes.class = classes.join(' ');
  const id = /(?:^|\s)#([\w-]+)/.exec(written)?.[1];
  if (id) attributes.id = id;
  return attributes;
}

/**
 * The literal blocks of a document as scanned containers whose body is kept as code (written
 * between their own lines), those whose lines can stand in as a code block's fences: no line of
 * the body starts with such a fence, which would close it.
 *
 * @param markdown
 *   The document.
 * @param found
 *   Its tag lines, paired.
 * @param containerOf
 *   What a literal block is, from its opening tag.
 * @returns
 *   The literal blocks.
 */
export function literalBlocks(
  markdown: string,
  found: PairedTagLines,
  containerOf: (open: TagLine) => Container,
): ScannedContainer[] {
  const blocks: ScannedContainer[] = [];
  for (const { open, close } of found.literals) {
    const [openStart, openEnd] = rangeOf(open);
    const block: ScannedContainer = {
      container: containerOf(open),
      open: [openStart, openEnd],
      close: [close.line.textStart, close.line.end],
      body: 'literal',
      opener: openerText(markdown, open, openStart, openEnd),
      closer: close.line.text.trimEnd(),
      separator: '\n',
    };
    const body = markdown.slice(openEnd, close.line.start);
    const fence = '`'.repeat(literalFenceLength(block));
    if (!body.split('\n').some((line) => line.trimStart().startsWith(fence))) blocks.push(block);
  }
  return blocks;
}

/**
 * Keep the blank line a container's opener (and its options) has after it in the source: its
 * pieces are written with it (`separator`), as the source wrote them.
 *
 * @param markdown
 *   The document.
 * @param scanned
 *   Its containers (changed in place).
 */
export function keepBlankAfterOpeners(
  markdown: string,
  scanned: readonly ScannedContainer[],
): void {
  for (const each of scanned) {
    if (blankLineNext.test(markdown.slice(each.open[1], each.open[1] + 200)))
      each.separator = '\n\n';
  }
}

/** The end of a line, then a line of nothing but spaces and block quote markers. */
const blankLineNext = /^(?:\r?\n|\r)[ \t>]*(?:\r?\n|\r)/;
