import type { Root } from 'mdast';
import { createHeader, documentTitle } from './chunk/context.js';
import { attachParents, type SectionSpan } from './chunk/parents.js';
import { splitPlainText } from './chunk/plain.js';
import { createObjectIds } from './chunk/render-memo.js';
import { sealChunks } from './chunk/seal.js';
import { type ResolvedOptions, resolveOptions } from './options.js';
import { type Dialect, dialectsFor } from './parse/dialect.js';
import { withExtensions } from './parse/extension.js';
import { takeFrontmatter } from './parse/frontmatter.js';
import { sourceText } from './parse/source-text.js';
import { type SegmentSource, type SplitterMemory, splitDocument, type Work } from './pipeline.js';
import { createMeasure, createRawMeasure } from './tree/measure.js';
import { createSourceMapMemory } from './tree/source-map.js';
import type {
  ChangeSet,
  Chunk,
  Chunkdown,
  ChunkdownOptions,
  ChunkParent,
  ParentChangeSet,
  SplitResult,
} from './types.js';

/**
 * Create a markdown splitter.
 *
 * @param options
 *   Options; `chunkSize` is required.
 * @returns
 *   The splitter.
 * @throws {TypeError | RangeError}
 *   When an option is missing, of the wrong type or out of range; the message names the option
 *   and the values it accepts.
 */
export function chunkdown(options: ChunkdownOptions): Chunkdown {
  const { split, splitText, update, chunkSize, maxOverflowRatio, maxRawSize } =
    createSplitter(options);
  return { split, splitText, update, chunkSize, maxOverflowRatio, maxRawSize };
}

/** Parses a document's body (no byte order mark, front matter blanked) into the tree `parse` gives. */
export type BodyParser = (body: string) => Root;

/** A splitter with what the CLI needs beyond the public API (see `internal.ts`). */
export interface InternalSplitter extends Chunkdown {
  /**
   * Split with another parse of the document (the CLI parses a large document's segments on
   * worker threads first).
   *
   * @param markdown
   *   The document.
   * @param parseBody
   *   Parses the document's body into the tree `parse` would give, when it is read with no
   *   dialect.
   * @param segmentSource
   *   Where segment parses may come from, when it is read with dialects.
   * @returns
   *   What `split(markdown)` returns.
   */
  splitParsed(
    markdown: string,
    parseBody: BodyParser,
    segmentSource?: SegmentSource | undefined,
  ): SplitResult;
  /**
   * The dialects this splitter reads a document with (those always on, and those it shows):
   * what the CLI parses a large document's segments ahead with.
   *
   * @param markdown
   *   The document.
   * @returns
   *   The dialects, in the order the `syntax` option gives them.
   */
  dialectsOf(markdown: string): Dialect[];
}

/**
 * How many results a splitter keeps the work of, for `update`: the latest ones made or updated
 * from (most of what they hold, the parses of unchanged segments, they share).
 */
const KEPT_RESULTS = 4;

/**
 * Create a splitter with its internal surface: options resolved once, and the memory `update`
 * reuses (node sizes, and the work of its latest results), held by its closure.
 *
 * @param options
 *   Options; `chunkSize` is required.
 * @returns
 *   The splitter.
 */
export function createSplitter(options: ChunkdownOptions): InternalSplitter {
  const resolved = resolveOptions(
    options !== null && typeof options === 'object'
      ? { ...options, syntax: withExtensions(options.syntax) }
      : options,
  );
  const memory: SplitterMemory = {
    ids: createObjectIds(),
    measure: createMeasure(resolved.lengthFunction, resolved.countsCharacters),
    rawMeasure: createRawMeasure(resolved.lengthFunction),
    normalized: new WeakMap(),
    sourceMaps: createSourceMapMemory(),
  };
  // The latest results and their work, newest last.
  const recent: Array<{ result: SplitResult; work: Work }> = [];
  const remember = <Result extends SplitResult>(result: Result, work: Work | undefined): Result => {
    if (work) {
      recent.push({ result, work });
      if (recent.length > KEPT_RESULTS) recent.shift();
    }
    return result;
  };
  const split = (markdown: string): SplitResult => {
    // What source maps found is kept for updates of this document only: kept across documents,
    // it would only grow (and slow the collector down).
    memory.sourceMaps = createSourceMapMemory();
    const { result, work } = splitMarkdown(markdown, resolved, { memory });
    return remember(result, work);
  };
  return {
    split,
    splitText: (markdown) => split(markdown).chunks.map((chunk) => chunk.text),
    update(previous, markdown) {
      const chunks = previousChunks(previous);
      const at = recent.findIndex((each) => each.result === previous);
      const earlier = at === -1 ? undefined : recent.splice(at, 1)[0];
      // Updated from again: kept as one of the latest.
      if (earlier) recent.push(earlier);
      const { result, work } = splitMarkdown(markdown, resolved, {
        memory,
        previous: earlier?.work,
      });
      const changes = changesOf(chunks, result.chunks);
      if (result.parents) {
        changes.parents = parentChangesOf(
          previousParents(previous),
          result.parents,
          chunks,
          result.chunks,
        );
      }
      return remember({ ...result, changes }, work);
    },
    splitParsed: (markdown, parseBody, segmentSource) => {
      memory.sourceMaps = createSourceMapMemory();
      return splitMarkdown(markdown, resolved, { memory, parseBody, segmentSource }).result;
    },
    dialectsOf: (markdown) => {
      if (resolved.syntax.length === 0) return [];
      const text = markdown.charCodeAt(0) === byteOrderMark ? markdown.slice(1) : markdown;
      return dialectsFor(resolved.syntax, sourceText(takeFrontmatter(text).body));
    },
    chunkSize: resolved.chunkSize,
    maxOverflowRatio: resolved.maxOverflowRatio,
    maxRawSize: resolved.maxRawSize,
  };
}

/** The chunks of what `update` was given as the previous result, checked. */
function previousChunks(previous: unknown): readonly Chunk[] {
  const chunks =
    typeof previous === 'object' && previous !== null
      ? (previous as { chunks?: unknown }).chunks
      : undefined;
  if (
    !Array.isArray(chunks) ||
    !chunks.every(
      (chunk) => typeof chunk === 'object' && chunk !== null && typeof chunk.id === 'string',
    )
  ) {
    const what =
      previous === null ? 'null' : Array.isArray(previous) ? 'an array' : typeof previous;
    throw new TypeError(
      `Expected update(previous, markdown) to get an earlier result of split() or update() as previous (an object whose chunks each have an id), not ${what === 'object' ? 'an object without them' : what}`,
    );
  }
  return chunks as Chunk[];
}

/**
 * The change set from one result's chunks to another's: the difference of their id sets.
 *
 * @param before
 *   The earlier chunks.
 * @param after
 *   The new chunks.
 * @returns
 *   What was added, removed and kept.
 */
export function changesOf(before: readonly Chunk[], after: readonly Chunk[]): ChangeSet {
  const earlier = new Set(before.map((chunk) => chunk.id));
  const now = new Set(after.map((chunk) => chunk.id));
  const added: Chunk[] = [];
  const kept: string[] = [];
  const seen = new Set<string>();
  for (const chunk of after) {
    if (seen.has(chunk.id)) continue;
    seen.add(chunk.id);
    if (earlier.has(chunk.id)) kept.push(chunk.id);
    else added.push(chunk);
  }
  const removed = [...earlier].filter((id) => !now.has(id));
  return { added, removed, kept };
}

/** The parents of what `update` was given as the previous result (none when it has none). */
function previousParents(previous: SplitResult): readonly ChunkParent[] {
  const parents = (previous as { parents?: unknown }).parents;
  return Array.isArray(parents)
    ? parents.filter(
        (parent): parent is ChunkParent =>
          typeof parent === 'object' && parent !== null && typeof parent.id === 'string',
      )
    : [];
}

/**
 * The change set from one result's parents to another's: the difference of their id sets.
 *
 * @param before
 *   The earlier parents.
 * @param after
 *   The new parents.
 * @param chunksBefore
 *   The earlier chunks.
 * @param chunksAfter
 *   The new chunks.
 * @returns
 *   What was added, removed and kept, and the kept chunks whose parent changed.
 */
export function parentChangesOf(
  before: readonly ChunkParent[],
  after: readonly ChunkParent[],
  chunksBefore: readonly Chunk[] = [],
  chunksAfter: readonly Chunk[] = [],
): ParentChangeSet {
  const earlier = new Set(before.map((parent) => parent.id));
  const now = new Set(after.map((parent) => parent.id));
  const added: ChunkParent[] = [];
  const kept: string[] = [];
  for (const parent of after) {
    if (earlier.has(parent.id)) kept.push(parent.id);
    else added.push(parent);
  }
  const removed = [...earlier].filter((id) => !now.has(id));
  return { added, removed, kept, reparented: reparented(chunksBefore, chunksAfter) };
}

/** The chunks both lists have whose `parentId` changed, each once, in the order of `after`. */
function reparented(
  before: readonly Chunk[],
  after: readonly Chunk[],
): Array<{ id: string; parentId: string }> {
  const parentOf = new Map(before.map((chunk) => [chunk.id, chunk.parentId]));
  const moved: Array<{ id: string; parentId: string }> = [];
  const seen = new Set<string>();
  for (const chunk of after) {
    if (seen.has(chunk.id) || !parentOf.has(chunk.id) || chunk.parentId === undefined) continue;
    seen.add(chunk.id);
    if (parentOf.get(chunk.id) !== chunk.parentId)
      moved.push({ id: chunk.id, parentId: chunk.parentId });
  }
  return moved;
}

/** How one split of a splitter runs (`SplitPlan` without the body parser's default). */
interface SplitRun {
  memory: SplitterMemory;
  previous?: Work | undefined;
  parseBody?: BodyParser | undefined;
  segmentSource?: SegmentSource | undefined;
}

function splitMarkdown(
  markdown: string,
  options: ResolvedOptions,
  run: SplitRun,
): { result: SplitResult; work: Work | undefined } {
  if (typeof markdown !== 'string') {
    throw new TypeError(
      `Expected a string of markdown, not ${markdown === null ? 'null' : typeof markdown}`,
    );
  }
  // A byte order mark is not content: the parser skips it, and front matter starts after it.
  const shift = markdown.charCodeAt(0) === byteOrderMark ? 1 : 0;
  const text = shift === 0 ? markdown : markdown.slice(shift);
  if (text.trim() === '') {
    return {
      result: {
        chunks: [],
        frontmatter: undefined,
        kind: 'prose',
        ...(options.parents ? { parents: [] } : {}),
      },
      work: undefined,
    };
  }
  const { result, work, sections } = splitStructurally(text, options, run);
  const chunks = sealChunks(result.chunks, { overlap: options.overlap > 0, shift });
  if (options.parents) {
    const parented = attachParents(chunks, sections, options.parents.maxSize, shift);
    return { result: { ...result, chunks: parented.chunks, parents: parented.parents }, work };
  }
  return { result: { ...result, chunks }, work };
}

function splitStructurally(
  markdown: string,
  options: ResolvedOptions,
  run: SplitRun,
): { result: SplitResult; work: Work | undefined; sections?: SectionSpan | undefined } {
  try {
    return splitDocument(markdown, options, run);
  } catch (error) {
    // Nesting deeper than the parser's (or the serializer's) stack can take: split as plain text.
    // The front matter is still taken off: it is never chunk text.
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      const { frontmatter, body } = takeFrontmatter(markdown);
      const header = options.context
        ? createHeader(
            documentTitle(frontmatter, undefined),
            options.lengthFunction,
            options.rawBudget,
          )([], undefined)
        : undefined;
      const chunks = splitPlainText(body, options, header);
      return { result: { chunks, frontmatter, kind: 'prose' }, work: undefined };
    }
    throw error;
  }
}

const byteOrderMark = 0xfeff;
