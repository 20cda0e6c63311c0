import { createSplitter, type InternalSplitter } from '../internal.js';
import type { Chunk, DocumentKind, Frontmatter, LengthFunction, SplitResult } from '../types.js';
import { describeError, UsageError } from './errors.js';
import type { LargeFiles } from './large-file.js';
import { type ChunkQuality, inspectChunk } from './quality.js';
import { readTextFile } from './read-text.js';
import type { ResolvedSettings } from './settings.js';
import { loadTokenCounter } from './tokens.js';

/**
 * Whether to run the quality checks of the report, and in which unit the splitter measures
 * (with characters, the chunk's content size is already its rendered length).
 */
export type Inspection = 'off' | 'characters' | 'tokens';

/** The result of chunking one input. */
export type FileOutcome =
  | {
      ok: true;
      file: string;
      chunks: Chunk[];
      frontmatter: Frontmatter | undefined;
      /** What kind of document it is (`'record-list'` or `'prose'`). */
      kind: DocumentKind;
      /** Quality checks per chunk, when the report asked for them. */
      quality: ChunkQuality[] | undefined;
    }
  | { ok: false; file: string; message: string };

/**
 * Build the splitter for the settings, loading the tokenizer when sizing in tokens.
 * Option errors of the library (`RangeError`, `TypeError`) become usage errors.
 *
 * @param settings Resolved settings.
 * @param lengthFunction A size unit to use instead of the one `settings.tokens` names.
 * @returns The splitter.
 * @throws {UsageError} On options the library rejects, or a missing tokenizer.
 */
export async function buildSplitter(
  settings: ResolvedSettings,
  lengthFunction?: LengthFunction,
): Promise<InternalSplitter> {
  const { tokens, ...options } = settings;
  const measure =
    lengthFunction ?? (tokens === undefined ? undefined : await loadTokenCounter(tokens));
  try {
    return createSplitter(measure ? { ...options, lengthFunction: measure } : options);
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

/**
 * Chunk a document's text, and check each chunk when the report needs it.
 *
 * @param file Name to report it under.
 * @param text The markdown.
 * @param splitter The configured splitter.
 * @param inspect Whether to run the quality checks, and the size unit.
 * @returns The outcome; a failure of the splitter becomes a failed outcome naming the file.
 */
export function chunkText(
  file: string,
  text: string,
  splitter: InternalSplitter,
  inspect: Inspection,
): FileOutcome {
  try {
    return outcomeOf(file, splitter.split(text), inspect);
  } catch (error) {
    return failedOutcome(file, error);
  }
}

/**
 * Chunk a document's text like {@link chunkText}; a large one through `large` (its segments
 * parsed on worker threads, with progress).
 *
 * @param file Name to report it under.
 * @param text The markdown.
 * @param splitter The configured splitter.
 * @param inspect Whether to run the quality checks, and the size unit.
 * @param large How large documents are split, if they are split apart.
 * @returns The outcome; a failure of the splitter becomes a failed outcome naming the file.
 */
export async function chunkInput(
  file: string,
  text: string,
  splitter: InternalSplitter,
  inspect: Inspection,
  large?: LargeFiles,
): Promise<FileOutcome> {
  if (!large?.handles(text)) return chunkText(file, text, splitter, inspect);
  try {
    return outcomeOf(file, await large.split(splitter, text, file), inspect);
  } catch (error) {
    return failedOutcome(file, error);
  }
}

/** The outcome of a document the splitter failed on, with the reason on one line. */
function failedOutcome(file: string, error: unknown): FileOutcome {
  const reason = describeError(error).replace(/\s+/g, ' ').trim();
  return { ok: false, file, message: `could not be chunked: ${reason}` };
}

/** A successful outcome, with the quality checks when the report needs them. */
function outcomeOf(
  file: string,
  { chunks, frontmatter, kind }: SplitResult,
  inspect: Inspection,
): FileOutcome {
  const quality =
    inspect === 'off'
      ? undefined
      : chunks.map((chunk) =>
          inspectChunk(chunk.text, inspect === 'characters' ? chunk.contentSize : undefined),
        );
  return { ok: true, file, chunks, frontmatter, kind, quality };
}

/**
 * Read and chunk a file.
 *
 * @param path File path to read.
 * @param file Name to report it under (the path as the user gave or found it).
 * @param splitter The configured splitter.
 * @param inspect Whether to run the quality checks, and the size unit.
 * @param large How large files are split, if they are split apart ({@link chunkInput}).
 * @returns The outcome; a file that cannot be read, or is not UTF-8 text (binary, NUL bytes,
 *   another encoding), becomes a failed outcome with the reason.
 */
export async function chunkFile(
  path: string,
  file: string,
  splitter: InternalSplitter,
  inspect: Inspection,
  large?: LargeFiles,
): Promise<FileOutcome> {
  const read = await readTextFile(path);
  if (!read.ok) return { ok: false, file, message: read.message };
  return chunkInput(file, read.text, splitter, inspect, large);
}
