import type { Root } from 'mdast';
import { createHeader, documentTitle } from './chunk/context.js';
import { numberRepeats } from './chunk/id.js';
import { splitPlainText } from './chunk/plain.js';
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
  const resolved = resolveOptions(options);
  const split = (markdown: string): SplitResult => splitMarkdown(markdown, resolved);
  const splitter: Chunkdown = {
    split,
    splitText: (markdown) => split(markdown).chunks.map((chunk) => chunk.text),
    get chunkSize() {
      return resolved.chunkSize;
    },
    get maxOverflowRatio() {
      return resolved.maxOverflowRatio;
    },
    get maxRawSize() {
      return resolved.maxRawSize;
    },
  };
  optionsOf.set(splitter, resolved);
  return splitter;
}

/** The resolved options of each splitter made by {@link chunkdown}. */
const optionsOf = new WeakMap<Chunkdown, ResolvedOptions>();

/**
 * Split with a splitter's options but another parse of the document (not part of the public
 * API: the CLI parses a large document's segments on worker threads first). The parse gets the
 * document without its byte order mark, with front matter blanked.
 *
 * @param splitter
 *   A splitter made by {@link chunkdown}.
 * @param markdown
 *   The document.
 * @param parseBody
 *   Parses the document's body into the tree `parse` would give.
 * @returns
 *   What `splitter.split(markdown)` returns.
 */
export function splitParsedAs(
  splitter: Chunkdown,
  markdown: string,
  parseBody: (body: string) => Root,
): SplitResult {
  const options = optionsOf.get(splitter);
  if (!options) throw new TypeError('Expected a splitter made by `chunkdown()`');
  return splitMarkdown(markdown, options, parseBody);
}

function splitMarkdown(
  markdown: string,
  options: ResolvedOptions,
  parseBody?: (body: string) => Root,
): SplitResult {
  if (typeof markdown !== 'string') {
    throw new TypeError(
      `Expected a string of markdown, not ${markdown === null ? 'null' : typeof markdown}`,
    );
  }
  // A byte order mark is not content: the parser skips it, and front matter starts after it.
  if (markdown.charCodeAt(0) === byteOrderMark) {
    return shiftOffsets(splitMarkdown(markdown.slice(1), options, parseBody), 1);
  }
  if (markdown.trim() === '') return { chunks: [], frontmatter: undefined, kind: 'prose' };
  const result = splitStructurally(markdown, options, parseBody);
  numberRepeats(result.chunks);
  return result;
}

function splitStructurally(
  markdown: string,
  options: ResolvedOptions,
  parseBody: ((body: string) => Root) | undefined,
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
            options.maxRawSize,
          )([], undefined)
        : undefined;
      return { chunks: splitPlainText(body, options, header), frontmatter, kind: 'prose' };
    }
    throw error;
  }
}

const byteOrderMark = 0xfeff;

/** Point a result's offsets into an input that had `by` more characters before it. */
function shiftOffsets(result: SplitResult, by: number): SplitResult {
  for (const chunk of result.chunks) {
    chunk.start += by;
    chunk.end += by;
  }
  return result;
}
