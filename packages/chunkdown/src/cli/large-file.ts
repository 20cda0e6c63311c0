import {
  type Dialect,
  defaultParseSettings,
  documentLines,
  guessLabels,
  type InternalSplitter,
  type KnownLabels,
  parse,
  parseSegment,
  plannedDialectSegments,
  plannedSegments,
  readKey,
  type SegmentParse,
  type SegmentParser,
  takeFrontmatter,
  wrongAnswers,
} from '../internal.js';
import type { SplitResult } from '../types.js';
import { ParsePool } from './pool.js';
import type { WorkerSetup } from './protocol.js';

/** How far the split of one large file is. */
export interface FileProgress {
  /** The file's name. */
  name: string;
  /** What is being done: its segments parsed, then the tree split. */
  stage: 'parsing' | 'splitting';
  /** Characters parsed so far. */
  done: number;
  /** Characters to parse. */
  total: number;
}

/** How large files are split. */
export interface LargeFileOptions {
  /** Worker threads to parse segments on (`--jobs`); one parses on this thread. */
  jobs: number;
  /** The worker script; without it, segments are parsed on this thread. */
  workerUrl: URL | undefined;
  /** What workers are started with. */
  setup: WorkerSetup;
  /** Called as the split goes on. */
  progress?: ((progress: FileProgress) => void) | undefined;
  /** Characters a document needs before its parse goes to worker threads ({@link minCharactersForWorkers}). */
  minCharacters?: number | undefined;
}

/**
 * Characters a document needs before its parse goes to worker threads: 4 MiB. Each worker loads
 * the library (about half a second of CPU) and its trees are copied back to this thread, so the
 * parse ahead only adds CPU time, and it saves wall time only on cores nothing else uses: on the
 * Rust book's 1 MB it cost 1.5 s of CPU more than one thread (6.8 s against 5.3 s) and saved no
 * wall time on a busy 2-core machine. From 4 MiB the parse (about 10 s of CPU) is long enough
 * for spare cores to pay for the start.
 */
export const minCharactersForWorkers = 4 * 2 ** 20;

/** Segments a document needs, besides its size, before its parse goes to worker threads. */
const minSegmentsForWorkers = 2;

/** A segment's parse done ahead, with the labels it was parsed with. */
interface Ahead {
  end: number;
  known: KnownLabels;
  parse: SegmentParse;
}

/**
 * Splits files large enough to be parsed in segments (`parse/segmented.ts`), with progress, and
 * with the segments parsed on worker threads when there are several: the segments the parse will
 * ask for are parsed ahead, all at once, then the labels they got wrong again, and the parse looks
 * them up (anything else it asks for, after a merge, it parses itself). The chunks are the ones
 * `splitter.split(text)` gives.
 */
export class LargeFiles {
  readonly #options: LargeFileOptions;
  #pool: ParsePool | undefined;

  /**
   * @param options Threads, the worker script and a progress callback.
   */
  constructor(options: LargeFileOptions) {
    this.#options = options;
  }

  /**
   * Whether a text is large enough to be parsed in segments.
   *
   * @param text The document.
   * @returns Whether this class splits it.
   */
  handles(text: string): boolean {
    return text.length >= defaultParseSettings.segmentAbove;
  }

  /**
   * Split a large document.
   *
   * @param splitter The splitter (made by `buildSplitter()`).
   * @param text The document.
   * @param name Its name, for progress.
   * @returns What `splitter.split(text)` returns.
   */
  async split(splitter: InternalSplitter, text: string, name: string): Promise<SplitResult> {
    // The body the parse gets: no byte order mark, front matter blanked (as `splitMarkdown` does).
    const body = takeFrontmatter(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).body;
    const report = (stage: FileProgress['stage'], done: number) =>
      this.#options.progress?.({ name, stage, done, total: body.length });
    report('parsing', 0);
    // Parsed ahead with the dialects the document is read with (its segments then are theirs).
    const dialects = splitter.dialectsOf(text);
    const key = readKey(dialects);
    const ahead = await this.#parseAhead(body, dialects, (done) => report('parsing', done));
    let parsedTo = 0;
    const served =
      (parseFresh: SegmentParser): SegmentParser =>
      (segment, known, start) => {
        const end = start + segment.length;
        const entries = ahead.get(start);
        const index = entries?.findIndex((entry) => entry.end === end && sameLabels(entry, known));
        if (entries && index !== undefined && index !== -1) {
          // Each parse is asked for once: let go of it.
          return (entries.splice(index, 1)[0] as Ahead).parse;
        }
        const parsed = parseFresh(segment, known, start);
        parsedTo = Math.max(parsedTo, end);
        report('parsing', parsedTo);
        return parsed;
      };
    const result = splitter.splitParsed(
      text,
      (document) => parse(document, {}, served(parseSegment)),
      (readWith, parseFresh) => (readWith === key ? served(parseFresh) : parseFresh),
    );
    ahead.clear();
    report('splitting', body.length);
    return result;
  }

  /** Stop the worker threads, if any were started. */
  async close(): Promise<void> {
    await this.#pool?.close();
    this.#pool = undefined;
  }

  /** Parse the planned segments of a document on worker threads (none when not worth it). */
  async #parseAhead(
    body: string,
    dialects: readonly Dialect[],
    onProgress: (done: number) => void,
  ): Promise<Map<number, Ahead[]>> {
    const ahead = new Map<number, Ahead[]>();
    const { jobs, workerUrl, setup } = this.#options;
    // (Syntax extensions are functions a parse-only thread does not have: parsed here.)
    // (Nor a variant chosen for this document: a thread makes each dialect by its name alone.)
    if (
      jobs < 2 ||
      !workerUrl ||
      dialects.some((dialect) => dialect.parser.verbatim || dialect.parser.variant)
    )
      return ahead;
    if (body.length < (this.#options.minCharacters ?? minCharactersForWorkers)) return ahead;
    const spans = plannedSpans(body, dialects);
    if (spans.length < minSegmentsForWorkers) return ahead;
    const syntax = dialects.length > 0 ? dialects.map((dialect) => dialect.name) : undefined;
    this.#pool ??= new ParsePool(jobs, workerUrl, setup);

    const guessed = guessLabels(body);
    let done = 0;
    const first = await this.#pool.parse(
      spans.map(([start, end]) => ({ text: body.slice(start, end), known: guessed, syntax })),
      (index) => {
        const [start, end] = spans[index] as [number, number];
        done += end - start;
        onProgress(done);
      },
    );
    spans.forEach(([start, end], index) => {
      const parse = first[index];
      ahead.set(start, parse ? [{ end, known: guessed, parse }] : []);
    });

    // The labels all segments define; the segments told otherwise are parsed again with them.
    const definitions = new Set<string>();
    const footnotes = new Set<string>();
    for (const parse of first) {
      const labels = parse?.labels;
      for (const label of labels?.definitions.defined ?? []) definitions.add(label);
      for (const label of labels?.footnotes.defined ?? []) footnotes.add(label);
    }
    const document: KnownLabels = { definitions, footnotes };
    const again = spans.filter((_, index) => {
      const labels = first[index]?.labels;
      return labels !== undefined && wrongAnswers(labels, document);
    });
    const second = await this.#pool.parse(
      again.map(([start, end]) => ({ text: body.slice(start, end), known: document, syntax })),
    );
    again.forEach(([start, end], index) => {
      const parse = second[index];
      if (parse) ahead.get(start)?.push({ end, known: document, parse });
    });
    return ahead;
  }
}

/**
 * The segments a document's parse will ask for first (read with these dialects); none when a line
 * nests too deep to parse (`parse` then finds the blocks to leave out, on this thread).
 */
function plannedSpans(body: string, dialects: readonly Dialect[]): Array<[number, number]> {
  if (dialects.length > 0) return plannedDialectSegments(body, dialects);
  const settings = defaultParseSettings;
  const lines = documentLines(body, settings.maxNesting);
  if (lines.deep.some((line) => line.depth > settings.maxSourceNesting)) return [];
  return plannedSegments(body, lines, settings.size);
}

/** Whether a parse done ahead was made with these labels. */
function sameLabels(entry: Ahead, known: KnownLabels): boolean {
  return (
    sameSet(entry.known.definitions, known.definitions) &&
    sameSet(entry.known.footnotes, known.footnotes)
  );
}

function sameSet(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a === b) return true;
  if (a.size !== b.size) return false;
  for (const item of a) if (!b.has(item)) return false;
  return true;
}
