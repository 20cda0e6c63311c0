import type { Root, RootContent } from 'mdast';
import { htmlBlockTags } from '../util/html-block-tags.js';
import { lineEnd, lineIndex, lineStarts } from '../util/line-starts.js';
import { containerSyntax } from './containers.js';

/**
 * Where a document can be cut into segments that parse on their own, and how to tell from a
 * segment's tree that a cut was not one.
 *
 * A line L is a cut when the line before it is blank and L starts at column 0 with a character
 * that is not a space, a tab, `>` or the end of the line, and L does not start with a list marker
 * ({@link listMarkerEnd}; `**Bold**`, `---` or `2024 was` start fresh blocks). At such a line
 * every open container closes: a block quote needs `>`, a list item needs indentation (or a
 * marker, for a sibling item), a footnote definition four columns, and no line after a blank one
 * is a lazy continuation. No leaf block stays open either: a blank
 * line ends paragraphs, tables, HTML blocks of kinds 6 and 7 and (with L unindented) indented
 * code — except a fenced code block or an HTML block of kinds 1–5 (`<script>`, `<!--`, `<?`,
 * `<!X`, `<![CDATA[`) that is a child of the root, which run on to their closing line.
 *
 * So L starts a fresh block at the top level unless the segment before it ends inside such a
 * block, and that shows in the segment's own tree: its last top-level node is then that block,
 * running to the end of the segment ({@link openBlockAtEnd}). A segment that ends so is merged
 * with what follows, up to the block's closing line ({@link blockEnd}). The same test finds the
 * one other way the end of a segment parses differently alone: a fenced code block left open
 * inside a list item takes the blank line before L in when the text ends there, and ends before
 * it when L follows. (Whether the labels of references are defined is the only other thing one
 * segment can change in another; `labels.ts` handles that.)
 */

/**
 * The cuts of a document (see the module description), in order, without the start of the
 * document. Lines inside a fenced code block or an HTML block of kinds 1–5 whose opening line is
 * at column 0 are left out: such a block almost always belongs to the root, and then its lines are
 * no cuts. Leaving a line out is always safe (the segment only grows); a cut inside a block that
 * this misses is found out by {@link openBlockAtEnd}, so this only spares the work of merging.
 *
 * @param text
 *   The document.
 * @param starts
 *   Its line starts ({@link lineStarts}).
 * @returns
 *   Offsets of line starts.
 */
export function cutCandidates(text: string, starts: readonly number[]): number[] {
  const cuts: number[] = [];
  let previousBlank = false;
  let open: Closer | undefined;
  for (let line = 0; line < starts.length; line++) {
    const start = starts[line] as number;
    const end = lineEnd(text, starts, line);
    if (open) {
      if (open(text, start, end)) open = undefined;
      previousBlank = false;
      continue;
    }
    const code = text.charCodeAt(start);
    const blank = isBlank(text, start, end);
    if (line > 0 && previousBlank && !blank && startsFresh(text, start, end)) cuts.push(start);
    if (code === 96 || code === 126 || code === 60) open = blockOpenedBy(text, start, end);
    previousBlank = blank;
  }
  return cuts;
}

/** Whether the line `[start, end)`, after a blank line, starts a fresh root block. */
function startsFresh(text: string, start: number, end: number): boolean {
  const code = text.charCodeAt(start);
  if (code === 32 || code === 9 || code === 62) return false;
  return listMarkerEnd(text, start, end) === -1;
}

/**
 * Where the list marker that starts at `at` ends: a bullet (`-`, `+`, `*`) or up to nine digits
 * and `.` or `)`, followed by a space, a tab, a line ending or `end`; -1 when none starts there.
 *
 * @param text
 *   The document.
 * @param at
 *   Where the marker would start.
 * @param end
 *   End of the line.
 * @returns
 *   The offset after the marker, or -1.
 */
export function listMarkerEnd(text: string, at: number, end: number): number {
  const code = text.charCodeAt(at);
  let after = at;
  if (code === 45 || code === 43 || code === 42) after++;
  else {
    while (after < end && after - at < 9 && isDigit(text.charCodeAt(after))) after++;
    const delimiter = text.charCodeAt(after);
    if (after === at || (delimiter !== 46 && delimiter !== 41)) return -1;
    after++;
  }
  if (after >= end) return after;
  const next = text.charCodeAt(after);
  return next === 32 || next === 9 || isLineEnding(next) ? after : -1;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Whether the line `[start, end)` of a text has only spaces and tabs. */
function isBlank(text: string, start: number, end: number): boolean {
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (code !== 32 && code !== 9) return false;
  }
  return true;
}

/** Whether the line `[start, end)` of a text closes a block that is open. */
export type Closer = (text: string, start: number, end: number) => boolean;

/** A block that runs on to a closing line: how to find that line. */
interface OpenBlock {
  closes: Closer;
  /** Whether the opening line closes it too (`<!-- note -->`). */
  closedOnFirstLine: boolean;
}

const htmlStarts: Array<{ start: RegExp; end: RegExp }> = [
  {
    start: /^<(?:script|pre|style|textarea)(?=[\t\n\f\r >]|$)/i,
    end: /<\/(?:script|pre|style|textarea)>/i,
  },
  { start: /^<!--/, end: /-->/ },
  { start: /^<\?/, end: /\?>/ },
  { start: /^<![A-Za-z]/, end: />/ },
  { start: /^<!\[CDATA\[/, end: /\]\]>/ },
];

/**
 * How to find the closing line of the fenced code block or HTML block of kinds 1–5 that the line
 * `[start, end)` opens, read as a line at the root (up to three spaces of indentation); `undefined`
 * when it opens none, or one it closes itself (`<!-- note -->`).
 *
 * @param text
 *   The document.
 * @param start
 *   Start of the line.
 * @param end
 *   End of its content.
 * @returns
 *   The closing-line test, or `undefined`.
 */
export function blockOpenedBy(text: string, start: number, end: number): Closer | undefined {
  const block = rootBlockAt(text, start, end);
  return block && !block.closedOnFirstLine ? block.closes : undefined;
}

/**
 * Whether the line `[start, end)`, read as a line at the root (up to three spaces of
 * indentation), opens an HTML block that a blank line ends: kind 6 (a block-level tag), or kind 7
 * (a complete tag alone on its line; it cannot interrupt a paragraph, so only after a blank line).
 *
 * @param text
 *   The document.
 * @param start
 *   Start of the line.
 * @param end
 *   End of its content.
 * @param afterBlank
 *   Whether the line before is blank (or there is none).
 * @returns
 *   Whether it opens one.
 */
export function opensHtmlToBlank(
  text: string,
  start: number,
  end: number,
  afterBlank: boolean,
): boolean {
  let at = start;
  while (at < end && at - start < 3 && text.charCodeAt(at) === 32) at++;
  if (text.charCodeAt(at) !== 60) return false;
  const line = text.slice(at, end);
  const name = /^<\/?([A-Za-z][A-Za-z0-9-]*)(?=[\t >]|\/?>|$)/.exec(line)?.[1];
  if (name && htmlBlockTags.has(name.toLowerCase())) return true;
  return afterBlank && /^<\/?[A-Za-z][A-Za-z0-9-]*(?:\s[^<>]*)?\/?>[ \t]*$/.test(line);
}

/**
 * The fenced code block or HTML block of kinds 1–5 whose opening line is `[start, end)` when that
 * line stands at the root (up to three spaces of indentation), or `undefined`.
 */
function rootBlockAt(text: string, start: number, end: number): OpenBlock | undefined {
  let at = start;
  while (at < end && at - start < 3 && text.charCodeAt(at) === 32) at++;
  const code = text.charCodeAt(at);
  if (code === 96 || code === 126) {
    let run = at;
    while (run < end && text.charCodeAt(run) === code) run++;
    const length = run - at;
    if (length < 3) return undefined;
    // A backtick fence's info string has no backtick.
    if (code === 96 && text.slice(run, end).includes('`')) return undefined;
    return { closes: fenceCloser(code, length), closedOnFirstLine: false };
  }
  if (code !== 60) return undefined;
  const line = text.slice(at, end);
  for (const kind of htmlStarts) {
    const opening = kind.start.exec(line);
    if (!opening) continue;
    const rest = line.slice(opening[0].length);
    return {
      closes: (source, lineStart, lineEnd) => kind.end.test(source.slice(lineStart, lineEnd)),
      closedOnFirstLine: kind.end.test(rest),
    };
  }
  return undefined;
}

/** A closing fence: up to three spaces, at least `length` of the fence character, then spaces. */
function fenceCloser(code: number, length: number): Closer {
  return (text, start, end) => {
    let at = start;
    while (at < end && at - start < 3 && text.charCodeAt(at) === 32) at++;
    let run = at;
    while (run < end && text.charCodeAt(run) === code) run++;
    if (run - at < length) return false;
    return isBlank(text, run, end);
  };
}

/** Containers whose last child is the last block of their content (and the dialects'). */
const containers = new Set([
  'list',
  'listItem',
  'blockquote',
  'footnoteDefinition',
  'containerDirective',
  'mdxJsxFlowElement',
]);

/**
 * Whether a segment ends inside a block, as its own tree shows: a block on the path of last
 * children (the last top-level node, its last child, …) that runs past the segment's last
 * non-blank line. A block that is done ends before the blank line that ends the segment (a
 * container's end is moved back over trailing blank lines too); one that runs into it was still
 * open at the end of the text: a fenced code or HTML block (kinds 1–5) at the root, which runs on
 * in the whole document, or one inside a container, which the whole document ends before the
 * blank line (its next line is lazy) where the segment takes the blank line in. Either way the
 * segment's tree is not the document's there.
 *
 * @param tree
 *   The segment's tree.
 * @param text
 *   The segment's text (it ends with a blank line).
 * @param base
 *   The offset the tree's positions count from (0: the segment's start).
 * @returns
 *   `undefined` when the segment ends outside any block; else, when the open block is a fenced
 *   code or HTML block (kinds 1–5) at the root, how to find its closing line (`closes`).
 */
export function openBlockAtEnd(
  tree: Root,
  text: string,
  base = 0,
): { closes: Closer | undefined } | undefined {
  const last = tree.children[tree.children.length - 1];
  if (!last) return undefined;
  // The end of the last line that is not blank.
  let contentEnd = text.length;
  while (contentEnd > 0 && isSpaceOrEnding(text.charCodeAt(contentEnd - 1))) contentEnd--;
  while (contentEnd < text.length && !isLineEnding(text.charCodeAt(contentEnd))) contentEnd++;
  let open = false;
  for (let node: RootContent | undefined = last; node; ) {
    const syntax = containerSyntax(node);
    // A container of a syntax extension with no closing line may be closed by lines after it.
    if ((node.position?.end.offset ?? base) - base > contentEnd || syntax?.unclosed) open = true;
    node =
      (containers.has(node.type) || syntax) && 'children' in node
        ? (node.children[node.children.length - 1] as RootContent | undefined)
        : undefined;
  }
  if (!open) return undefined;
  let start = (last.position?.start.offset ?? base) - base;
  while (start > 0 && text.charCodeAt(start - 1) !== 10 && text.charCodeAt(start - 1) !== 13)
    start--;
  let firstEnd = start;
  while (firstEnd < text.length && !isLineEnding(text.charCodeAt(firstEnd))) firstEnd++;
  const block =
    last.type === 'code' || last.type === 'html' ? rootBlockAt(text, start, firstEnd) : undefined;
  return { closes: block?.closes };
}

function isSpaceOrEnding(code: number): boolean {
  return code === 32 || code === 9 || isLineEnding(code);
}

function isLineEnding(code: number): boolean {
  return code === 10 || code === 13;
}

/**
 * Where a block that is open at `from` ends: the start of the line after its closing line, or
 * the end of the text when it has none.
 *
 * @param text
 *   The document.
 * @param starts
 *   Its line starts.
 * @param from
 *   A line start inside the block.
 * @param closes
 *   The block's closing-line test.
 * @returns
 *   An offset.
 */
export function blockEnd(
  text: string,
  starts: readonly number[],
  from: number,
  closes: Closer,
): number {
  for (let line = lineIndex(starts, from); line < starts.length; line++) {
    if (closes(text, starts[line] as number, lineEnd(text, starts, line))) {
      return line + 1 < starts.length ? (starts[line + 1] as number) : text.length;
    }
  }
  return text.length;
}
