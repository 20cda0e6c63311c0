import type { Root } from 'mdast';
import { createHeader, documentTitle } from './chunk/context.js';
import { splitPlainText } from './chunk/plain.js';
import { sealChunks } from './chunk/seal.js';
import { type ResolvedOptions, resolveOptions } from './options.js';
import { takeFrontmatter } from './parse/frontmatter.js';
import { splitDocument } from './pipeline.js';
import type { Chunkdown, ChunkdownOptions, SplitResult } from './types.js';

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
  const { split, splitText, chunkSize, maxOverflowRatio, maxRawSize } = createSplitter(options);
  return { split, splitText, chunkSize, maxOverflowRatio, maxRawSize };
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
   *   Parses the document's body into the tree `parse` would give.
   * @returns
   *   What `split(markdown)` returns.
   */
  splitParsed(markdown: string, parseBody: BodyParser): SplitResult;
}

/**
 * Create a splitter with its internal surface: options resolved once, held by its closure.
 *
 * @param options
 *   Options; `chunkSize` is required.
 * @returns
 *   The splitter.
 */
export function createSplitter(options: ChunkdownOptions): InternalSplitter {
  const resolved = resolveOptions(options);
  const split = (markdown: string): SplitResult => splitMarkdown(markdown, resolved);
  return {
    split,
    splitText: (markdown) => split(markdown).chunks.map((chunk) => chunk.text),
    splitParsed: (markdown, parseBody) => splitMarkdown(markdown, resolved, parseBody),
    chunkSize: resolved.chunkSize,
    maxOverflowRatio: resolved.maxOverflowRatio,
    maxRawSize: resolved.maxRawSize,
  };
}

function splitMarkdown(
  markdown: string,
  options: ResolvedOptions,
  parseBody?: BodyParser,
): SplitResult {
  if (typeof markdown !== 'string') {
    throw new TypeError(
      `Expected a string of markdown, not ${markdown === null ? 'null' : typeof markdown}`,
    );
  }
  // A byte order mark is not content: the parser skips it, and front matter starts after it.
  const shift = markdown.charCodeAt(0) === byteOrderMark ? 1 : 0;
  const text = shift === 0 ? markdown : markdown.slice(shift);
  if (text.trim() === '') return { chunks: [], frontmatter: undefined, kind: 'prose' };
  const result = splitStructurally(text, options, parseBody);
  return {
    ...result,
    chunks: sealChunks(result.chunks, { overlap: options.overlap > 0, shift }),
  };
}

function splitStructurally(
  markdown: string,
  options: ResolvedOptions,
  parseBody: BodyParser | undefined,
): SplitResult {
  try {
    return splitDocument(markdown, options, parseBody);
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
      return { chunks: splitPlainText(body, options, header), frontmatter, kind: 'prose' };
    }
    throw error;
  }
}

const byteOrderMark = 0xfeff;
