import type { Container } from '../types.js';
import type { DialectParser, ScannedContainer } from './dialect.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';

/**
 * The MkDocs dialect (Material for MkDocs, Python-Markdown): admonitions (`!!! note "Title"`,
 * collapsible `??? tip` and `???+ tip`) and content tabs (`=== "Tab"`), whose body is indented
 * four columns past the opener (CommonMark reads it as indented code). No micromark extension
 * reads them: a line scanner finds them, the parse blanks the opener and reads the body (the
 * indented code) again as markdown.
 *
 * @returns
 *   The parser.
 */
export function mkdocsParser(): DialectParser {
  return {
    micromark: [],
    mdast: [],
    toMarkdown: [],
    detect: (source) => mayHaveOpeners(source.text) && scanIndented(source).length > 0,
    scan: (source) => (mayHaveOpeners(source.text) ? scanIndented(source) : []),
  };
}

function mayHaveOpeners(markdown: string): boolean {
  return markdown.includes('!!!') || markdown.includes('???') || markdown.includes('===');
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
