import type { Root } from 'mdast';
import { toString as nodeText } from 'mdast-util-to-string';
import type { Breadcrumb, Container, Frontmatter, LengthFunction } from '../types.js';
import { headingText } from '../util/heading-text.js';
import { segmentOffsets } from '../util/segmenter.js';

/** What joins the parts of a context header. */
export const headerSeparator = ' › ';

/** What comes between the header and the chunk's text in `embedText`. */
export const headerGap = '\n\n';

/** Longest title or heading in a header, in characters; longer ones are clipped with `…`. */
export const partLimit = 60;

/**
 * Longest header worth its cost, in characters: past it, the outer breadcrumbs (after the title)
 * give way to `…`, so the title and the nearest heading stay. A header of the title and the
 * nearest heading alone may be longer (two clipped parts).
 */
export const headerLimit = 100;

/** Share of `maxRawSize` a header (with the blank line after it) may take at most. */
export const headerCapShare = 0.25;

/** A document's title, and whether it is the text of its first h1 (rather than front matter). */
export interface Title {
  text: string;
  fromHeading: boolean;
}

/**
 * Makes the header of a chunk from its breadcrumbs: `''` when there is nothing to say.
 * `leading` is the heading the chunk starts with (its text and depth), if it does.
 */
export type HeaderFunction = (
  breadcrumbs: readonly Breadcrumb[],
  leading: Breadcrumb | undefined,
  containers?: readonly Container[],
) => string;

/**
 * The title of a document: its front matter `title` (a string or a number), else the text of its
 * first top-level depth-1 heading that fits on one line (a setext "heading" that spans lines is
 * most often a paragraph underlined by accident, not a title). Front matter that does not parse
 * still gives the value of a top-level `title:` line, unless it is a template (`{{ … }}`,
 * `{% … %}`): `title: {#each ...}` is not valid YAML, but it is the page's title. Whitespace is
 * collapsed.
 *
 * @param frontmatter
 *   The document's front matter, if any.
 * @param tree
 *   The normalized tree (after transforms), when the document was parsed.
 * @returns
 *   The title, or `undefined` when the document has none.
 */
export function documentTitle(
  frontmatter: Frontmatter | undefined,
  tree: Root | undefined,
): Title | undefined {
  const given = frontmatter === undefined ? undefined : frontmatterTitle(frontmatter);
  if (given !== undefined) return { text: given, fromHeading: false };
  for (const node of tree?.children ?? []) {
    if (node.type !== 'heading' || node.depth !== 1) continue;
    const text = headingText(node);
    if (text !== '' && !/[\r\n]/.test(nodeText(node).trim()))
      return { text: oneLine(text), fromHeading: true };
  }
  return undefined;
}

function frontmatterTitle(frontmatter: Frontmatter): string | undefined {
  let value: unknown = frontmatter.data?.title;
  if (frontmatter.data === undefined && frontmatter.format === 'yaml') {
    const line = /^title[ \t]*:[ \t]*(\S.*?)[ \t]*$/m.exec(frontmatter.raw)?.[1];
    if (line !== undefined && !/\{\{|\{%/.test(line)) value = line.replace(/^(["'])(.*)\1$/, '$2');
  }
  if (typeof value === 'number' && Number.isFinite(value)) value = String(value);
  if (typeof value !== 'string') return undefined;
  const title = oneLine(value);
  return title === '' ? undefined : title;
}

/**
 * Make the header function of a document: the title, then the breadcrumbs, then the containers
 * the chunk sits in ({@link containerLabel}), joined with ` › `,
 * each part on one line and clipped to {@link partLimit} characters. The title is left out when
 * the chunk starts with it or the first breadcrumb says the same (a README's `# Name` is both),
 * and, for a title taken from the first h1, when the chunk starts with or sits under another h1
 * (the title is a sibling there, not an ancestor). Past {@link headerLimit} characters, the
 * parts between the first and the last give way to one `…`. Under `maxRawSize`, the header with
 * the blank line after it takes at most {@link headerCapShare} of the cap (in the size unit), so
 * it never crowds out the chunk: parts go from the outside in, then the last one is clipped at a
 * space, and a header that cannot fit at all is left out.
 *
 * @param title
 *   The document's title, if any.
 * @param lengthFunction
 *   The size unit.
 * @param rawBudget
 *   The room a chunk has under the raw size cap, if any (`maxRawSize`, less what the model adds
 *   to every chunk).
 * @returns
 *   The header function.
 */
export function createHeader(
  title: Title | undefined,
  lengthFunction: LengthFunction,
  rawBudget: number | undefined,
): HeaderFunction {
  const titlePart = title === undefined ? '' : clip(title.text, partLimit);
  const budget = rawBudget === undefined ? undefined : Math.floor(rawBudget * headerCapShare);
  const memo = new Map<string, string>();
  return (breadcrumbs, leading, containers = []) => {
    const parts = breadcrumbs.map((crumb) => clip(oneLine(crumb.text), partLimit));
    for (const container of containers)
      parts.push(clip(oneLine(containerLabel(container)), partLimit));
    const outer = breadcrumbs[0] ?? leading;
    if (
      title !== undefined &&
      titlePart !== '' &&
      !(outer && (sameWords(outer.text, title.text) || (title.fromHeading && outer.depth === 1)))
    ) {
      parts.unshift(titlePart);
    }
    const kept = parts.filter((part) => part !== '');
    const key = kept.join('\n');
    let header = memo.get(key);
    if (header === undefined) {
      header = fitHeader(kept, lengthFunction, budget);
      memo.set(key, header);
    }
    return header;
  };
}

/**
 * What a container says in a chunk's header: its kind and title for a directive, an admonition or
 * an alert (`Note: Before you start`, `Warning`), a tab's or JSX element's title (`npm`); `''`
 * for a JSX element without one (`<Tabs>`).
 *
 * @param container
 *   A container the chunk sits in.
 * @returns
 *   Its part of the header.
 */
export function containerLabel(container: Container): string {
  const { kind, name, title } = container;
  if (kind === 'jsx' || kind === 'tab') return title ?? (kind === 'tab' ? 'Tab' : '');
  const label = name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
  return title ? `${label}: ${title}` : label;
}

/**
 * The text to embed: the header, a blank line, then the chunk's text; the text alone when the
 * header is empty.
 *
 * @param header
 *   The chunk's header.
 * @param text
 *   The chunk's text.
 * @returns
 *   `embedText`.
 */
export function embedText(header: string, text: string): string {
  return header === '' ? text : `${header}${headerGap}${text}`;
}

/**
 * The header of a chunk's `embedText`: what comes before its text.
 *
 * @param chunk
 *   A chunk.
 * @returns
 *   The header line, `''` when the chunk has none (or no `embedText`).
 */
export function headerOf(chunk: { text: string; embedText?: string | undefined }): string {
  const { embedText: embedded, text } = chunk;
  if (embedded === undefined || !embedded.endsWith(headerGap + text)) return '';
  return embedded.slice(0, embedded.length - text.length - headerGap.length);
}

/**
 * Join the parts of a header within {@link headerLimit} (the parts between the first and the
 * last give way to `…`), and within the cap's share when there is a cap (then the first part
 * goes too, and at last the nearest is clipped at a space).
 */
function fitHeader(
  parts: readonly string[],
  lengthFunction: LengthFunction,
  budget: number | undefined,
): string {
  const join = (kept: readonly string[]) => kept.join(headerSeparator);
  const inCap = (header: string) =>
    budget === undefined || lengthFunction(header + headerGap) <= budget;
  const fits = (header: string) => header.length <= headerLimit && inCap(header);
  let kept = [...parts];
  // Between the first part and the last, from the outside in: `Title › … › nearest`.
  for (let skip = 1; kept.length > 2 && !fits(join(kept)) && skip < parts.length - 1; skip++) {
    kept = [parts[0] as string, '…', ...parts.slice(skip + 1)];
  }
  // Under a tight cap, the first part goes too, then the ellipsis.
  while (kept.length > 1 && !inCap(join(kept))) kept = kept.slice(1);
  if (kept[0] === '…' && kept.length > 1) kept = kept.slice(1);
  const header = join(kept);
  if (header === '' || inCap(header)) return header;
  // One part, still too long for the cap: the longest clip of it at a space that fits, or nothing.
  for (let space = header.lastIndexOf(' '); space > 0; space = header.lastIndexOf(' ', space - 1)) {
    const clipped = `${header.slice(0, space).trimEnd()}…`;
    if (inCap(clipped)) return clipped;
  }
  return '';
}

/** Collapse whitespace (line breaks included) to single spaces, trimmed. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * Clip text to at most `limit` characters, ending in `…`: at the last space in the second half of
 * the allowance when there is one, else at a grapheme boundary (never inside a surrogate pair).
 */
function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const room = limit - 1;
  let cut = 0;
  for (const offset of segmentOffsets(text.slice(0, room + 1), 'grapheme')) {
    if (offset > room) break;
    cut = offset;
  }
  const space = text.lastIndexOf(' ', cut);
  if (space > room / 2) cut = space;
  return `${text.slice(0, cut).trimEnd()}…`;
}

/** Whether two texts have the same words, case and punctuation aside. */
function sameWords(a: string, b: string): boolean {
  const words = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim();
  return words(a) === words(b);
}
