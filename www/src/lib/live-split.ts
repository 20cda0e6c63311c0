import {
  type Chunk,
  type Chunkdown,
  chunkdown,
  type Diagnostic,
  type Frontmatter,
  type LengthFunction,
  type SplitResult,
} from 'chunkdown';
import { type ChunkQuality, inspectChunk, type Report, ReportBuilder } from 'chunkdown/quality';
import { type Settings, toChunkdownOptions } from './settings.ts';
import { type ChunkChecks, chunkChecks } from './splitter-report.ts';

/**
 * chunkdown's chunks as the difference from the chunks the receiver already holds: the chunks it
 * lacks, the ids it can drop, and the order and offsets of all of them. After an edit most chunks
 * keep their id and only move, so this is far smaller than the chunks themselves.
 */
export interface ChunksDelta {
  /** Chunks the receiver does not hold (a new id, or an id whose chunk changed beyond its offsets). */
  added: Chunk[];
  /** Ids the receiver holds that the new chunks do not have. */
  removed: string[];
  /** The ids of all chunks, in document order. */
  order: string[];
  /** `start, end` of each chunk of `order`, in turn (a transferable buffer). */
  offsets: Int32Array;
}

/** chunkdown's answer for one text: the chunks (as a {@link ChunksDelta}) and their checks. */
export type ChunkdownAnswer =
  | {
      ok: true;
      delta: ChunksDelta;
      /** The checks of each chunk, in document order. */
      checks: ChunkChecks[];
      frontmatter: Frontmatter | undefined;
      /** The kind of document the library saw (`record-list` or `prose`). */
      kind: string;
      /** The docs dialects the document was read with. */
      syntax: string[];
      /** What the library reports about reading it (MDX that did not parse). */
      diagnostics: Diagnostic[];
      /** The library's quality report over the chunks: the numbers `chunkdown --report` gives. */
      quality: Report;
      /** Milliseconds the split (or update) took. */
      ms: number;
      /** Whether the splitter updated its previous result (`update`) instead of splitting anew. */
      updated: boolean;
    }
  | { ok: false; error: string };

/** A splitter for one set of options, its latest result and what was inspected in its chunks. */
interface Session {
  key: string;
  /** The size unit it measures with (a tokenizer loaded again is another unit). */
  lengthFunction: LengthFunction;
  splitter: Chunkdown;
  last: SplitResult | null;
  /** `inspectChunk` of the latest result's chunks, by id. */
  qualities: Map<string, ChunkQuality>;
  /** The dialects those chunks were inspected with (the document's, which an edit may change). */
  syntax: string;
}

/** Splits a document again and again as it is edited, answering with deltas. */
export interface LiveSplitter {
  /**
   * Split `text`: with the splitter of these settings (made on first use) and its latest
   * result, `update` reuses what did not change; a chunk is inspected once per id.
   *
   * @param text The document.
   * @param settings Options from the controls.
   * @param lengthFunction The size unit of `settings.unit`.
   * @returns The chunks as a delta from the previous answer that was `ok`, and their checks.
   */
  split(text: string, settings: Settings, lengthFunction: LengthFunction): ChunkdownAnswer;
}

/** Splitters kept for settings used before, so switching an option back updates again. */
const KEPT_SESSIONS = 2;

/**
 * Make a {@link LiveSplitter}. The receiver of its answers must apply every `ok` answer in order
 * (`createChunkStore`), drawn or not: each delta is against the one before.
 *
 * @returns The live splitter.
 */
export function createLiveSplitter(): LiveSplitter {
  const sessions: Session[] = [];
  /** The chunks the receiver holds, by id: those of the latest `ok` answer. */
  let held = new Map<string, Chunk>();

  const sessionFor = (settings: Settings, lengthFunction: LengthFunction): Session => {
    const key = JSON.stringify(settings);
    const at = sessions.findIndex(
      (session) => session.key === key && session.lengthFunction === lengthFunction,
    );
    if (at !== -1) {
      const [session] = sessions.splice(at, 1) as [Session];
      sessions.push(session);
      return session;
    }
    const splitter = chunkdown({ ...toChunkdownOptions(settings), lengthFunction });
    const session: Session = {
      key,
      lengthFunction,
      splitter,
      last: null,
      qualities: new Map(),
      syntax: '',
    };
    sessions.push(session);
    if (sessions.length > KEPT_SESSIONS) sessions.shift();
    return session;
  };

  return {
    split(text, settings, lengthFunction) {
      let session: Session;
      let result: SplitResult;
      const began = performance.now();
      try {
        session = sessionFor(settings, lengthFunction);
        result = session.last
          ? session.splitter.update(session.last, text)
          : session.splitter.split(text);
      } catch (error) {
        return { ok: false, error: describe(error) };
      }
      const ms = performance.now() - began;
      const updated = session.last !== null;
      session.last = result;
      const { chunks } = result;
      const characters = settings.unit === 'characters';
      const qualities = new Map<string, ChunkQuality>();
      // Fences and containers are checked as the dialects the document was read with read them.
      const syntax = result.syntax ?? [];
      const inspected = syntax.join(' ') === session.syntax ? session.qualities : new Map();
      for (const chunk of chunks) {
        qualities.set(
          chunk.id,
          inspected.get(chunk.id) ??
            // In characters, a chunk's content size is its rendered length: no need to render it.
            inspectChunk(chunk.text, characters ? chunk.contentSize : undefined, { syntax }),
        );
      }
      session.qualities = qualities;
      session.syntax = syntax.join(' ');
      const limits = {
        chunkSize: settings.chunkSize,
        limit: settings.chunkSize * settings.maxOverflowRatio,
        maxRawSize: settings.maxRawSize,
      };
      const checks = chunks.map((chunk) =>
        chunkChecks(
          text,
          chunk,
          chunk.contentSize,
          qualities.get(chunk.id) as ChunkQuality,
          limits,
          chunk.rawSize,
        ),
      );
      const delta = deltaFrom(held, chunks);
      held = new Map(chunks.map((chunk) => [chunk.id, chunk]));
      return {
        ok: true,
        delta,
        checks,
        frontmatter: result.frontmatter,
        kind: result.kind,
        syntax: result.syntax ?? [],
        diagnostics: result.diagnostics ?? [],
        quality: qualityReport(chunks, qualities, settings, checks),
        ms,
        updated,
      };
    },
  };
}

/**
 * The delta that turns the chunks `held` into `chunks`.
 *
 * @param held The chunks the receiver holds, by id.
 * @param chunks The new chunks (their ids unique, as in every result of the library).
 * @returns The delta.
 */
export function deltaFrom(held: ReadonlyMap<string, Chunk>, chunks: readonly Chunk[]): ChunksDelta {
  const added: Chunk[] = [];
  const order: string[] = [];
  const offsets = new Int32Array(chunks.length * 2);
  const now = new Set<string>();
  chunks.forEach((chunk, index) => {
    const before = held.get(chunk.id);
    if (!before || !sameBesidesOffsets(before, chunk)) added.push(chunk);
    order.push(chunk.id);
    now.add(chunk.id);
    offsets[2 * index] = chunk.start;
    offsets[2 * index + 1] = chunk.end;
  });
  const removed = [...held.keys()].filter((id) => !now.has(id));
  return { added, removed, order, offsets };
}

/** Whether two chunks agree in every field but `start` and `end`. */
function sameBesidesOffsets(a: Chunk, b: Chunk): boolean {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  for (const key in x) {
    if (key !== 'start' && key !== 'end' && !sameValue(x[key], y[key])) return false;
  }
  for (const key in y) if (!(key in x) && y[key] !== undefined) return false;
  return true;
}

/** Whether two JSON-like values are equal (chunk fields: strings, numbers, arrays, records). */
function sameValue(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  const a = x as Record<string, unknown>;
  const b = y as Record<string, unknown>;
  // As JSON sees them: a field that is undefined is no field.
  let count = 0;
  for (const key in a) {
    if (!sameValue(a[key], b[key])) return false;
    if (a[key] !== undefined) count++;
  }
  for (const key in b) if (b[key] !== undefined) count--;
  return count === 0;
}

/** The library's quality report over the chunks (what `chunkdown --report` prints). */
function qualityReport(
  chunks: readonly Chunk[],
  qualities: ReadonlyMap<string, ChunkQuality>,
  settings: Settings,
  checks: readonly ChunkChecks[],
): Report {
  const builder = new ReportBuilder({
    chunkSize: settings.chunkSize,
    maxOverflowRatio: settings.maxOverflowRatio,
    maxRawSize: settings.maxRawSize ?? undefined,
    unit: settings.unit === 'characters' ? 'characters' : 'cl100k_base',
  });
  builder.addFile(chunks.length);
  chunks.forEach((chunk, index) => {
    builder.addChunk({
      file: 'document',
      index,
      chunk,
      quality: qualities.get(chunk.id) as ChunkQuality,
      cutsWord: checks[index]?.cutsWord,
    });
  });
  return builder.build();
}

/**
 * An error as one line: its name and message.
 *
 * @param error What was thrown.
 * @returns The line.
 */
export function describe(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
