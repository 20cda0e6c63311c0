import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Chunk, ChunkParent } from '../types.js';
import { describeError, UsageError } from './errors.js';
import type { ChunkOp, ChunkRecord } from './format.js';
import type { ResolvedSettings } from './settings.js';

/**
 * Index sync (`--previous FILE`): the chunks of an earlier run, read from its JSONL, and what
 * changed since. A chunk line of this run says `"op": "add"` (its id is not among the previous
 * run's chunks of its file, or its `parentId` is not what it was there) or `"op": "keep"`; a
 * `{"op":"delete","id":…,"file":…}` line names each chunk of the previous run that is gone. A
 * file whose bytes hash as before, chunked with the same options, is not read again: its
 * previous lines are written back as `keep` lines.
 * Parent records (`--parents`, `{"type":"parent",…}`) are synced the same way, by their own ids:
 * `add` or `keep`, and `{"op":"delete","type":"parent","id":…,"file":…}` for a parent that is gone.
 *
 * @module
 */

/** One file of the previous run: the hashes its chunks were made with, their ids and lines. */
export interface PreviousFile {
  /** The file as the previous run named it. */
  file: string;
  /** The `fileHash` of its records; `undefined` when there is none or they disagree. */
  fileHash: string | undefined;
  /** The `optionsHash` of its records; `undefined` when there is none or they disagree. */
  optionsHash: string | undefined;
  /** The ids of its chunks, in order. */
  ids: string[];
  /** The ids of its parents (`--parents`), in order. */
  parentIds: string[];
  /** The `parentId` of each of its chunks that has one (`--parents`), by chunk id. */
  parentOf: Map<string, string>;
  /** Its chunk and parent lines as `keep` lines (without the line break), in order. */
  lines: string[];
}

/** The chunks of a previous run, by file, in the order the previous run wrote them. */
export type Previous = Map<string, PreviousFile>;

/** Values of `op` a chunk line may have. */
const chunkOps: Readonly<Record<string, ChunkOp>> = { add: 'add', keep: 'keep' };

/** Hex digits of an options hash. */
const optionsHashLength = 16;

/**
 * The hash of what a run's chunks depend on besides the text: the options and the chunkdown
 * version. Options left at their default hash as the default, so `--overlap 0` and no
 * `--overlap` agree.
 *
 * @param settings The run's resolved settings.
 * @param version The chunkdown version.
 * @param tokenizerHash The SHA-256 of the `tokenizer.json`'s bytes, which stands for its path.
 * @param extensionsHash The SHA-256 of the `--config` module's bytes, when it gives syntax
 *   extensions.
 * @returns 16 lowercase hex digits.
 */
export function optionsHash(
  settings: ResolvedSettings,
  version: string,
  tokenizerHash?: string,
  extensionsHash?: string,
): string {
  const normalized = {
    version,
    ...settings,
    tokenizer: tokenizerHash ?? settings.tokenizer,
    maxOverflowRatio: settings.maxOverflowRatio ?? 1,
    overlap: settings.overlap ?? 0,
    minChunkSize: settings.minChunkSize ?? 0,
    context: settings.context ?? false,
    syntax: settings.syntax ?? 'auto',
    // The config module's bytes stand for its path (and only with syntax extensions).
    ...(settings.extensions === undefined
      ? {}
      : { extensions: extensionsHash ?? settings.extensions }),
  };
  return createHash('sha256')
    .update(canonicalJson(normalized))
    .digest('hex')
    .slice(0, optionsHashLength);
}

/** JSON with object keys sorted at every level, so equal settings give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * Read the `--previous` file.
 *
 * @param path Path to read.
 * @param name The path as given, for messages.
 * @returns Its chunks by file.
 * @throws {UsageError} When it cannot be read or is not chunkdown JSONL.
 */
export async function readPrevious(path: string, name: string): Promise<Previous> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read --previous ${name}: ${describeError(error)}`);
  }
  return parsePrevious(text, name);
}

/**
 * Parse the JSONL of an earlier run: chunk lines (with or without `op`) and delete lines, which
 * are skipped, since what they name is gone. A chunk whose id its file already had (the same
 * output given twice) is read once.
 *
 * @param text The file's text.
 * @param name The path as given, for messages.
 * @returns Its chunks by file.
 * @throws {UsageError} On a line that is not JSON, or not a chunk or delete line of chunkdown.
 */
export function parsePrevious(text: string, name: string): Previous {
  const files: Previous = new Map();
  const seen = new Map<string, Set<string>>();
  let start = 0;
  let number = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    const end = newline === -1 ? text.length : newline;
    const line = text.slice(start, end).trim();
    start = end + 1;
    number++;
    if (line === '') continue;
    const record = parseLine(line, number, name);
    if (record === 'delete') continue;
    let entry = files.get(record.file);
    let ids = seen.get(record.file);
    if (!entry || !ids) {
      entry = {
        file: record.file,
        fileHash: record.fileHash,
        optionsHash: record.optionsHash,
        ids: [],
        parentIds: [],
        parentOf: new Map(),
        lines: [],
      };
      ids = new Set();
      files.set(record.file, entry);
      seen.set(record.file, ids);
    }
    const parent = record.type === 'parent';
    // Parent ids never equal chunk ids; the prefix keeps the two apart all the same.
    const key = parent ? `parent:${record.id}` : record.id;
    if (ids.has(key)) continue;
    ids.add(key);
    if (entry.fileHash !== record.fileHash) entry.fileHash = undefined;
    if (entry.optionsHash !== record.optionsHash) entry.optionsHash = undefined;
    (parent ? entry.parentIds : entry.ids).push(record.id);
    if (!parent && typeof record.parentId === 'string')
      entry.parentOf.set(record.id, record.parentId);
    entry.lines.push(keepLine(line, record));
  }
  return files;
}

/** What a chunk or parent line of the previous run must hold to be compared and written back. */
type PreviousRecord = Pick<ChunkRecord, 'op' | 'file' | 'id' | 'fileHash' | 'optionsHash'> & {
  type?: 'parent';
} & Record<string, unknown>;

/** A line of the previous run, checked: a chunk record, or `'delete'` for a delete line. */
function parseLine(line: string, number: number, name: string): PreviousRecord | 'delete' {
  const expected = 'expected the JSONL of an earlier `chunkdown --format jsonl` run';
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    throw new UsageError(`--previous ${name}: line ${number} is not JSON; ${expected}`);
  }
  const record = (
    value !== null && typeof value === 'object' && !Array.isArray(value) ? value : {}
  ) as Record<string, unknown>;
  const { op, file, id } = record;
  if (op === 'delete' && typeof file === 'string' && typeof id === 'string') return 'delete';
  const hashes = [record.fileHash, record.optionsHash];
  if (
    (op === undefined || (typeof op === 'string' && op in chunkOps)) &&
    (record.type === undefined || record.type === 'parent') &&
    typeof file === 'string' &&
    typeof id === 'string' &&
    typeof record.text === 'string' &&
    typeof record.index === 'number' &&
    hashes.every((hash) => hash === undefined || typeof hash === 'string')
  ) {
    return record as PreviousRecord;
  }
  throw new UsageError(
    `--previous ${name}: line ${number} is not a chunk, parent or delete line of chunkdown; ${expected}`,
  );
}

/** The line of a previous chunk as a `keep` line: the text as read, with the op in front. */
function keepLine(line: string, record: PreviousRecord): string {
  if (record.op === undefined && line.startsWith('{"')) return `{"op":"keep",${line.slice(1)}`;
  const written = `{"op":${JSON.stringify(record.op)},`;
  if (line.startsWith(written)) return `{"op":"keep",${line.slice(written.length)}`;
  // Written some other way (spaces, `op` not first): write it anew.
  const { op: _op, ...rest } = record;
  return JSON.stringify({ op: 'keep', ...rest });
}

/**
 * The chunks of a previous file as records (for the report of a run that skips the file).
 *
 * @param previous The file of the previous run.
 * @returns Its chunks, as the previous run wrote them (its parent lines left out).
 */
export function recordsOf(previous: PreviousFile): ChunkRecord[] {
  return previous.lines
    .map((line) => JSON.parse(line) as ChunkRecord & { type?: string })
    .filter((record) => record.type !== 'parent');
}

/** How many chunks and files a sync added, kept, deleted and skipped. */
export interface SyncCounts {
  added: number;
  kept: number;
  deleted: number;
  /** Parents (`--parents`) added, kept and deleted. */
  parents: { added: number; kept: number; deleted: number };
  /** Files skipped because their bytes and the options are as before. */
  unchanged: number;
  /** Files of this run. */
  files: number;
}

/**
 * The sync of one run against the previous one: decides what to skip, gives the ops of what
 * was chunked, and the delete lines of what is gone.
 */
export class IndexSync {
  readonly #previous: Previous;
  readonly #optionsHash: string;
  /** Files of the previous run that this run has written (again, or as changed). */
  readonly #written = new Set<string>();
  readonly #counts: SyncCounts = {
    added: 0,
    kept: 0,
    deleted: 0,
    parents: { added: 0, kept: 0, deleted: 0 },
    unchanged: 0,
    files: 0,
  };

  /**
   * @param previous The chunks of the previous run.
   * @param currentOptions The {@link optionsHash} of this run.
   */
  constructor(previous: Previous, currentOptions: string) {
    this.#previous = previous;
    this.#optionsHash = currentOptions;
  }

  /** Whether a chunk of the previous run was made with other options or another version. */
  get otherOptions(): boolean {
    for (const file of this.#previous.values()) {
      if (file.optionsHash !== this.#optionsHash) return true;
    }
    return false;
  }

  /** What the sync has done so far. */
  get counts(): Readonly<SyncCounts> {
    return { ...this.#counts, parents: { ...this.#counts.parents } };
  }

  /**
   * The previous chunks of a file, when they may be written back instead of chunking it: they
   * were made with this run's options and version, from bytes whose hash they record. The file
   * is unchanged when its bytes still hash to `fileHash`.
   *
   * @param file The file's name in this run.
   * @returns The previous file, or `undefined` to chunk the file.
   */
  candidate(file: string): (PreviousFile & { fileHash: string }) | undefined {
    const previous = this.#previous.get(file);
    if (previous?.fileHash === undefined || previous.optionsHash !== this.#optionsHash) {
      return undefined;
    }
    return previous as PreviousFile & { fileHash: string };
  }

  /**
   * Write a skipped file back: its previous lines, as `keep` lines.
   *
   * @param previous The file, from {@link IndexSync.candidate}, whose bytes hash as before.
   * @returns The lines, each ended by a line break.
   */
  reuse(previous: PreviousFile): string {
    this.#written.add(previous.file);
    this.#counts.files++;
    this.#counts.unchanged++;
    this.#counts.kept += previous.ids.length;
    this.#counts.parents.kept += previous.parentIds.length;
    return joinLines(previous.lines);
  }

  /**
   * Compare a chunked file with its previous chunks.
   *
   * @param file The file's name.
   * @param chunks Its chunks now.
   * @param parents Its parents now (`--parents`), if any.
   * @returns The op of each chunk and parent, and the delete lines of the previous chunks and
   *   parents that are gone.
   */
  compare(
    file: string,
    chunks: readonly Chunk[],
    parents: readonly ChunkParent[] = [],
  ): { ops: ChunkOp[]; parentOps: ChunkOp[]; deletes: string } {
    this.#written.add(file);
    this.#counts.files++;
    const previous = this.#previous.get(file);
    // A chunk whose parent changed is written as `add`: its record is not what the index has.
    const chunkSide = diff(
      previous?.ids ?? [],
      chunks,
      (chunk) => previous?.parentOf.get(chunk.id) === chunk.parentId,
    );
    for (const op of chunkSide.ops) this.#counts[op === 'add' ? 'added' : 'kept']++;
    this.#counts.deleted += chunkSide.gone.length;
    const parentSide = diff(previous?.parentIds ?? [], parents);
    for (const op of parentSide.ops) this.#counts.parents[op === 'add' ? 'added' : 'kept']++;
    this.#counts.parents.deleted += parentSide.gone.length;
    return {
      ops: chunkSide.ops,
      parentOps: parentSide.ops,
      deletes: deleteLines(file, chunkSide.gone) + deleteLines(file, parentSide.gone, 'parent'),
    };
  }

  /**
   * A file that could not be read or chunked this time: what it had is written back as
   * `keep` lines, so that a passing failure does not empty the index.
   *
   * @param file The file's name.
   * @returns Its previous lines (none when it is new).
   */
  failed(file: string): string {
    const previous = this.#previous.get(file);
    if (!previous) return '';
    this.#written.add(file);
    this.#counts.kept += previous.ids.length;
    this.#counts.parents.kept += previous.parentIds.length;
    return joinLines(previous.lines);
  }

  /**
   * The files of the previous run that this run has not written: deleted, or outside this run.
   *
   * @returns The files, in the previous run's order.
   */
  unwritten(): PreviousFile[] {
    return [...this.#previous.values()].filter((file) => !this.#written.has(file.file));
  }

  /**
   * Delete lines for every chunk of a file that is gone.
   *
   * @param previous The file of the previous run.
   * @returns The lines.
   */
  deleteFile(previous: PreviousFile): string {
    this.#counts.deleted += previous.ids.length;
    this.#counts.parents.deleted += previous.parentIds.length;
    return (
      deleteLines(previous.file, previous.ids) +
      deleteLines(previous.file, previous.parentIds, 'parent')
    );
  }
}

/**
 * The op of each item now (`keep` when its id was there before and `same` holds for it), and
 * the ids before that are gone.
 */
function diff<T extends { id: string }>(
  before: readonly string[],
  now: readonly T[],
  same: (item: T) => boolean = () => true,
): { ops: ChunkOp[]; gone: string[] } {
  const earlier = new Set(before);
  const ops = now.map((item): ChunkOp => (earlier.has(item.id) && same(item) ? 'keep' : 'add'));
  const ids = new Set(now.map((item) => item.id));
  return { ops, gone: [...earlier].filter((id) => !ids.has(id)) };
}

/**
 * The delete lines of chunks (or parents) that are gone: `{"op":"delete","id":…,"file":…}`, and
 * `{"op":"delete","type":"parent","id":…,"file":…}` for parents.
 *
 * @param file The file they were in.
 * @param ids Their ids.
 * @param type `'parent'` for parents.
 * @returns One line per id, each ended by a line break.
 */
export function deleteLines(file: string, ids: readonly string[], type?: 'parent'): string {
  return joinLines(
    ids.map((id) =>
      JSON.stringify(type ? { op: 'delete', type, id, file } : { op: 'delete', id, file }),
    ),
  );
}

function joinLines(lines: readonly string[]): string {
  return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}

/**
 * One line on what a sync did (`3 added, 1,180 kept, 2 deleted; 996 of 1,000 files unchanged`).
 *
 * @param counts The sync's counts.
 * @returns The line.
 */
export function describeSync(counts: Readonly<SyncCounts>): string {
  const n = (value: number) => value.toLocaleString('en-US');
  const chunks = `${n(counts.added)} added, ${n(counts.kept)} kept, ${n(counts.deleted)} deleted`;
  const { parents } = counts;
  const parentPart =
    parents.added + parents.kept + parents.deleted > 0
      ? `; parents ${n(parents.added)} added, ${n(parents.kept)} kept, ${n(parents.deleted)} deleted`
      : '';
  return `index sync: chunks ${chunks}${parentPart}; ${n(counts.unchanged)} of ${n(counts.files)} files unchanged`;
}
