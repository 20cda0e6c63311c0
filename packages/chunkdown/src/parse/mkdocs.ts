import type { Container } from '../types.js';
import type { DialectParser, ScannedContainer } from './dialect.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';
import {
  keepBlankAfterOpeners,
  type PairedTagLines,
  pairTagLines,
  type TagLine,
  type TagLineRules,
} from './tag-lines.js';

/**
 * The MkDocs dialect (Material for MkDocs, Python-Markdown): admonitions (`!!! note "Title"`,
 * collapsible `??? tip` and `???+ tip`) and content tabs (`=== "Tab"`), whose body is indented
 * four columns past the opener (CommonMark reads it as indented code), and PyMdown's blocks
 * (`/// note | Title` … `///`, `//// tab | Python 3.10+` … `////`, as FastAPI's and SQLModel's
 * docs write them), whose body is not indented. No micromark extension reads them: line
 * scanners find them, the parse blanks the opener (and closer) and reads the body again as
 * markdown.
 *
 * @returns
 *   The parser.
 */
export function mkdocsParser(): DialectParser {
  return {
    micromark: [],
    mdast: [],
    toMarkdown: [],
    detect: (source) =>
      (mayHaveOpeners(source.text) && scanIndented(source).length > 0) ||
      (mayHaveBlocks(source.text) && scanBlocks(source).scanned.length > 0),
    scan: (source) => {
      const indented = mayHaveOpeners(source.text) ? scanIndented(source) : [];
      if (!mayHaveBlocks(source.text)) return indented;
      const blocks = scanBlocks(source).scanned;
      if (indented.length === 0) return blocks;
      return [...indented, ...blocks].sort((a, b) => a.open[0] - b.open[0]);
    },
    spans: (source) => (mayHaveBlocks(source.text) ? scanBlocks(source).spans : []),
  };
}

function mayHaveOpeners(markdown: string): boolean {
  return markdown.includes('!!!') || markdown.includes('???') || markdown.includes('===');
}

function mayHaveBlocks(markdown: string): boolean {
  return markdown.includes('///');
}

/**
 * A PyMdown block's line: three slashes or more, then, for an opener, the block's name and
 * after `|` its argument (`/// details | Summary`); alone, a closer.
 */
const blockLine = /^(\/{3,})(?:[ \t]+([A-Za-z][\w-]*)(?:[ \t]*\|[ \t]*(.*?))?)?[ \t]*$/;

/**
 * The blocks PyMdown ships whose body is markdown: the admonitions (each type a block of its
 * own), `details`, `tab` and the captions. Other names are no block (a Rust doc comment,
 * `/// Examples`, outside code is text).
 */
const blockNames = new Set([
  'admonition',
  'details',
  'tab',
  'caption',
  'figure-caption',
  'table-caption',
  'html',
  'define',
  'note',
  'abstract',
  'info',
  'tip',
  'success',
  'question',
  'warning',
  'failure',
  'danger',
  'bug',
  'example',
  'quote',
  'attention',
  'caution',
  'error',
  'hint',
  'important',
  'seealso',
  'settings',
  'todo',
]);

/** A block's options: `key: value` lines indented four columns or more, right after its opener. */
const blockOption = /^[A-Za-z][\w-]*:/;

/** The rules of PyMdown's blocks for the paired-tag-line engine: a closer closes the innermost block of as many slashes. */
const blockRules: TagLineRules = {
  firstChars: [47],
  read: blockTag,
  container: blockContainer,
};

/**
 * The PyMdown blocks of a document (`/// note` … `///`): the containers they make and the
 * stretches they span.
 *
 * @param source
 *   The document.
 * @returns
 *   What the paired-tag-line engine finds (found once per source).
 */
export function scanBlocks(source: SourceText): PairedTagLines {
  return source.once(findBlocks);
}

function findBlocks(source: SourceText): PairedTagLines {
  const found = pairTagLines(source, blockRules);
  keepBlankAfterOpeners(source.text, found.scanned);
  return found;
}

function blockTag(
  line: SourceLine,
  lines: readonly SourceLine[],
  index: number,
  markdown: string,
): TagLine | undefined {
  if (line.indent > 3) return undefined;
  const match = blockLine.exec(line.text);
  if (!match) return undefined;
  const family = `blocks:${(match[1] as string).length}`;
  const name = match[2]?.toLowerCase();
  if (name === undefined) return { family, name: '', role: 'close', rest: '', line };
  if (!blockNames.has(name)) return undefined;
  // Options (`    type: warning`) are part of the opener, repeated on every piece.
  let last = index;
  while (last + 1 < lines.length) {
    const next = lines[last + 1] as SourceLine;
    if (next.blank || next.indent < line.indent + 4) break;
    if (!blockOption.test(markdown.slice(next.textStart, next.end))) break;
    last++;
  }
  return {
    family,
    name,
    role: 'open',
    rest: (match[3] ?? '').trim(),
    line,
    ...(last > index ? { end: (lines[last] as SourceLine).end } : {}),
  };
}

/** What a block is, for the chunks in it: a tab (its label the title), else an admonition. */
function blockContainer(tag: TagLine): Container {
  const title = tag.rest;
  return {
    kind: tag.name === 'tab' ? 'tab' : 'admonition',
    name: tag.name,
    ...(title ? { title } : {}),
  };
}

/** `!!! type "Title"`, `??? type`, `???+ type extra classes "Title"`. */
const admonition = /^(?:!!!|\?\?\?\+?)[ \t]+([\w-]+)(?:[ \t]+[\w-]+)*(?:[ \t]+"([^"]*)")?[ \t]*$/;
/** `=== "Tab"`, `===! "Tab"`, `===+ "Tab"`. */
const tab = /^===[!+]?[ \t]+"([^"]*)"[ \t]*$/;

/**
 * The admonitions and tabs of a document: an opener line (outside fenced code) whose next
 * non-blank line is indented at least four columns more.
 *
 * @param source
 *   The document.
 * @returns
 *   The containers, in document order (found once per source).
 */
export function scanIndented(source: SourceText): ScannedContainer[] {
  return source.once(findIndented);
}

function findIndented(source: SourceText): ScannedContainer[] {
  const lines = source.lines();
  const found: ScannedContainer[] = [];
  lines.forEach((line, index) => {
    if (line.code || line.blank) return;
    const container = openerOf(line.text);
    const quoted = source.text.slice(line.start, line.textStart).includes('>');
    const body = container
      ? bodyAfter(lines, index, line.indent + 4, quoted ? undefined : source.text)
      : -1;
    if (!container || body < 0) return;
    found.push({
      container,
      open: [line.textStart, line.end],
      body: 'indented',
      opener: line.text.trimEnd(),
      closer: '',
      separator: body > index + 1 ? '\n\n' : '\n',
    });
  });
  return found;
}

function openerOf(text: string): Container | undefined {
  const note = admonition.exec(text);
  if (note) {
    const title = note[2]?.trim();
    return {
      kind: 'admonition',
      name: (note[1] as string).toLowerCase(),
      ...(title ? { title } : {}),
    };
  }
  const label = tab.exec(text);
  if (label) {
    const title = label[1]?.trim();
    return { kind: 'tab', name: 'tab', ...(title ? { title } : {}) };
  }
  return undefined;
}

/**
 * The first non-blank line after line `index` when it is indented at least `indent` columns (the
 * body's first line), else -1. With `markdown` (an opener outside block quotes), the indentation
 * before a line's quote markers counts too.
 */
function bodyAfter(
  lines: readonly SourceLine[],
  index: number,
  indent: number,
  markdown: string | undefined,
): number {
  for (let next = index + 1; next < lines.length; next++) {
    const line = lines[next] as SourceLine;
    if (line.blank) continue;
    const deep =
      line.indent >= indent || (markdown !== undefined && leadingIndent(markdown, line) >= indent);
    return deep ? next : -1;
  }
  return -1;
}

/**
 * The indentation a line starts with, before any block quote marker: a body that starts with a
 * quote (`!!! note`, then `    > quoted`) is indented as the admonition's body, though the
 * line's text starts after the marker.
 */
function leadingIndent(markdown: string, line: SourceLine): number {
  let indent = 0;
  for (let at = line.start; at < line.textStart; at++) {
    const code = markdown.charCodeAt(at);
    if (code === 32) indent++;
    else if (code === 9) indent += 4 - (indent % 4);
    else break;
  }
  return indent;
}
