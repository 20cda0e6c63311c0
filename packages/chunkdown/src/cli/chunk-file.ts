import { createSplitter, type InternalSplitter } from '../internal.js';
import { auto, builtinSyntax, mdx } from '../syntax.js';
import type {
  Chunk,
  ChunkParent,
  DocumentKind,
  Frontmatter,
  LengthFunction,
  SplitResult,
  Syntax,
} from '../types.js';
import type { SyntaxSetting } from './args.js';
import { loadExtensions } from './config-module.js';
import { describeError, UsageError } from './errors.js';
import type { LargeFiles } from './large-file.js';
import { type ChunkQuality, cutsWord, inspectChunk } from './quality.js';
import { readTextFile } from './read-text.js';
import type { ResolvedSettings } from './settings.js';
import { loadTokenCounter, loadTokenizerJson } from './tokens.js';

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
      /** The dialects it was read with. */
      syntax: SplitResult['syntax'];
      /** What the split reports about reading it (MDX that did not parse). */
      diagnostics: SplitResult['diagnostics'];
      /** Quality checks per chunk, when the report asked for them. */
      quality: ChunkQuality[] | undefined;
      /**
       * Per chunk, whether it starts or ends inside a word of the source (`cutsWord` of
       * `chunkdown/quality`), when the report asked for the checks.
       */
      cutWords?: boolean[] | undefined;
      /** The chunks' parents, with `--parents`. */
      parents?: ChunkParent[] | undefined;
      /** SHA-256 (hex) of the bytes read, when they were read from a file or standard input. */
      fileHash?: string | undefined;
    }
  | { ok: false; file: string; message: string };

/**
 * Build the splitter for the settings, loading the tokenizer when sizing in tokens.
 * Option errors of the library (`RangeError`, `TypeError`) become usage errors.
 *
 * @param settings Resolved settings.
 * @param lengthFunction A size unit to use instead of the one `settings.tokens` or
 *   `settings.tokenizer` names (loaded already, or characters to check options).
 * @returns The splitter.
 * @throws {UsageError} On options the library rejects, or a missing or bad tokenizer.
 */
export async function buildSplitter(
  settings: ResolvedSettings,
  lengthFunction?: LengthFunction,
): Promise<Splitters> {
  const { tokens, tokenizer, prefix, syntax = 'auto', extensions, ...options } = settings;
  const measure = lengthFunction ?? (await loadSizeUnit(settings));
  const base = measure ? { ...options, lengthFunction: measure } : options;
  // The config module's syntax extensions, loaded by every thread (functions do not travel).
  const own = extensions === undefined ? [] : await loadExtensions(extensions);
  try {
    const main = createSplitter({ ...base, syntax: [...dialectsOf(syntax), ...own] });
    // Under `auto`, a `.mdx` file is MDX whatever it shows (the other dialects still detected).
    const mdxFiles =
      syntax === 'auto' ? createSplitter({ ...base, syntax: [mdx(), ...auto(), ...own] }) : main;
    return { main, for: (file) => (/\.mdx$/i.test(file) ? mdxFiles : main) };
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) {
      throw new UsageError(error.message);
    }
    throw error;
  }
}

/**
 * The size unit the settings name: an OpenAI encoding (`tokens`), a `tokenizer.json` with its
 * prefix (`tokenizer`), or characters (`undefined`).
 *
 * @param settings Resolved settings.
 * @param cwd The directory a relative `tokenizer` path is in.
 * @returns The length function, loaded.
 * @throws {UsageError} On a missing tokenizer package or a file that is not a tokenizer.
 */
export async function loadSizeUnit(
  settings: Pick<ResolvedSettings, 'tokens' | 'tokenizer' | 'prefix'>,
  cwd?: string,
): Promise<LengthFunction | undefined> {
  if (settings.tokens !== undefined) return loadTokenCounter(settings.tokens);
  if (settings.tokenizer !== undefined)
    return loadTokenizerJson(settings.tokenizer, settings.prefix, cwd);
  return undefined;
}

/** The splitters of a run: `.mdx` files get MDX always on under `--syntax auto`. */
export interface Splitters {
  /** The splitter of files in general (and of standard input). */
  readonly main: InternalSplitter;
  /** The splitter of a file of this name. */
  for(file: string): InternalSplitter;
}

/** The `syntax` option of a `--syntax` setting. */
function dialectsOf(setting: SyntaxSetting): Syntax[] {
  if (setting === 'auto') return auto();
  if (setting === 'none') return [];
  return setting.map((name) => builtinSyntax[name]());
}

/**
 * Chunk a document's text, and check each chunk when the report needs it.
 *
 * @param file Name to report it under.
 * @param text The markdown.
 * @param splitters The run's splitters.
 * @param inspect Whether to run the quality checks, and the size unit.
 * @returns The outcome; a failure of the splitter becomes a failed outcome naming the file.
 */
export function chunkText(
  file: string,
  text: string,
  splitters: Splitters,
  inspect: Inspection,
): FileOutcome {
  try {
    return outcomeOf(file, splitters.for(file).split(text), inspect, text);
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
 * @param splitters The run's splitters.
 * @param inspect Whether to run the quality checks, and the size unit.
 * @param large How large documents are split, if they are split apart.
 * @returns The outcome; a failure of the splitter becomes a failed outcome naming the file.
 */
export async function chunkInput(
  file: string,
  text: string,
  splitters: Splitters,
  inspect: Inspection,
  large?: LargeFiles,
): Promise<FileOutcome> {
  if (!large?.handles(text)) return chunkText(file, text, splitters, inspect);
  try {
    return outcomeOf(file, await large.split(splitters.for(file), text, file), inspect, text);
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
  { chunks, frontmatter, kind, syntax, diagnostics, parents }: SplitResult,
  inspect: Inspection,
  text: string,
): FileOutcome {
  const quality =
    inspect === 'off'
      ? undefined
      : chunks.map((chunk) =>
          // Fences and containers as the dialects the file was read with read them.
          inspectChunk(chunk.text, inspect === 'characters' ? chunk.contentSize : undefined, {
            syntax,
          }),
        );
  return {
    ok: true,
    file,
    chunks,
    frontmatter,
    kind,
    syntax,
    diagnostics,
    quality,
    cutWords:
      inspect === 'off' ? undefined : chunks.map((chunk) => cutsWord(text, chunk.start, chunk.end)),
    ...(parents ? { parents } : {}),
  };
}

/**
 * Read and chunk a file.
 *
 * @param path File path to read.
 * @param file Name to report it under (the path as the user gave or found it).
 * @param splitters The run's splitters.
 * @param inspect Whether to run the quality checks, and the size unit.
 * @param large How large files are split, if they are split apart ({@link chunkInput}).
 * @returns The outcome, with the hash of the bytes read; a file that cannot be read, or is not
 *   UTF-8 text (binary, NUL bytes, another encoding), becomes a failed outcome with the reason.
 */
export async function chunkFile(
  path: string,
  file: string,
  splitters: Splitters,
  inspect: Inspection,
  large?: LargeFiles,
): Promise<FileOutcome> {
  const read = await readTextFile(path);
  if (!read.ok) return { ok: false, file, message: read.message };
  const outcome = await chunkInput(file, read.text, splitters, inspect, large);
  return outcome.ok ? { ...outcome, fileHash: read.hash } : outcome;
}
