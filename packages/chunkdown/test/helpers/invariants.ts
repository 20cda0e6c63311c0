import type { Nodes, Root } from 'mdast';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { takeFrontmatter } from '../../src/frontmatter.js';
import type { ChunkdownOptions, SplitResult } from '../../src/index.js';
import { chunkdown } from '../../src/index.js';

const parser = unified().use(remarkParse).use(remarkGfm);

/** Parse markdown the way the library does (front matter is not content). */
export function parseMarkdown(markdown: string): Root {
  return parser.parse(takeFrontmatter(markdown).body);
}

/** Rendered text pieces of a tree (what a reader sees), one per text-bearing node. */
export function renderedTexts(tree: Nodes, into: string[] = []): string[] {
  if (tree.type === 'yaml' || (tree.type as string) === 'toml' || tree.type === 'definition')
    return into;
  if (tree.type === 'html') into.push(tree.value.replace(/&(?:#\d+|#x[0-9a-f]+|[a-z]+);/gi, ' '));
  else if ('value' in tree && typeof tree.value === 'string') into.push(tree.value);
  else if ((tree.type === 'image' || tree.type === 'imageReference') && tree.alt)
    into.push(tree.alt);
  else if ('children' in tree)
    for (const child of tree.children as Nodes[]) renderedTexts(child, into);
  return into;
}

const noSpace = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Thai}';
const wordPattern = new RegExp(`[${noSpace}]|(?:(?![${noSpace}])[\\p{L}\\p{N}])+`, 'gu');

/** Words of rendered markdown: letter/number runs, and single characters of scripts without spaces. */
export function words(markdown: string): string[] {
  return wordsOf(parseMarkdown(markdown));
}

function wordsOf(tree: Root): string[] {
  const result: string[] = [];
  for (const text of renderedTexts(tree)) {
    for (const match of text.matchAll(wordPattern)) result.push(match[0]);
  }
  return result;
}

/** Letters and digits of rendered markdown, one by one (for chunks the raw cap cut as text). */
export function letters(markdown: string): string[] {
  return words(markdown).flatMap((word) => [...word]);
}

function counts(items: string[]): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of items) map.set(item, (map.get(item) ?? 0) + 1);
  return map;
}

/** Items of `expected` that `actual` holds fewer times. */
export function missing(expected: string[], actual: string[]): string[] {
  const have = counts(actual);
  const lost: string[] = [];
  for (const [item, count] of counts(expected)) {
    const got = have.get(item) ?? 0;
    if (got < count) lost.push(`${item}×${count - got}`);
  }
  return lost;
}

/** A line without its container prefix (block quote markers, list markers, indentation). */
function stripContainers(line: string): string {
  let index = 0;
  for (;;) {
    const start = index;
    while (line[index] === ' ' || line[index] === '\t') index++;
    if (line[index] === '>') index++;
    else if (
      '*+-'.includes(line[index] ?? '') &&
      (line[index + 1] === ' ' || line[index + 1] === '\t')
    )
      index += 2;
    else {
      const digits = /^\d{1,9}[.)][ \t]/.exec(line.slice(index, index + 12));
      if (digits) index += digits[0].length;
    }
    if (index === start) return line.slice(index);
  }
}

/** Whether a chunk leaves a code fence open. */
export function hasOpenFence(markdown: string): boolean {
  let open: { char: string; length: number } | undefined;
  for (const line of markdown.split('\n')) {
    const match = /^(`{3,}|~{3,})(.*)$/.exec(stripContainers(line));
    if (!match) continue;
    const fence = match[1] as string;
    if (!open) {
      if (fence[0] === '`' && (match[2] as string).includes('`')) continue;
      open = { char: fence[0] as string, length: fence.length };
    } else if (
      fence[0] === open.char &&
      fence.length >= open.length &&
      (match[2] as string).trim() === ''
    ) {
      open = undefined;
    }
  }
  return open !== undefined;
}

/** Table rows without their header (lines like `| a | b |` outside code that no table holds). */
export function orphanRows(markdown: string): string[] {
  const rows: string[] = [];
  const lines = markdown.split('\n').map(stripContainers);
  const delimiter = (line: string | undefined) =>
    line?.includes('-') === true && /^\|?\s*:?-+:?\s*(\|\s*:?-+:?\s*)*\|?\s*$/.test(line);
  let fence: string | undefined;
  let inTable = false;
  lines.forEach((line, index) => {
    const marker = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      inTable = false;
      return;
    }
    if (fence) return;
    if (line.trim() === '') inTable = false;
    else if (delimiter(line)) inTable = true;
    else if (/^\|.*\|\s*$/.test(line) && !inTable && !delimiter(lines[index + 1])) rows.push(line);
  });
  return rows;
}

/** Destinations of the links and images of rendered markdown. */
export function linkUrls(markdown: string): string[] {
  return urlsOf(parseMarkdown(markdown));
}

function urlsOf(tree: Root): string[] {
  const urls: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image') urls.push(node.url);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return urls;
}

export interface InvariantOptions {
  /** Check that every link of the input is whole in some chunk (default true). */
  links?: boolean;
  /** Also split twice more to check determinism and `splitText` (default true). */
  repeat?: boolean;
  /** Words of the input, when the caller has them already. */
  inputWords?: string[];
}

/**
 * Split `markdown` and check the invariants of SPEC §6; returns the result, throws a readable
 * error listing every violation.
 */
export function checkInvariants(
  markdown: string,
  options: ChunkdownOptions,
  checks: InvariantOptions = {},
): SplitResult {
  const splitter = chunkdown(options);
  const result = splitter.split(markdown);
  const problems: string[] = [];
  const { chunks } = result;
  if (checks.repeat !== false) {
    const texts = splitter.splitText(markdown);
    if (JSON.stringify(texts) !== JSON.stringify(chunks.map((chunk) => chunk.text))) {
      problems.push('splitText differs from split().chunks');
    }
    if (JSON.stringify(splitter.split(markdown)) !== JSON.stringify(result))
      problems.push('not deterministic');
  }

  const length = options.lengthFunction ?? ((text: string) => text.length);
  const maxSize = options.chunkSize * (options.maxOverflowRatio ?? 1);
  let previousEnd = 0;
  let previousStart = 0;
  // Where words may be cut (the cap cut text, or the word rule allows it), compare letters.
  const cut =
    chunks.some((chunk) => chunk.cut || chunk.fallback) ||
    JSON.stringify(options.rules?.word?.split ?? '').includes('allow-split') ||
    (options.maxRawSize !== undefined &&
      markdown.split(/\s+/).some((token) => token.length > (options.maxRawSize as number) / 2));
  const allText = chunks.map((chunk) => chunk.text).join('\n\n');

  chunks.forEach((chunk, index) => {
    const where = `chunk ${index}`;
    if (chunk.text.trim() === '') problems.push(`${where}: empty`);
    if (chunk.text !== chunk.text.trim()) problems.push(`${where}: not trimmed`);
    if (options.maxRawSize !== undefined && length(chunk.text) > options.maxRawSize) {
      problems.push(`${where}: raw size ${length(chunk.text)} > cap ${options.maxRawSize}`);
    }
    if (chunk.rawSize !== length(chunk.text))
      problems.push(`${where}: rawSize ${chunk.rawSize} is wrong`);
    if (
      !options.lengthFunction &&
      !options.overlap &&
      chunk.contentSize > maxSize &&
      !chunk.overflow &&
      !chunk.cut
    ) {
      problems.push(`${where}: content ${chunk.contentSize} > ${maxSize} without a reason`);
    }
    if (hasOpenFence(chunk.text)) problems.push(`${where}: open code fence`);
    const orphans = orphanRows(chunk.text);
    if (orphans.length > 0 && !chunk.cut)
      problems.push(`${where}: orphan table rows ${orphans.slice(0, 2).join(' / ')}`);
    if (!(chunk.start >= 0 && chunk.start <= chunk.end && chunk.end <= markdown.length)) {
      problems.push(`${where}: bad range ${chunk.start}-${chunk.end}`);
    }
    if (chunk.start < previousStart) problems.push(`${where}: starts before the previous chunk`);
    if (!options.overlap && chunk.start < previousEnd && !chunk.cut) {
      problems.push(
        `${where}: range ${chunk.start}-${chunk.end} overlaps the previous (…${previousEnd})`,
      );
    }
    previousStart = chunk.start;
    previousEnd = chunk.end;
  });

  // One parse of all chunks serves the word and link checks.
  const chunkTree = parser.parse(allText);
  const chunkWords = wordsOf(chunkTree);
  if (!cut) {
    const lost = missing(checks.inputWords ?? words(markdown), chunkWords);
    if (lost.length > 0) problems.push(`lost words: ${lost.slice(0, 12).join(', ')}`);
  } else {
    const lost = missing(
      letters(markdown),
      chunkWords.flatMap((word) => [...word]),
    );
    if (lost.length > 0) problems.push(`lost letters: ${lost.slice(0, 12).join(', ')}`);
  }
  if (checks.links !== false && !cut) {
    const lostLinks = missing(linkUrls(markdown), urlsOf(chunkTree));
    if (lostLinks.length > 0)
      problems.push(`lost or broken links: ${lostLinks.slice(0, 5).join(', ')}`);
  }

  if (problems.length > 0) {
    throw new Error(
      `${problems.length} invariant violation(s) with ${JSON.stringify(options)}:\n- ${problems.slice(0, 20).join('\n- ')}`,
    );
  }
  return result;
}
