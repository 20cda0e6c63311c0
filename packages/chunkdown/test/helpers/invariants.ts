import type { Nodes, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { Chunk, ChunkdownOptions, SplitResult } from '../../src/index.js';
import { chunkdown } from '../../src/index.js';
import { dialectsFor } from '../../src/parse/dialect.js';
import { takeFrontmatter } from '../../src/parse/frontmatter.js';
import { parseDialects } from '../../src/parse/read-dialects.js';
import { sourceText } from '../../src/parse/source-text.js';
import { builtinSyntax } from '../../src/syntax.js';
import { displayMath, unbalancedContainers } from './containers.js';

const dialects = builtinSyntax;

const parser = unified().use(remarkParse).use(remarkGfm);

/** Parse markdown the way the library does (front matter, after a byte order mark, is not content). */
export function parseMarkdown(markdown: string): Root {
  return parser.parse(bodyOf(markdown));
}

/** The words a task list item's check counts as (no source range holds them). */
const taskChecked = 'TaskChecked';
const taskOpen = 'TaskOpen';

/** Rendered text pieces of a tree (what a reader sees), one per text-bearing node. */
export function renderedTexts(tree: Nodes, into: string[] = []): string[] {
  if (tree.type === 'yaml' || (tree.type as string) === 'toml' || tree.type === 'definition')
    return into;
  // A task list item's check is content a reader sees, though no word: count it as one.
  if (tree.type === 'listItem' && typeof tree.checked === 'boolean')
    into.push(tree.checked ? taskChecked : taskOpen);
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

/** `&#x…;` and `&#…;` replaced by the characters they stand for. */
function decodeNumericReferences(text: string): string {
  // Not inside inline code (`&#124;` there is what it renders: the spans between backticks).
  return text
    .split(/(`+[^`]*`+)/)
    .map((part, index) =>
      index % 2 === 1
        ? part
        : part.replace(/&#(x[0-9a-f]+|\d+);/gi, (reference, code: string) => {
            const point =
              code[0] === 'x' || code[0] === 'X'
                ? Number.parseInt(code.slice(1), 16)
                : Number(code);
            return point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : reference;
          }),
    )
    .join('');
}

/** Letters and digits of rendered markdown, one by one (for chunks the raw cap cut as text). */
export function letters(markdown: string): string[] {
  return words(markdown)
    .filter((word) => word !== taskChecked && word !== taskOpen)
    .flatMap((word) => [...word]);
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
  return splitContainers(line).rest;
}

/**
 * A line's container prefix, as whether it holds a list marker (and the column of the last),
 * and the rest of the line.
 */
function splitContainers(line: string): { rest: string; listMarker: boolean; column: number } {
  let index = 0;
  let listMarker = false;
  let column = -1;
  for (;;) {
    const start = index;
    while (line[index] === ' ' || line[index] === '\t') index++;
    const label = line.startsWith('[^', index)
      ? /^\[\^[^\]\s]+\]:[ \t]/.exec(line.slice(index))
      : null;
    const at = index;
    if (line[index] === '>') index++;
    else if (label) {
      // A footnote definition holds blocks as a list item does (`[^a]: \`\`\`text`).
      index += label[0].length;
      listMarker = true;
      column = at;
    } else if (
      '*+-'.includes(line[index] ?? '') &&
      (line[index + 1] === ' ' || line[index + 1] === '\t')
    ) {
      index += 2;
      listMarker = true;
      column = at;
    } else {
      const digits = /^\d{1,9}[.)][ \t]/.exec(line.slice(index, index + 12));
      if (digits) {
        index += digits[0].length;
        listMarker = true;
        column = at;
      }
    }
    if (index === start) return { rest: line.slice(index), listMarker, column };
  }
}

/** Whether a chunk leaves a code fence open. */
export function hasOpenFence(markdown: string): boolean {
  let open: { char: string; length: number; inItem: boolean; column: number } | undefined;
  for (const line of markdown.split('\n')) {
    const { rest, listMarker, column } = splitContainers(line);
    const match = /^(`{3,}|~{3,})(.*)$/.exec(rest);
    if (!match) continue;
    const fence = match[1] as string;
    // Inside open code, a line that starts a list item is code (` * \`\`\`js` in a doc comment),
    // unless the code is in a list item too and the marker is no further in than that item's:
    // then the line starts the next item, which ends it (`  +   ~~~~` under `* \`\`\`Output`,
    // PowerShell's error output, is code).
    if (open && listMarker && (!open.inItem || column > open.column)) continue;
    if (!open || listMarker) {
      if (fence[0] === '`' && (match[2] as string).includes('`')) continue;
      open = { char: fence[0] as string, length: fence.length, inItem: listMarker, column };
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

/** Destinations of a tree's links and images, references resolved by its definitions. */
function urlsOf(tree: Root): string[] {
  const urls: string[] = [];
  const defined = new Map<string, string>();
  const references: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image') urls.push(node.url);
    else if (node.type === 'linkReference' || node.type === 'imageReference')
      references.push(node.identifier);
    else if (node.type === 'definition' && !defined.has(node.identifier))
      defined.set(node.identifier, node.url);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  for (const identifier of references) {
    const url = defined.get(identifier);
    if (url !== undefined) urls.push(url);
  }
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

/** The kinds of invariant violations (SPEC §6), as the real-document report counts them. */
export type ProblemKind =
  | 'throw'
  | 'lost-words'
  | 'open-fence'
  | 'orphan-rows'
  | 'cut-links'
  | 'gained-construct'
  | 'heading-only'
  | 'front-matter'
  | 'offsets'
  | 'raw-cap'
  | 'open-container'
  | 'container-mismatch'
  | 'math-changed'
  | 'other';

/** One invariant violation. */
export interface Problem {
  kind: ProblemKind;
  message: string;
}

/** What a document holds that a chunk could gain by re-parsing as something else (invariant 7). */
interface Constructs {
  headings: Map<string, number>;
  code: string[];
  urls: Set<string>;
  definitions: Set<string>;
  tableHeaders: string[];
  hasContent: boolean;
}

function constructsOf(tree: Root): Constructs {
  const found: Constructs = {
    headings: new Map(),
    code: [],
    urls: new Set(),
    definitions: new Set(),
    tableHeaders: [],
    hasContent: false,
  };
  const visit = (node: Nodes, top: boolean) => {
    if (top && node.type !== 'heading' && node.type !== 'thematicBreak') found.hasContent = true;
    if (node.type === 'heading') {
      // A footnote reference whose definition is in another chunk re-parses as its text.
      const key = `${node.depth} ${textOf(node).replace(/\[\^[^\]\s]+\]/g, '')}`;
      found.headings.set(key, (found.headings.get(key) ?? 0) + 1);
    } else if (node.type === 'code') found.code.push(node.value);
    else if (node.type === 'link' || node.type === 'image') found.urls.add(node.url);
    else if (node.type === 'definition') {
      found.urls.add(node.url);
      found.definitions.add(node.identifier);
    } else if (node.type === 'table') {
      const header = node.children[0];
      found.tableHeaders.push(header ? header.children.map((cell) => textOf(cell)).join('|') : '');
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child, false);
  };
  for (const child of tree.children) visit(child, true);
  return found;
}

/** Constructs of a chunk that the source does not have (headings counted over all chunks). */
function gained(
  chunk: Constructs,
  source: Constructs,
  headingsSeen: Map<string, number>,
): string[] {
  const found: string[] = [];
  for (const [heading, count] of chunk.headings) {
    const seen = (headingsSeen.get(heading) ?? 0) + count;
    headingsSeen.set(heading, seen);
    if (seen > (source.headings.get(heading) ?? 0)) found.push(`heading "${heading.slice(0, 60)}"`);
  }
  // (Whitespace and emphasis markers are not told apart: MkDocs bodies are code to CommonMark,
  // and chunkdown writes their markdown normalized, `*` for `_`.)
  // (Fence lines aside: a literal block, `{% raw %}` around a fenced block, is read as code
  // whose value holds the fence, and each piece of it has the fence again.)
  const sourceCode = source.code.map(codeLetters);
  for (const value of chunk.code) {
    if (!sourceCode.some((code) => code.includes(codeLetters(value)))) {
      found.push(`code "${value.slice(0, 60)}"`);
    }
  }
  for (const url of chunk.urls) if (!source.urls.has(url)) found.push(`link ${url.slice(0, 80)}`);
  for (const label of chunk.definitions) {
    if (!source.definitions.has(label)) found.push(`definition [${label}]`);
  }
  for (const header of chunk.tableHeaders) {
    const cells = header.split('|');
    if (!source.tableHeaders.some((row) => isSubsequence(cells, row.split('|')))) {
      found.push(`table headed ${header.slice(0, 60)}`);
    }
  }
  return found;
}

function codeLetters(code: string): string {
  return code.replace(/^[ \t]*(`{3,}|~{3,})[^\n`]*$/gm, '').replace(/[\s*_\\]+/g, '');
}

function isSubsequence(items: string[], of: string[]): boolean {
  let index = 0;
  for (const item of of) if (index < items.length && item === items[index]) index++;
  return index === items.length;
}

/** The lines between a leading `---`/`+++` fence pair, whether or not they parse. */
/** A document without its byte order mark and front matter, as chunkdown reads it. */
function bodyOf(markdown: string): string {
  return takeFrontmatter(markdown.replace(/^\uFEFF/, '')).body;
}

/** A chunk's text without its fenced code blocks (front matter shown as an example is code). */
function withoutFencedCode(text: string): string {
  return text.replace(/^[ \t]*(`{3,}|~{3,})[^\n]*\n[\s\S]*?^[ \t]*\1[ \t]*$/gm, '');
}

function frontmatterLines(markdown: string): string[] {
  const match = /^(---|\+\+\+)[ \t]*\r?\n([\s\S]*?)\r?\n\1[ \t]*(?:\r?\n|$)/.exec(
    markdown.replace(/^\uFEFF/, ''),
  );
  if (!match) return [];
  const lines = (match[2] as string)
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  // Front matter starts with a key (`title: …`, `title = …`), a thematic break with text does not.
  return /^[A-Za-z_][\w-]*\s*[:=]/.test(lines[0] ?? '') ? lines : [];
}

/**
 * Share of a chunk's own words found in its source range: not the context it repeats (table
 * header rows, the key cells of rows, an alert's marker).
 */
function wordsInRange(tree: Root, chunk: Chunk, markdown: string): number {
  const context = new Map<string, number>();
  const addContext = (text: string) => {
    for (const match of text.matchAll(wordPattern)) {
      context.set(match[0], (context.get(match[0]) ?? 0) + 1);
    }
  };
  // Footnote definitions the chunk carries (`rules.footnote`) are context, written last.
  const carried = chunk.footnotes?.length ?? 0;
  for (const node of carried > 0 ? tree.children.slice(-carried) : []) {
    for (const text of renderedTexts(node)) addContext(text);
  }
  const visit = (node: Nodes) => {
    if (node.type === 'table') {
      for (const [index, row] of node.children.entries()) {
        const cells = index === 0 ? row.children : row.children.slice(0, 1);
        for (const cell of cells) for (const text of renderedTexts(cell)) addContext(text);
      }
    } else if (node.type === 'blockquote') {
      const marker = /^\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/i.exec(textOf(node));
      if (marker) addContext(marker[1] as string);
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  // Containers repeat their opener and closer (`:::note[Title]`, `!!! tip "Title"`, `<TabItem
  // value="npm">`, `</Tabs>`, `> [!tip]- Title`) in every piece.
  for (const line of chunk.text.split('\n')) {
    const text = line.replace(/^(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?/, '');
    // (Likewise a code piece its fence and info string: ```` ```yaml title="copier.yml" ````.)
    if (/^(?::{3,}|!!!|\?\?\?|===|<\/?[A-Za-z]|\[!|`{3,}|~{3,})/.test(text)) addContext(text);
  }
  const have = new Map<string, number>();
  for (const match of markdown.slice(chunk.start, chunk.end).matchAll(wordPattern)) {
    have.set(match[0], (have.get(match[0]) ?? 0) + 1);
  }
  // Words not in the range, less the context the chunk repeats.
  const words = wordsOf(tree).filter((word) => word !== taskChecked && word !== taskOpen);
  let unexplained = 0;
  for (const word of words) {
    const count = have.get(word) ?? 0;
    if (count > 0) {
      have.set(word, count - 1);
      continue;
    }
    const repeated = context.get(word) ?? 0;
    if (repeated > 0) context.set(word, repeated - 1);
    else unexplained++;
  }
  // A character reference in the range (`&copy;`, `&#35;`) renders as a word of its own.
  const references = markdown.slice(chunk.start, chunk.end).match(/&#?\w+;/g)?.length ?? 0;
  const total = words.length;
  const found = total - Math.max(0, unexplained - references);
  return total === 0 ? 1 : found / total;
}

/**
 * Split `markdown` and check the invariants of SPEC §6, each violation with its kind.
 *
 * @returns
 *   The result (unless the split threw) and the violations.
 */
export function findProblems(
  markdown: string,
  options: ChunkdownOptions,
  checks: InvariantOptions = {},
): { result: SplitResult | undefined; problems: Problem[] } {
  const problems: Problem[] = [];
  const add = (kind: ProblemKind, message: string) => problems.push({ kind, message });
  const splitter = chunkdown(options);
  let result: SplitResult;
  try {
    result = splitter.split(markdown);
  } catch (error) {
    add('throw', `threw ${(error as Error).stack?.slice(0, 300)}`);
    return { result: undefined, problems };
  }
  const { chunks } = result;
  if (checks.repeat !== false) {
    const texts = splitter.splitText(markdown);
    if (JSON.stringify(texts) !== JSON.stringify(chunks.map((chunk) => chunk.text))) {
      add('other', 'splitText differs from split().chunks');
    }
    if (JSON.stringify(splitter.split(markdown)) !== JSON.stringify(result))
      add('other', 'not deterministic');
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
  const sourceTree = parseMarkdown(markdown);
  // Constructs as the dialects the document was read with see them (a piece of an MkDocs body is
  // code to CommonMark, and its reopened fence a line of that code).
  const forced = (result.syntax ?? []).flatMap((name) =>
    name in dialects ? [dialects[name as keyof typeof dialects]()] : [],
  );
  const readAs = (text: string): Root =>
    forced.length > 0
      ? parseDialects(sourceText(bodyOf(text)), dialectsFor(forced, sourceText(''))).tree
      : parser.parse(text);
  // A document read with dialects is read so in every check: its words and links are what that
  // reading renders (an MkDocs body is markdown to it, where CommonMark sees indented code).
  const sourceRead = forced.length > 0 ? readAs(markdown) : sourceTree;
  const source = constructsOf(sourceRead);
  const headingsSeen = new Map<string, number>();
  const frontmatter = frontmatterLines(markdown);
  const chunkWords: string[] = [];
  const chunkUrls: string[] = [];
  const readWithDialects = options.syntax !== undefined;
  // Containers (issue 25): read as containers only with dialects (in CommonMark a `<Tabs>` line
  // is HTML and `:::` a paragraph, which may be cut), and only where the source closes every
  // container it opens.
  const balanced = readWithDialects && unbalancedContainers(bodyOf(markdown)).length === 0;
  const sourceMath = readWithDialects ? displayMath(bodyOf(markdown)) : [];

  const ownText = (chunk: Chunk): string => {
    const carried = chunk.footnotes?.length ?? 0;
    if (carried === 0) return chunk.text;
    const first = readAs(chunk.text).children.at(-carried);
    return chunk.text.slice(0, first?.position?.start.offset ?? chunk.text.length).trimEnd();
  };
  chunks.forEach((chunk, index) => {
    const where = `chunk ${index}`;
    if (chunk.text.trim() === '') add('other', `${where}: empty`);
    if (chunk.text !== chunk.text.trim()) add('other', `${where}: not trimmed`);
    if (options.maxRawSize !== undefined && length(chunk.text) > options.maxRawSize) {
      add('raw-cap', `${where}: raw size ${length(chunk.text)} > cap ${options.maxRawSize}`);
    }
    // With `context`, the cap holds for what gets embedded.
    if (options.context) {
      const embedded = chunk.embedText;
      if (embedded === undefined) add('other', `${where}: no embedText with context`);
      else {
        if (options.maxRawSize !== undefined && length(embedded) > options.maxRawSize) {
          add(
            'raw-cap',
            `${where}: embedText size ${length(embedded)} > cap ${options.maxRawSize}`,
          );
        }
        const header = embedded.slice(0, Math.max(0, embedded.length - chunk.text.length - 2));
        if (
          embedded !== chunk.text &&
          (!embedded.endsWith(`\n\n${chunk.text}`) || header.trim() !== header || /\n/.test(header))
        ) {
          add('other', `${where}: embedText is not one header line, a blank line and the text`);
        }
      }
    } else if ('embedText' in chunk) add('other', `${where}: embedText without context`);
    if (!/^[0-9a-f]{16}(-[1-9]\d*)?$/.test(chunk.id)) add('other', `${where}: bad id ${chunk.id}`);
    if (chunk.rawSize !== length(chunk.text))
      add('other', `${where}: rawSize ${chunk.rawSize} is wrong`);
    if (
      !options.lengthFunction &&
      !options.overlap &&
      chunk.contentSize > maxSize &&
      !chunk.overflow &&
      !chunk.cut
    ) {
      add('other', `${where}: content ${chunk.contentSize} > ${maxSize} without a reason`);
    }
    if (hasOpenFence(chunk.text)) add('open-fence', `${where}: open code fence`);
    if (balanced && !chunk.cut) {
      for (const problem of unbalancedContainers(chunk.text))
        add('open-container', `${where}: ${problem}`);
    }
    if (readWithDialects) {
      for (const value of displayMath(chunk.text)) {
        const kept = chunk.cut
          ? sourceMath.some((source) => source.includes(value))
          : sourceMath.includes(value);
        if (!kept) add('math-changed', `${where}: math not as written: ${value.slice(0, 60)}`);
      }
      if (chunk.containers.length > 0 && !chunk.cut) {
        // With the dialects the document was read with (a piece of MDX has no imports to detect).
        // Without the footnote definitions it carries (`rules.footnote`): they are written
        // after the container's closer, outside it.
        const again = chunkdown({ chunkSize: 1e9, syntax: forced }).split(ownText(chunk));
        const found = JSON.stringify(again.chunks[0]?.containers ?? []);
        if (found !== JSON.stringify(chunk.containers)) {
          add(
            'container-mismatch',
            `${where}: re-parses in ${found}, not ${JSON.stringify(chunk.containers)}`,
          );
        }
      }
    }
    const orphans = orphanRows(chunk.text);
    if (orphans.length > 0 && !chunk.cut)
      add('orphan-rows', `${where}: orphan table rows ${orphans.slice(0, 2).join(' / ')}`);
    if (!(chunk.start >= 0 && chunk.start <= chunk.end && chunk.end <= markdown.length)) {
      add('offsets', `${where}: bad range ${chunk.start}-${chunk.end}`);
    }
    if (chunk.start < previousStart) add('offsets', `${where}: starts before the previous chunk`);
    if (!options.overlap && chunk.start < previousEnd && !chunk.cut) {
      add(
        'offsets',
        `${where}: range ${chunk.start}-${chunk.end} overlaps the previous (…${previousEnd})`,
      );
    }
    previousStart = chunk.start;
    previousEnd = chunk.end;

    // Each chunk on its own: what it renders, and what it re-parses as.
    const read = forced.length > 0 ? readAs(chunk.text) : parser.parse(chunk.text);
    chunkWords.push(...wordsOf(read));
    chunkUrls.push(...urlsOf(read));
    if (!chunk.cut && !chunk.fallback) {
      const constructs = constructsOf(read);
      // (Overlap repeats text, code lines and table rows, never a heading: it gains nothing.)
      for (const construct of gained(constructs, source, headingsSeen)) {
        add('gained-construct', `${where}: gained ${construct}`);
      }
      // (Under a tiny raw cap a heading may have no room for anything after it, nor headings at
      // the end of the document for the content before them.)
      const capped = options.maxRawSize !== undefined;
      if (
        !constructs.hasContent &&
        source.hasContent &&
        constructs.headings.size > 0 &&
        !(
          capped &&
          ((options.maxRawSize as number) < Math.max(150, 2 * options.chunkSize) ||
            options.chunkSize < 50 ||
            index === chunks.length - 1)
        )
      ) {
        add('heading-only', `${where}: only headings: ${chunk.text.slice(0, 80)}`);
      }
      if (wordsInRange(read, chunk, markdown) < 0.9) {
        add(
          'offsets',
          `${where}: words not in its range ${chunk.start}-${chunk.end}: ${chunk.text.slice(0, 60)}`,
        );
      }
    }
    const prose = withoutFencedCode(chunk.text);
    if (
      frontmatter.length >= 2 &&
      prose.includes(frontmatter[0] as string) &&
      prose.includes(frontmatter[1] as string)
    ) {
      add('front-matter', `${where}: holds the front matter`);
    }
  });

  if (new Set(chunks.map((chunk) => chunk.id)).size !== chunks.length) {
    add('other', 'two chunks with the same id');
  }
  if (!cut) {
    const lost = missing(
      checks.inputWords && forced.length === 0 ? checks.inputWords : wordsOf(sourceRead),
      chunkWords,
    );
    if (lost.length > 0) add('lost-words', `lost words: ${lost.slice(0, 12).join(', ')}`);
  } else {
    // A chunk cut as text reads as something else when parsed (a piece of raw HTML as a link, a
    // list item's tail as a paragraph): its letters are those of its text as written, with the
    // character references the serializer writes next to emphasis (`&#x306F;`) read.
    const written = chunks.flatMap((chunk) =>
      [...decodeNumericReferences(chunk.text).matchAll(wordPattern)].flatMap((match) => [
        ...match[0],
      ]),
    );
    const lost = missing(letters(markdown), written);
    if (lost.length > 0) add('lost-words', `lost letters: ${lost.slice(0, 12).join(', ')}`);
  }
  if (checks.links !== false && !cut) {
    const lostLinks = missing(urlsOf(sourceRead), chunkUrls);
    if (lostLinks.length > 0)
      add('cut-links', `lost or broken links: ${lostLinks.slice(0, 5).join(', ')}`);
  }
  return { result, problems };
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
  const { result, problems } = findProblems(markdown, options, checks);
  if (problems.length > 0 || !result) {
    throw new Error(
      `${problems.length} invariant violation(s) with ${JSON.stringify({ ...options, syntax: options.syntax && 'dialects' })}:\n- ${problems
        .slice(0, 20)
        .map((problem) => `[${problem.kind}] ${problem.message}`)
        .join('\n- ')}`,
    );
  }
  return result;
}
