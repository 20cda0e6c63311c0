import type {
  Blockquote,
  Code,
  Definition,
  List,
  Nodes,
  Paragraph,
  Parent,
  PhrasingContent,
  Root,
  RootContent,
} from 'mdast';
import type { ContainerDirective } from 'mdast-util-directive';
import type { MdxJsxFlowElement } from 'mdast-util-mdx';
import { toString as textOf } from 'mdast-util-to-string';
import type { Point, Position } from 'unist';
import type { Container } from '../types.js';
import { lineIndex, lineStarts } from '../util/line-starts.js';
import { openerPlaceholder, type ScannedContainer } from './dialect.js';

/**
 * How a container node is written: what every piece of it starts and ends with. Kept in the
 * node's `data.chunkdownContainer` by the parse stage, for the stages after it, which then need
 * not know the dialect.
 */
export interface ContainerSyntax {
  /** What the chunks that sit in it report. */
  container: Container;
  /** The opening line (`:::note[Title]`, `::: tip`, `!!! note "Title"`, `<TabItem value="npm">`). */
  opener: string;
  /** The closing line (`:::`, `</TabItem>`); `''` for the indented forms. */
  closer: string;
  /** What every line of the body is prefixed with (`'    '` for MkDocs bodies). */
  indent: string;
  /** What comes between the opener and the body: `'\n'`, or `'\n\n'` (a blank line). */
  separator: string;
  /** What comes between the body and the closer. */
  closeSeparator: string;
  /**
   * The identifiers of the references the opener's title may make (`:::note[See [ref]]`,
   * `!!! quote "[Why?]"`): the opener is written as it was, so a chunk that sits in the container
   * needs their definitions to keep the links.
   */
  references?: readonly string[];
  /**
   * The top-level items of the list it holds are rows (MyST's `{list-table}`): each is kept whole,
   * as a table row is.
   */
  rows?: boolean;
  /**
   * The source has no closing line for it (a container of a syntax extension that the end of
   * the text, or of its indentation, ended): a segment that ends in one is read again longer.
   */
  unclosed?: true;
  /**
   * A scanner found it, line by line: its opener is read only where it starts a line (after
   * indentation and `>` markers, not after a list item's marker).
   */
  scanned?: true;
}

/**
 * The definitions of the references a node written as the source wrote it makes (a container's
 * opener, MDX kept whole): the tree stage keeps them in the node's `data.chunkdownDefinitions`,
 * for the chunks that write it.
 *
 * @param node
 *   Any node.
 * @returns
 *   The definitions, or `undefined`.
 */
export function verbatimDefinitions(node: Nodes): readonly Definition[] | undefined {
  return (node.data as { chunkdownDefinitions?: readonly Definition[] } | undefined)
    ?.chunkdownDefinitions;
}

/**
 * The container syntax of a node, when it is a docs-dialect container.
 *
 * @param node
 *   Any node.
 * @returns
 *   How it is written, or `undefined`.
 */
export function containerSyntax(node: Nodes): ContainerSyntax | undefined {
  return (node.data as { chunkdownContainer?: ContainerSyntax } | undefined)?.chunkdownContainer;
}

/**
 * The alert or callout a block quote is (`> [!NOTE]`, `> [!tip]- Title`), when it is one.
 *
 * @param node
 *   Any node.
 * @returns
 *   The container it reports, or `undefined`.
 */
export function alertOf(node: Nodes): Container | undefined {
  return (node.data as { chunkdownCallout?: Container } | undefined)?.chunkdownCallout;
}

/**
 * Blank the lines a scanner found (their text becomes spaces, or an HTML comment for the opener
 * of an indented container; line endings and offsets stay).
 *
 * @param markdown
 *   The document.
 * @param scanned
 *   The containers found.
 * @returns
 *   The text to parse.
 */
export function blankScanned(markdown: string, scanned: readonly ScannedContainer[]): string {
  if (scanned.length === 0) return markdown;
  const ranges = outsideDedented(scanned)
    .flatMap((each): Array<[number, number, string]> => {
      if (each.body === 'indented' || !each.close) {
        return [[...each.open, openerPlaceholder(each.open[1] - each.open[0])]];
      }
      if (each.body === 'fenced') {
        let opener = blankLines(markdown, each.open);
        const firstLine = firstLineEnd(markdown, each.open) - each.open[0];
        if (firstInItem(markdown, each.open[0], firstLine)) {
          // An HTML comment where it fits, else a thematic break (`::tip`: five characters).
          const standIn = firstLine >= 7 ? openerPlaceholder(firstLine) : '*'.repeat(firstLine);
          opener = standIn + opener.slice(firstLine);
        } else if (endsList(markdown, each.open[0], firstLine)) {
          opener = '*'.repeat(firstLine) + opener.slice(firstLine);
        }
        return [
          [...each.open, opener],
          [...each.close, ' '.repeat(each.close[1] - each.close[0])],
        ];
      }
      if (each.body === 'dedented') {
        // A dedented body stands in as one code block, read again on its own (`groupScanned`).
        const fence = dedentedFence(markdown, each);
        return [
          [...each.open, fence.padEnd(each.open[1] - each.open[0])],
          [...each.close, fence.padEnd(each.close[1] - each.close[0])],
        ];
      }
      // A literal block's lines stand in as the fences of a code block (the first line of an
      // opener of several lines: its other lines, MyST's options, are read as lines of the code
      // and taken off it in `groupScanned`).
      const fence = literalFenceLength(each);
      const firstLine = firstLineEnd(markdown, each.open);
      return [
        [each.open[0], firstLine, literalFence(fence, firstLine - each.open[0])],
        [...each.close, literalFence(fence, each.close[1] - each.close[0])],
      ];
    })
    // An implicit end (a DocFX tab that ends where the next line starts) blanks nothing; it may
    // start where another range starts.
    .filter(([start, end]) => end > start)
    .sort((a, b) => a[0] - b[0]);
  let text = '';
  let at = 0;
  for (const [start, end, standIn] of ranges) {
    text += markdown.slice(at, start) + standIn;
    at = end;
  }
  return text + markdown.slice(at);
}

/**
 * The length of the backtick fence a literal block's opening and closing lines stand in as: the
 * shorter of the two lines (a closing fence must be as long as the opening one).
 *
 * @param scanned
 *   A literal block.
 * @returns
 *   The length.
 */
export function literalFenceLength(scanned: ScannedContainer): number {
  const close = scanned.close ?? scanned.open;
  // The fence stands on the opener's first line.
  const open = scanned.opener.includes('\n')
    ? (scanned.opener.split('\n')[0] as string).length
    : scanned.open[1] - scanned.open[0];
  return Math.min(open, close[1] - close[0]);
}

/** Where the first line of `[start, end)` ends (before its line ending). */
function firstLineEnd(markdown: string, [start, end]: [number, number]): number {
  const match = /\r?\n|\r/.exec(markdown.slice(start, end));
  return match ? start + match.index : end;
}

/** A backtick fence of `fence` backticks, padded with spaces to `length`. */
function literalFence(fence: number, length: number): string {
  return '`'.repeat(fence) + ' '.repeat(length - fence);
}

/**
 * How a literal block (`{% raw %}` … `{% endraw %}`) is written: its `code` node keeps its
 * opening and closing lines in `data.chunkdownLiteral`, and every piece of it is written
 * between them.
 */
export interface LiteralSyntax {
  opener: string;
  closer: string;
  container: Container;
  /**
   * `'\n\n'` when the source leaves a blank line after an opener of several lines (MyST's
   * options, which a line of code starting with `:` would otherwise continue): a piece that does
   * not start the code gets one too.
   */
  separator?: string | undefined;
}

/**
 * The literal block syntax of a code node, when it is one.
 *
 * @param node
 *   Any node.
 * @returns
 *   Its opener and closer, or `undefined`.
 */
export function literalSyntax(node: Nodes): LiteralSyntax | undefined {
  return (node.data as { chunkdownLiteral?: LiteralSyntax } | undefined)?.chunkdownLiteral;
}

/**
 * Whether an opener's first line is the first line of a list item's content, under a marker alone
 * on its line (`1.`, then `   :::{figure} x`, as a piece of an item is written): blanked, it
 * would leave the item empty (an item starts with one blank line at most), so it stands in as an
 * HTML comment (or, shorter than one, a thematic break), which the item holds and
 * {@link groupScanned} takes out.
 */
function firstInItem(markdown: string, start: number, length: number): boolean {
  const lineStart = markdown.lastIndexOf('\n', start - 1) + 1;
  if (lineStart === 0 || length < 3) return false;
  const previous = markdown.slice(markdown.lastIndexOf('\n', lineStart - 2) + 1, lineStart - 1);
  return markerAlone.test(previous);
}

/**
 * Whether an opener's first line, at the start of its line, comes after a list item (the last
 * line before it that holds anything is indented or starts with a list marker): blanked, it would
 * let an indented body go on in that item, where the dialect reads the opener as ending the list.
 * It stands in as a thematic break (`***`), which ends the list and is taken out again
 * (`groupScanned`).
 */
function endsList(markdown: string, start: number, length: number): boolean {
  const lineStart = markdown.lastIndexOf('\n', start - 1) + 1;
  if (lineStart === 0 || start !== lineStart || length < 3) return false;
  let end = lineStart - 1;
  while (end > 0) {
    const from = markdown.lastIndexOf('\n', end - 1) + 1;
    const line = markdown.slice(from, end);
    if (line.trim() !== '') return /^(?:[ \t]|(?:[*+-]|\d{1,9}[.)])(?:[ \t]|\r?$))/.test(line);
    end = from - 1;
  }
  return false;
}

/** A line that is a list item's marker alone (`1.`, `-`), in block quotes or not. */
const markerAlone = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:[*+-]|\d{1,9}[.)])[ \t]*\r?$/;

/**
 * Blank an opener: its text becomes spaces; an opener of several lines (MyST's option lines)
 * keeps its line endings, and the block quote markers and indentation of its lines after the
 * first.
 */
function blankLines(markdown: string, [start, end]: [number, number]): string {
  // The block quote markers the opener's first line is in: its other lines keep as many (a `>`
  // past them is the opener's own, as in a shortcode's `>}}`).
  const lineStart = markdown.lastIndexOf('\n', start - 1) + 1;
  const markers = markdown.slice(lineStart, start).split('>').length - 1;
  const keep = (prefix: string) => {
    let seen = 0;
    return prefix.replace(/>/g, (marker) => (++seen <= markers ? marker : ' '));
  };
  return markdown
    .slice(start, end)
    .replace(/(^|\r?\n|\r)([ \t>]*)([^\r\n]*)/g, (_, eol, prefix, rest, offset) =>
      offset === 0
        ? ' '.repeat(prefix.length + rest.length)
        : eol + keep(prefix) + ' '.repeat(rest.length),
    );
}

/**
 * The scanned containers that are not inside the body of a `dedented` one (those are read with
 * its body, in a parse of their own).
 *
 * @param scanned
 *   The containers found, in document order.
 * @returns
 *   Those outside every dedented body.
 */
export function outsideDedented(scanned: readonly ScannedContainer[]): ScannedContainer[] {
  let reach = -1;
  const kept: ScannedContainer[] = [];
  for (const each of scanned) {
    if (each.open[0] < reach) continue;
    kept.push(each);
    if (each.body === 'dedented' && each.close) reach = each.close[0];
  }
  return kept;
}

/**
 * The code fence a dedented container's opening and closing lines stand in as, so that the
 * parse reads its body as one code block: backticks (or tildes, where the body has a backtick
 * fence as long), as many as the shorter of the two lines holds.
 */
function dedentedFence(markdown: string, each: ScannedContainer): string {
  const close = each.close ?? each.open;
  const length = Math.min(each.open[1] - each.open[0], close[1] - close[0]);
  const body = markdown.slice(each.open[1], close[0]);
  const longest = (char: string) =>
    Math.max(
      0,
      ...[...body.matchAll(new RegExp(`^[ \\t>]*(${char}{3,})`, 'gm'))].map(
        (m) => (m[1] as string).length,
      ),
    );
  return (longest('`') < length ? '`' : '~').repeat(length);
}

/**
 * Parses the body of an indented container (dedented: the text of the indented code block the
 * parse made of it) into a tree whose positions count from the body's start.
 */
export type BodyParser = (body: string) => Root;

/**
 * Turn what the scanned containers hold into container nodes (`containerDirective`, with
 * `data.chunkdownContainer`): for a fenced one, the blocks between its opening and closing lines
 * in the node that holds its opening line; for an indented one, the indented code block after
 * its opening line, parsed again as markdown (positions mapped back line by line). Outer
 * containers go first, so inner ones are found inside them. Changes `tree` (the parse's own).
 * A container whose lines the parse did not leave to it (an opener inside an HTML or indented code
 * block, as CommonMark reads the document) cannot be grouped: those are returned, and the document
 * must be parsed again without them (their lines were blanked for nothing).
 *
 * @param tree
 *   The tree of the blanked text.
 * @param markdown
 *   The document.
 * @param scanned
 *   The containers found, in document order.
 * @param parseBody
 *   Parses an indented body.
 * @returns
 *   The containers that could not be grouped (none when all were).
 */
export function groupScanned(
  tree: Root,
  markdown: string,
  scanned: readonly ScannedContainer[],
  parseBody: BodyParser,
): ScannedContainer[] {
  const failed: ScannedContainer[] = [];
  if (scanned.length === 0) return failed;
  const starts = lineStarts(markdown);
  const point = (offset: number): Point => {
    const line = lineIndex(starts, offset);
    return { line: line + 1, column: offset - (starts[line] as number) + 1, offset };
  };
  for (const each of outsideDedented(scanned)) {
    const [openStart, openEnd] = each.open;
    if (each.body === 'fenced') {
      splitListAt(tree, markdown, openEnd, openStart);
      const closeStart = each.close?.[0] ?? markdown.length;
      splitListAt(tree, markdown, closeStart, closeStart);
    }
    const parent = parentAt(tree, openStart);
    const children = parent.children as RootContent[];
    let first = children.findIndex((child) => startOf(child) >= openEnd);
    if (first === -1) first = children.length;
    const syntax: ContainerSyntax = {
      container: each.container,
      opener: each.opener,
      closer: each.closer,
      indent: each.body === 'indented' ? '    ' : '',
      separator: each.separator,
      closeSeparator: '\n',
      scanned: true,
    };
    const references = titleReferences(each.container.title);
    if (references.length > 0) syntax.references = references;
    if (each.rows) syntax.rows = true;
    const node: ContainerDirective = {
      type: 'containerDirective',
      name: each.container.name,
      attributes: { ...each.container.attributes },
      children: [],
      data: { chunkdownContainer: syntax } as never,
    };
    if (each.body === 'dedented') {
      // The body stood in as a fenced code block: read its text again, dedented.
      const code = children[first - 1];
      if (
        code?.type !== 'code' ||
        startOf(code) !== openStart ||
        endOf(code) !== each.close?.[1] ||
        !code.position
      ) {
        failed.push(each);
        continue;
      }
      const value = dedent(code.value);
      const body = parseBody(value);
      const bodyStart = code.position.start.line + 1;
      const at = { line: bodyStart, column: 1 };
      mapBody(body, value, { start: at, end: at }, markdown, starts);
      node.children = body.children as ContainerDirective['children'];
      node.position = { start: point(openStart), end: point(endOf(code)) };
      children.splice(first - 1, 1, node as RootContent);
      continue;
    }
    if (each.body === 'literal') {
      const code = children[first - 1];
      // An opener of several lines: its lines after the first were read as the code's first.
      const optionLines = each.opener.split('\n').length - 1;
      const lines = code?.type === 'code' ? code.value.split('\n') : [];
      if (code?.type !== 'code' || startOf(code) !== openStart || lines.length <= optionLines) {
        failed.push(each);
        continue;
      }
      const literal: LiteralSyntax = {
        opener: each.opener,
        closer: each.closer,
        container: each.container,
        ...(each.opener.includes('\n') && each.separator === '\n\n' ? { separator: '\n\n' } : {}),
      };
      code.data = { ...code.data, chunkdownLiteral: literal } as never;
      if (optionLines > 0) code.value = lines.slice(optionLines).join('\n');
      const language = each.container.attributes?.language;
      if (language) code.lang = language;
      continue;
    }
    if (each.body === 'fenced') {
      const closeStart = each.close?.[0] ?? markdown.length;
      // The opener that stood in as an HTML comment or a thematic break first in a list item
      // (`firstInItem`), or as a thematic break after one (`endsList`), goes.
      const placeholder = children[first - 1];
      if (
        (placeholder?.type === 'html' || placeholder?.type === 'thematicBreak') &&
        startOf(placeholder) === openStart
      ) {
        children.splice(first - 1, 1);
        first--;
      }
      releaseBlankedLine(tree, markdown, each.open, point);
      if (each.close) releaseBlankedLine(tree, markdown, each.close, point);
      if (insideText(tree, openStart) || insideText(tree, closeStart)) {
        failed.push(each);
        continue;
      }
      let last = first;
      while (last < children.length && endOf(children[last] as Nodes) <= closeStart) last++;
      node.children = children.slice(first, last) as ContainerDirective['children'];
      node.position = {
        start: point(openStart),
        end: point(containerEnd(each, closeStart, parent, tree)),
      };
      children.splice(first, last - first, node as RootContent);
      continue;
    }
    // The opener stood in as an HTML comment (`openerPlaceholder`): it goes.
    const placeholder = children[first - 1];
    const code = children[first];
    if (
      placeholder?.type !== 'html' ||
      startOf(placeholder) !== openStart ||
      code?.type !== 'code' ||
      code.lang ||
      !code.position
    ) {
      failed.push(each);
      continue;
    }
    children.splice(first - 1, 1);
    first--;
    const body = parseBody(code.value);
    mapBody(body, code.value, code.position, markdown, starts);
    node.children = body.children as ContainerDirective['children'];
    node.position = { start: point(openStart), end: code.position.end };
    children.splice(first, 1, node as RootContent);
  }
  return failed;
}

/**
 * Where a fenced container ends: at its closing line, or, for one that no line closes (a DocFX
 * tab, a Hugo `{{< tab >}}` run out), where the next tag or the document ends, but never past
 * the list item or block quote that holds its opener: the tab that is a list item's last part
 * ends with the item, not at the end of the document.
 */
function containerEnd(
  each: ScannedContainer,
  closeStart: number,
  parent: Parent,
  tree: Root,
): number {
  const end = each.close?.[1] ?? closeStart;
  if (each.closer !== '' || parent === tree) return end;
  return Math.min(end, endOf(parent as Nodes));
}

/** A text without the indentation all its lines that hold anything share (spaces only). */
function dedent(text: string): string {
  const lines = text.split('\n');
  let common = Number.POSITIVE_INFINITY;
  for (const line of lines) {
    if (line.trim() === '') continue;
    common = Math.min(common, line.length - line.replace(/^ +/, '').length);
  }
  if (common === 0 || common === Number.POSITIVE_INFINITY) return text;
  return lines.map((line) => (line.trim() === '' ? '' : line.slice(common))).join('\n');
}

/**
 * Give a blanked opener or closer line back to the container when an indented code block before
 * it took it: micromark ends indented code after the last line of four or more spaces, and a
 * blanked line is one, though the code's value ends before it (`    ```{warning}` indented in a
 * MyST `{note}`, right above its closing fence). Unless the line, as written, is indented as far
 * as the code's lines (then it is code, and so is the tag it holds), the code ends at its last
 * character that is not whitespace.
 */
function releaseBlankedLine(
  tree: Root,
  markdown: string,
  [start, end]: [number, number],
  point: (offset: number) => Point,
): void {
  const code = textAt(tree, start);
  if (code?.type !== 'code' || !code.position) return;
  if (columnOf(markdown, start) - columnOf(markdown, startOf(code)) >= 4) return;
  const took = endOf(code);
  // Past this line too (the next zone's blanked opener): only blank lines, when the code's own
  // lines, its value, end above this one.
  if (took > end && point(start).line < code.position.start.line + ownLines(code)) return;
  let at = start;
  while (at > startOf(code) && /\s/.test(markdown.charAt(at - 1))) at--;
  const to = point(at);
  // The list item and list that end with the code end with it.
  for (const parent of pathAt(tree, start)) {
    if (parent.position && endOf(parent as Nodes) === took) parent.position.end = to;
  }
  code.position.end = to;
}

/** How many lines an indented code block's own text takes (its value, trailing blanks aside). */
function ownLines(code: Code): number {
  return code.value.replace(/\s+$/, '').split('\n').length;
}

/** The column of `offset` on its line, after any block quote markers (tabs to multiples of 4). */
function columnOf(markdown: string, offset: number): number {
  const lineStart =
    Math.max(markdown.lastIndexOf('\n', offset - 1), markdown.lastIndexOf('\r', offset - 1)) + 1;
  const prefix = markdown.slice(lineStart, offset);
  let column = 0;
  for (const char of prefix.slice(prefix.lastIndexOf('>') + 1))
    column = char === '\t' ? column + 4 - (column % 4) : column + 1;
  return column;
}

/** Whether a node without children (text, code, HTML) holds `offset` strictly inside. */
function insideText(tree: Root, offset: number): boolean {
  return textAt(tree, offset) !== undefined;
}

/** The node without children (text, code, HTML) that holds `offset` strictly inside, if any. */
function textAt(tree: Root, offset: number): Nodes | undefined {
  return (parentAt(tree, offset).children as Nodes[]).find(
    (child) => !('children' in child) && startOf(child) < offset && offset < endOf(child),
  );
}

/**
 * Split a list at `offset` when it lies between two of its items and the tag there is not
 * indented into the item before. The lines of a paired tag are blanked for the parse, and blank
 * lines do not end a list: a list that ends a container and one that starts the next
 * (`{{% /columns %}}`, `{{% columns %}}` between them) were read as one list running across
 * both, which no container could then hold. A closing tag indented as the item's content
 * (`  {{< /note >}}` under `- item`) belongs to the item: the blanked line is only not part of
 * it, as trailing blank lines are not.
 *
 * @param tagAt
 *   An offset in the line of the tag.
 */
function splitListAt(tree: Root, markdown: string, offset: number, tagAt: number): void {
  const path = pathAt(tree, offset);
  const parent = path.at(-2);
  if (path.at(-1)?.type !== 'list' || !parent) return;
  const list = path.at(-1) as List;
  const items = list.children;
  const at = items.findIndex((item) => startOf(item) >= offset);
  const before = items[at - 1];
  const after = items[at];
  if (at <= 0 || !before?.position || !after?.position || endOf(before) > offset) return;
  const content = before.children[0]?.position?.start.column;
  if (content !== undefined && tagColumn(markdown, tagAt) >= content) return;
  const head: List = { ...list, children: items.slice(0, at) };
  const tail: List = { ...list, children: items.slice(at) };
  if (list.position) {
    head.position = { start: list.position.start, end: before.position.end };
    tail.position = { start: after.position.start, end: list.position.end };
  }
  if (list.ordered && typeof list.start === 'number') tail.start = list.start + at;
  const children = parent.children as Nodes[];
  children.splice(children.indexOf(list), 1, head, tail);
}

/** The column (1-based) where the text of the line holding `offset` starts, past indentation and quote markers. */
function tagColumn(markdown: string, offset: number): number {
  const start = markdown.lastIndexOf('\n', offset - 1) + 1;
  let at = start;
  while (at < markdown.length && /[ \t>]/.test(markdown[at] as string)) at++;
  return at - start + 1;
}

/** The deepest parent whose range holds `offset` strictly inside (the root when none does). */
function parentAt(tree: Root, offset: number): Parent {
  return pathAt(tree, offset).at(-1) as Parent;
}

/** The parents whose ranges hold `offset` strictly inside, from the root down. */
function pathAt(tree: Root, offset: number): Parent[] {
  const path: Parent[] = [tree];
  for (;;) {
    const inside = ((path.at(-1) as Parent).children as Nodes[]).find(
      (child) => 'children' in child && startOf(child) < offset && offset < endOf(child),
    );
    if (!inside) return path;
    path.push(inside as Parent);
  }
}

function startOf(node: Nodes): number {
  return node.position?.start.offset ?? 0;
}

function endOf(node: Nodes): number {
  return node.position?.end.offset ?? 0;
}

/**
 * Move the positions of a body's tree into the document: line `k` of the body is the document's
 * line `start.line + k` without its indentation (what the indented code block dropped of it).
 */
function mapBody(
  body: Root,
  value: string,
  code: Position,
  markdown: string,
  starts: readonly number[],
): void {
  const bodyStarts = lineStarts(value);
  const firstLine = code.start.line - 1;
  const dropped = bodyStarts.map((start, k) => {
    const end = k + 1 < bodyStarts.length ? (bodyStarts[k + 1] as number) - 1 : value.length;
    const written = value.slice(start, end);
    const lineStart = starts[firstLine + k] ?? markdown.length;
    const lineEnd =
      firstLine + k + 1 < starts.length ? (starts[firstLine + k + 1] as number) : markdown.length;
    const source = markdown.slice(lineStart, lineEnd).replace(/\r?\n$|\r$/, '');
    return source.endsWith(written) ? source.length - written.length : 4;
  });
  const move = (point: Point): Point => {
    const offset = point.offset ?? 0;
    const k = lineIndex(bodyStarts, offset);
    const column = offset - (bodyStarts[k] as number);
    const drop = dropped[k] ?? 4;
    const line = firstLine + k;
    return {
      line: line + 1,
      column: drop + column + 1,
      offset: (starts[line] ?? markdown.length) + drop + column,
    };
  };
  const visit = (node: Nodes) => {
    if (node.position)
      node.position = { start: move(node.position.start), end: move(node.position.end) };
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  for (const child of body.children) visit(child);
}

/**
 * Give the containers the extensions parsed their container syntax (`data.chunkdownContainer`):
 * a directive (`:::note[Title]{#id}`) its opening line as written and a closing fence of as
 * many colons, its label (the first child, a paragraph) taken out of its children into its
 * title; a JSX element with content (`<TabItem value="npm">`) its opening tag as written and a
 * closing tag. JSX elements without content are not containers (they are kept whole, as written).
 * Changes `tree` (the parse's own).
 *
 * @param tree
 *   The parsed tree.
 * @param markdown
 *   The document its positions point into.
 */
export function annotateContainers(tree: Root, markdown: string): void {
  const visit = (node: Nodes) => {
    if (!('children' in node)) return;
    if (node.type === 'containerDirective' && !containerSyntax(node))
      annotateDirective(node, markdown);
    else if (
      node.type === 'mdxJsxFlowElement' &&
      node.children.length > 0 &&
      !containerSyntax(node)
    )
      annotateElement(node, markdown);
    for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
}

function annotateDirective(node: ContainerDirective, markdown: string): void {
  const start = node.position?.start.offset;
  if (start === undefined) return;
  const lineEnd = markdown.slice(start).search(/\r?\n|\r|$/);
  const opener = markdown.slice(start, start + lineEnd).trimEnd();
  const colons = /^:+/.exec(opener)?.[0] ?? ':::';
  const label = node.children[0];
  let title: string | undefined;
  const references: string[] = [];
  if (
    label?.type === 'paragraph' &&
    (label.data as { directiveLabel?: boolean } | undefined)?.directiveLabel
  ) {
    title = textOf(label).trim();
    referencesIn(label, references);
    node.children = node.children.slice(1);
  }
  const attributes = stringAttributes(node.attributes ?? {});
  const container: Container = { kind: 'directive', name: node.name };
  if (title) container.title = title;
  if (attributes) container.attributes = attributes;
  setSyntax(node, {
    container,
    opener,
    closer: colons,
    indent: '',
    separator: '\n',
    closeSeparator: '\n',
    ...(references.length > 0 ? { references } : {}),
  });
}

/** Collect the identifiers of the references in phrasing content (a directive's label). */
function referencesIn(node: Nodes, into: string[]): void {
  if (node.type === 'linkReference' || node.type === 'imageReference') into.push(node.identifier);
  if ('children' in node) for (const child of node.children as Nodes[]) referencesIn(child, into);
}

/**
 * The identifiers a title written as plain text (`!!! quote "[Why use mike?]"`, `::: tip See
 * [ref]`) may refer to: the text of each innermost pair of brackets, normalized as mdast does
 * (whitespace collapsed, case folded). Only those the document defines are ever used.
 */
function titleReferences(title: string | undefined): string[] {
  if (!title?.includes('[')) return [];
  const found: string[] = [];
  for (const match of title.matchAll(/\[([^[\]]*\S[^[\]]*)\]/g)) {
    found.push(
      (match[1] as string)
        .replace(/[\t\n\r ]+/g, ' ')
        .trim()
        .toLowerCase()
        .toUpperCase()
        .toLowerCase(),
    );
  }
  return found;
}

function annotateElement(node: MdxJsxFlowElement, markdown: string): void {
  const start = node.position?.start.offset;
  if (start === undefined) return;
  const end = openingTagEnd(markdown, start);
  if (end === undefined) return;
  const attributes: Record<string, string> = {};
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    if (typeof attribute.value === 'string') attributes[attribute.name] = attribute.value;
    else if (attribute.value === null || attribute.value === undefined)
      attributes[attribute.name] = '';
  }
  const name = node.name ?? '';
  const container: Container = { kind: 'jsx', name };
  const title = attributes.title || attributes.label || attributes.value;
  if (title) container.title = title;
  if (Object.keys(attributes).length > 0) container.attributes = attributes;
  setSyntax(node, {
    container,
    opener: markdown.slice(start, end),
    closer: `</${name}>`,
    indent: childIndent(markdown, start, node.children[0]?.position?.start.offset),
    // As the source wrote it (with or without a blank line), so that a reader of CommonMark, for
    // whom the element and what it holds are one HTML block, reads each piece the same way.
    separator: blankBetween(markdown, end, node.children[0]?.position?.start.offset)
      ? '\n\n'
      : '\n',
    closeSeparator: blankBetween(
      markdown,
      node.children[node.children.length - 1]?.position?.end.offset,
      markdown.lastIndexOf('</', node.position?.end.offset ?? 0),
    )
      ? '\n\n'
      : '\n',
  });
}

/**
 * How much further in than its element's opening tag the source indents the element's content
 * (`<TabItem>` at column 2, its code at column 4: two spaces), so that pieces keep it: a reader of
 * CommonMark takes content indented four columns after a blank line for code, as in the source.
 */
function childIndent(markdown: string, start: number, child: number | undefined): string {
  if (child === undefined) return '';
  const column = (offset: number) => offset - (markdown.lastIndexOf('\n', offset - 1) + 1);
  const lineStart = markdown.lastIndexOf('\n', child - 1) + 1;
  if (!/^[ \t]*$/.test(markdown.slice(lineStart, child))) return '';
  const deeper = column(child) - column(start);
  return deeper > 0 && !markdown.slice(lineStart, child).includes('\t') ? ' '.repeat(deeper) : '';
}

/** Whether the source has a blank line between two offsets (yes when either is unknown). */
function blankBetween(markdown: string, from: number | undefined, to: number | undefined): boolean {
  if (from === undefined || to === undefined || to < from) return true;
  return /\n[ \t]*\r?\n/.test(markdown.slice(from, to));
}

function setSyntax(node: Parent, syntax: ContainerSyntax): void {
  node.data = { ...node.data, chunkdownContainer: syntax } as never;
}

/** The attributes that have a value, as strings; `undefined` when there are none. */
function stringAttributes(
  attributes: Record<string, string | null | undefined>,
): Record<string, string> | undefined {
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(attributes)) {
    if (typeof value === 'string') result[key] = value;
  }
  return Object.keys(result).length > 0 ? result : undefined;
}

/**
 * Where the opening tag of a JSX element that starts at `start` ends (after its `>`): attribute
 * values in quotes and expressions in braces (with strings and nested braces in them) may hold a
 * `>`.
 *
 * @param markdown
 *   The document.
 * @param start
 *   Offset of the `<`.
 * @returns
 *   The offset after the tag's `>`, or `undefined` when there is none.
 */
export function openingTagEnd(markdown: string, start: number): number | undefined {
  let depth = 0;
  let quote = '';
  for (let at = start + 1; at < markdown.length; at++) {
    const char = markdown.charAt(at);
    if (quote) {
      if (char === '\\' && depth > 0) at++;
      else if (char === quote) quote = '';
      continue;
    }
    if (char === '"' || char === "'" || (char === '`' && depth > 0)) quote = char;
    else if (char === '{') depth++;
    else if (char === '}') depth = Math.max(0, depth - 1);
    else if (char === '>' && depth === 0) return at + 1;
  }
  return undefined;
}

/**
 * Whether the text after an alert's marker is a title (`> [!tip] Faster upgrades`, then the
 * body), not the start of the body: the alert holds more than that line, the line is text alone
 * (a title cut at inline code or a link could not be repeated whole), and it is no sentence
 * (it does not end with `.`, `:`, `;` or `,`). Svelte writes a note's first sentence on its
 * marker line (`> [!NOTE] When you use \`handler.js\` …`): that is body, which a piece may cut.
 */
function isTitle(title: string, quote: Blockquote, paragraph: Paragraph, first: string): boolean {
  if (/[.:;,]$/.test(title)) return false;
  return first.includes('\n') || (paragraph.children.length === 1 && quote.children.length > 1);
}

/**
 * A GitHub alert's marker (`[!NOTE]`), or an Obsidian callout's with its fold and title
 * (`[!tip]- Title`): the type, the fold and the title are its groups.
 */
export const alertMarker = /^\[!([A-Za-z][\w-]*)\]([+-]?)(?:[ \t]+([^\n]*))?/;

/** The type of an alert marker, with a callout's fold and without its title: `[!tip]-` of `[!tip]- Title`. */
export const alertType = /^\[![A-Za-z][\w-]*\][+-]?/;

/**
 * Type the block quotes that are GitHub alerts (`> [!NOTE]`) or Obsidian callouts
 * (`> [!tip]- Title`): `data.chunkdownCallout` says which, for the chunks that sit in them. The
 * marker stays in the text (and is repeated in every piece). Changes `tree` (the parse's own).
 *
 * @param tree
 *   The parsed tree.
 */
export function typeAlerts(tree: Root): void {
  const visit = (node: Nodes) => {
    // Block quotes are flow content: no paragraph, heading or table holds one.
    if (!('children' in node) || phrasingParents.has(node.type)) return;
    if (node.type === 'blockquote') typeAlert(node);
    for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
}

/** Nodes whose children are phrasing content or table rows. */
const phrasingParents = new Set(['paragraph', 'heading', 'table', 'tableRow', 'tableCell']);

function typeAlert(quote: Blockquote): void {
  const paragraph = quote.children[0] as Paragraph | undefined;
  if (paragraph?.type !== 'paragraph') return;
  const text = paragraph.children[0] as PhrasingContent | undefined;
  if (text?.type !== 'text') return;
  const match = alertMarker.exec(text.value);
  if (!match) return;
  const container: Container = { kind: 'alert', name: (match[1] as string).toLowerCase() };
  const title = match[3]?.trim();
  if (title && isTitle(title, quote, paragraph, text.value)) container.title = title;
  quote.data = { ...quote.data, chunkdownCallout: container } as never;
}
