import type { Container } from '../types.js';
import type { DialectParser } from './dialect.js';
import { docfxTagNode, docfxTagSyntax } from './docfx-tags.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';
import {
  bodyIndented,
  type PairedTagLines,
  pairTagLines,
  type TagLine,
  type TagLineRules,
  tagAttributes,
} from './tag-lines.js';

/**
 * The DocFX dialect (Microsoft Learn): its paired `:::` lines read as containers whose body is
 * markdown — zone pivots (`::: zone pivot="windows"` … `::: zone-end`), monikers
 * (`::: moniker range=">=net-8.0"` … `::: moniker-end`), rows and columns (`:::row:::` …
 * `:::row-end:::`, `:::column span="2":::` … `:::column-end:::`) and complex images
 * (`:::image type="complex" …:::` … `:::image-end:::`) — and tab groups: a heading that links to
 * `#tab/id` (`# [Bash](#tab/bash)`) opens a tab that runs to the next tab heading, a heading of
 * its level or higher, a `---` line, the end of what encloses it or of the document, and every
 * piece of it starts with its heading. Tags inside text (`:::image …:::`, `:::code …:::`,
 * `[!INCLUDE [title](path)]`, `[!code-csharp[](path)]`) are atoms (`docfx-tags.ts`). A tag
 * whose pair is not in the document stays as written.
 *
 * @returns
 *   The parser.
 */
export function docfxParser(): DialectParser {
  return {
    micromark: [docfxTagSyntax()],
    mdast: [docfxTagNode.fromMarkdown],
    toMarkdown: [docfxTagNode.toMarkdown],
    detect: (source) => mayHoldDocfx(source.text) && showsDocfx(source),
    scan: (source) => (mayHoldDocfx(source.text) ? scanDocfx(source).scanned : []),
    spans: (source) => (mayHoldDocfx(source.text) ? scanDocfx(source).spans : []),
  };
}

/** Whether a text may hold DocFX syntax at all (a quick test before the line scan). */
function mayHoldDocfx(markdown: string): boolean {
  return markdown.includes(':::') || markdown.includes('#tab/') || markdown.includes('[!');
}

/** An inline DocFX tag: `[!INCLUDE [x](y)]`, `[!code-cs[](y)]`, `:::image …:::`, `:::code …:::`. */
const inlineTag =
  /\[![A-Za-z][\w-]*[ \t]*\[[^\]\n]*\]\([^)\n]*\)[ \t]*\]|:::[A-Za-z][\w-]*[ \t][^\n]*?:::/;

/**
 * Whether a document shows DocFX: a pair of its `:::` lines, a tab heading, or one of its tags
 * inside text, outside code.
 */
function showsDocfx(source: SourceText): boolean {
  const found = scanDocfx(source);
  if (found.scanned.length > 0) return true;
  if (!inlineTag.test(source.text)) return false;
  const lines = source.lines();
  return lines.some(
    (line, index) =>
      !line.code && inlineTag.test(line.text) && notIndentedCode(lines, index, source.text),
  );
}

/**
 * Whether a line is not indented code: indented less than 4 columns, or less than 4 past the
 * content of the list item it is in (Microsoft Learn's steps: `1. Select the template.`, then
 * `    :::image … :::` under it).
 */
function notIndentedCode(lines: readonly SourceLine[], index: number, markdown: string): boolean {
  const line = lines[index] as SourceLine;
  if (line.indent < 4) return true;
  // The column of the nearest line further left, and up from there the item's first line at that
  // column (its marker counted in its indent), if the line is in an item.
  let column: number | undefined;
  for (let at = index - 1; at >= 0; at--) {
    const before = lines[at] as SourceLine;
    if (before.blank || before.indent >= line.indent) continue;
    column ??= before.indent;
    if (before.indent < column || column === 0) return false;
    if (/[-+*]|\d[.)]/.test(markdown.slice(before.start, before.textStart))) {
      return line.indent < column + 4;
    }
  }
  return false;
}

/** `::: zone pivot="x"`, `::: moniker-end`, `:::row:::`, `:::column span="2":::`, `:::image-end:::`. */
const colonTag = /^:::[ \t]*([A-Za-z][\w-]*)(.*?)[ \t]*$/;
/** The tags that pair (the others, `:::code`, `:::no-loc`, `:::video`, are atoms in text). */
const paired = new Set(['zone', 'moniker', 'row', 'column', 'image']);
/** A tab heading: `# [Bash](#tab/bash)`, `### <a name="cli"></a>[CLI](#tab/cli/linux)`. */
const tabHeading =
  /^(#{1,6})[ \t]+(?:<a\s[^>]*>\s*<\/a>[ \t]*)?\[([^\]]*)\]\(#tab\/([^)\s/]+)(?:\/([^)\s]+))?\)[ \t]*#*[ \t]*$/;
/** An ATX heading's opening sequence. */
const heading = /^(#{1,6})(?:[ \t]|$)/;

/** The rules of DocFX's tag lines for the paired-tag-line engine. */
const docfxRules: TagLineRules = {
  firstChars: [58, 35, 45],
  read: tagLine,
  container: containerOf,
};

/**
 * The paired DocFX lines of a document: the containers they make and the stretches they span.
 *
 * @param source
 *   The document.
 * @returns
 *   The containers (by opening line), the stretches and the unpaired tags (found once per
 *   source).
 */
export function scanDocfx(source: SourceText): PairedTagLines {
  return source.once(findDocfx);
}

function findDocfx(source: SourceText): PairedTagLines {
  const markdown = source.text;
  const found = pairTagLines(source, docfxRules);
  for (const each of found.scanned) {
    if (
      each.close &&
      each.container.name !== 'tab' &&
      bodyIndented(markdown, each.open, each.close)
    ) {
      each.body = 'dedented';
    }
  }
  return found;
}

/** The DocFX tag a line is, if it is one. */
function tagLine(
  line: SourceLine,
  lines: readonly SourceLine[],
  index: number,
): TagLine | undefined {
  const first = line.text.charCodeAt(0);
  if (first === 35) {
    // Headings only where they can be headings (not indented code).
    if (line.indent > 3) return undefined;
    const tab = tabHeading.exec(line.text);
    if (tab) {
      const rank = (tab[1] as string).length;
      return { family: 'tab', name: 'tab', role: 'open', rest: '', line, implicit: true, rank };
    }
    const other = heading.exec(line.text);
    if (!other) return undefined;
    return { family: 'tab', name: '', role: 'boundary', rest: '', line, rank: other[1]?.length };
  }
  if (first === 45) {
    // `---` after a blank line ends a tab group (after a paragraph line it underlines a heading).
    if (!/^-{3,}[ \t]*$/.test(line.text)) return undefined;
    const previous = lines[index - 1];
    if (previous && !previous.blank) return undefined;
    return { family: 'tab', name: '', role: 'boundary', rest: '', line, rank: 0 };
  }
  const match = colonTag.exec(line.text);
  if (!match) return undefined;
  const written = (match[1] as string).toLowerCase();
  const closing = written.endsWith('-end');
  const name = closing ? written.slice(0, -4) : written;
  if (!paired.has(name)) return undefined;
  // `:::row:::`, `:::column span="":::`: the colons that end the tag are no argument.
  const rest = (match[2] as string).replace(/:{3}$/, '').trim();
  if (closing)
    return rest === '' ? { family: 'docfx', name, role: 'close', rest, line } : undefined;
  // Only a complex image has a body (and an `:::image-end:::`); the others are atoms in text.
  if (name === 'image' && tagAttributes(rest).type !== 'complex') return undefined;
  return { family: 'docfx', name, role: 'open', rest, line };
}

/** What a DocFX container is, for the chunks in it: its name, attributes and title. */
function containerOf(tag: TagLine): Container {
  if (tag.family === 'tab') {
    const tab = tabHeading.exec(tag.line.text) as RegExpExecArray;
    const attributes: Record<string, string> = { tab: tab[3] as string };
    if (tab[4]) attributes.condition = tab[4];
    return { kind: 'docfx', name: 'tab', ...(tab[2] ? { title: tab[2] } : {}), attributes };
  }
  const attributes = tagAttributes(tag.rest);
  const title = attributes.title;
  return {
    kind: 'docfx',
    name: tag.name,
    ...(title ? { title } : {}),
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
}
