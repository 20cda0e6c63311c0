import type { Range } from './highlight.ts';

/** A heading found in the source. */
export interface Heading {
  /** Rank, 1–6. */
  depth: number;
  /** Rendered text (markup stripped). */
  text: string;
  /** Offset of the heading's first line. */
  start: number;
  /** Offset after the heading's last line (before its line ending). */
  end: number;
}

/** A section: a heading and everything up to the next heading of the same or higher rank. */
export interface Section {
  /** `null` for the content before the first heading. */
  heading: Heading | null;
  start: number;
  end: number;
  children: Section[];
}

const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const ATX = /^( {0,3})(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const SETEXT = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const LIST_ITEM = /^ {0,3}(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;

/**
 * Find the document's top-level headings (ATX `#` and setext `===`/`---`), skipping front matter,
 * fenced code, HTML blocks, lists and blockquotes. A light scanner for the section tree; the
 * library does the real parsing.
 *
 * @param source Markdown.
 * @returns Headings in source order.
 */
export function findHeadings(source: string): Heading[] {
  const lines = splitLines(source);
  const headings: Heading[] = [];
  let index = skipFrontmatter(lines);
  let fence: { char: string; length: number } | null = null;
  let paragraph: { start: number; text: string[] } | null = null;
  let container: 'list' | 'html' | null = null;
  let previousBlank = true;

  for (; index < lines.length; index++) {
    const { text: line, start, end } = lines[index] as Line;
    const blank = line.trim() === '';
    if (fence) {
      const marker = FENCE.exec(line)?.[1];
      const rest = FENCE.exec(line)?.[2] ?? '';
      if (marker?.[0] === fence.char && marker.length >= fence.length && rest.trim() === '') {
        fence = null;
      }
      continue;
    }
    if (blank) {
      paragraph = null;
      if (container === 'html') container = null;
      previousBlank = true;
      continue;
    }
    const indent = /^ */.exec(line)?.[0].length ?? 0;
    const wasBlank = previousBlank;
    previousBlank = false;
    if (container === 'html') continue;
    if (container === 'list') {
      // A list goes on while lines are indented, are items, or are lazy paragraph lines.
      if (indent > 0 || LIST_ITEM.test(line) || (!wasBlank && !ATX.test(line))) continue;
      container = null;
    }

    const fenceMatch = FENCE.exec(line);
    if (fenceMatch && !(fenceMatch[1]?.[0] === '`' && fenceMatch[2]?.includes('`'))) {
      const marker = fenceMatch[1] as string;
      fence = { char: marker[0] as string, length: marker.length };
      paragraph = null;
      continue;
    }
    const atx = ATX.exec(line);
    if (atx) {
      const depth = (atx[2] as string).length;
      headings.push({ depth, text: inlineText(atx[3] ?? ''), start, end });
      paragraph = null;
      continue;
    }
    const setext = SETEXT.exec(line);
    if (setext && paragraph) {
      const depth = setext[1]?.[0] === '=' ? 1 : 2;
      headings.push({
        depth,
        text: inlineText(paragraph.text.join(' ')),
        start: paragraph.start,
        end,
      });
      paragraph = null;
      continue;
    }
    const interrupts =
      THEMATIC.test(line) || LIST_ITEM.test(line) || /^ {0,3}[><]/.test(line) || indent >= 4;
    if (paragraph && (!interrupts || indent >= 4)) {
      paragraph.text.push(line.trim());
      continue;
    }
    paragraph = null;
    if (indent >= 4 || THEMATIC.test(line) || line.trimStart().startsWith('>')) continue;
    if (LIST_ITEM.test(line)) {
      container = 'list';
      continue;
    }
    if (line.trimStart().startsWith('<')) {
      container = 'html';
      continue;
    }
    paragraph = { start, text: [line.trim()] };
  }
  return headings;
}

/**
 * Nest headings into sections. Content before the first heading (after any front matter) becomes
 * a section without a heading when it is not blank.
 *
 * @param source The markdown the headings were found in.
 * @param headings Headings from {@link findHeadings}.
 * @returns Top-level sections.
 */
export function sectionTree(source: string, headings: readonly Heading[]): Section[] {
  const roots: Section[] = [];
  const first = headings[0];
  // Front matter is data, not content: it does not make a section of its own.
  const lines = splitLines(source);
  const body = lines[skipFrontmatter(lines)]?.start ?? source.length;
  const preambleEnd = first ? first.start : source.length;
  if (source.slice(body, preambleEnd).trim() !== '') {
    roots.push({ heading: null, start: body, end: preambleEnd, children: [] });
  }
  const stack: Section[] = [];
  for (const heading of headings) {
    while (stack.length > 0 && (stack[stack.length - 1]?.heading?.depth ?? 0) >= heading.depth) {
      const closed = stack.pop() as Section;
      closed.end = heading.start;
    }
    const section: Section = { heading, start: heading.start, end: source.length, children: [] };
    const parent = stack[stack.length - 1];
    if (parent) parent.children.push(section);
    else roots.push(section);
    stack.push(section);
  }
  return roots;
}

/**
 * Indices of the chunks whose range intersects a section. Chunk ranges come in source order (their
 * starts and ends never decrease), so the first candidate is found by binary search.
 *
 * @param section Section.
 * @param ranges Chunk ranges, in source order.
 * @returns Indices, ascending.
 */
export function chunksIn(section: Range, ranges: readonly Range[]): number[] {
  let low = 0;
  let high = ranges.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((ranges[middle] as Range).end <= section.start) low = middle + 1;
    else high = middle;
  }
  const found: number[] = [];
  for (let index = low; index < ranges.length; index++) {
    const range = ranges[index] as Range;
    if (range.start >= section.end) break;
    if (range.end > section.start) found.push(index);
  }
  return found;
}

/**
 * Strip inline markup from heading text: links and images keep their text, code its content,
 * emphasis and escapes go.
 *
 * @param markdown Inline markdown.
 * @returns Plain text.
 */
export function inlineText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\](?:\([^)]*\)|\[[^\]]*\])?/g, '$1')
    .replace(/`+([^`]*)`+/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(\*\*|__|~~|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

interface Line {
  text: string;
  start: number;
  end: number;
}

function splitLines(source: string): Line[] {
  const lines: Line[] = [];
  const pattern = /\r\n|\r|\n/g;
  let start = 0;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    lines.push({ text: source.slice(start, match.index), start, end: match.index });
    start = match.index + match[0].length;
  }
  lines.push({ text: source.slice(start), start, end: source.length });
  return lines;
}

function skipFrontmatter(lines: readonly Line[]): number {
  const fence = lines[0]?.text.trimEnd();
  if (fence !== '---' && fence !== '+++') return 0;
  for (let index = 1; index < lines.length; index++) {
    const line = (lines[index] as Line).text.trimEnd();
    if (line === fence || (fence === '---' && line === '...')) return index + 1;
  }
  return 0;
}
