import { headerOf } from '../internal.js';
import type {
  Chunk,
  ChunkParent,
  Container,
  Diagnostic,
  DocumentKind,
  Frontmatter,
} from '../types.js';
import type { OutputFormat } from './args.js';

/**
 * What index sync (`--previous`) says of a chunk: `add` when its id is not among the previous
 * run's chunks of its file (embed it), `keep` when it is (its vector is still right).
 */
export type ChunkOp = 'add' | 'keep';

/** One chunk as the CLI writes it: where it comes from, and the chunk with its metadata. */
export interface ChunkRecord extends Chunk {
  /** With `--previous`: whether the chunk is new or was there before (first in the record). */
  op?: ChunkOp;
  /** The file path as given or found (`<stdin>` for standard input). */
  file: string;
  /** 0-based position of the chunk in its file. */
  index: number;
  /** What kind of document the file is (`'record-list'` or `'prose'`). */
  kind: DocumentKind;
  /** SHA-256 (hex) of the file's bytes: a next run with `--previous` skips the file while it holds. */
  fileHash?: string;
  /** A hash of the options and the chunkdown version that made the chunk (see `--previous`). */
  optionsHash?: string;
  /** The file's front matter, on its first chunk only. */
  frontmatter?: Frontmatter;
  /** The docs dialects the file was read with, on its first chunk only (when any). */
  syntax?: string[];
  /** What the split reports about reading the file (MDX that did not parse), on its first chunk. */
  diagnostics?: Diagnostic[];
}

/**
 * A section parent as the CLI writes it (`--parents`): a `{"type":"parent",…}` record before the
 * first chunk whose `parentId` it is.
 */
export interface ParentRecord extends ChunkParent {
  /** With `--previous`: whether the parent is new or was there before (first in the record). */
  op?: ChunkOp;
  type: 'parent';
  /** The file path as given or found. */
  file: string;
  /** 0-based position of the parent among its file's parents. */
  index: number;
  /** As on chunk records. */
  fileHash?: string;
  /** As on chunk records. */
  optionsHash?: string;
}

/** A chunked file, as the formatters receive it. */
export interface ChunkedFile {
  file: string;
  chunks: readonly Chunk[];
  frontmatter: Frontmatter | undefined;
  kind: DocumentKind;
  syntax?: string[] | undefined;
  diagnostics?: Diagnostic[] | undefined;
  /** SHA-256 (hex) of the file's bytes, written on every record when known. */
  fileHash?: string | undefined;
  /** The hash of the run's options, written on every record when given. */
  optionsHash?: string | undefined;
  /** With `--previous`: the op of each chunk, by index. */
  ops?: readonly ChunkOp[] | undefined;
  /** With `--parents`: the file's parents. */
  parents?: readonly ChunkParent[] | undefined;
  /** With `--previous` and `--parents`: the op of each parent, by index. */
  parentOps?: readonly ChunkOp[] | undefined;
}

/**
 * Turn a chunked file into records, one per chunk: the op first when there is one, the hashes
 * after the chunk's fields, and the front matter on the first.
 *
 * @param chunked The file and its chunks.
 * @returns The records in chunk order.
 */
export function toRecords(chunked: ChunkedFile): ChunkRecord[] {
  const { ops, fileHash, optionsHash } = chunked;
  return chunked.chunks.map((chunk, index) => {
    const op = ops?.[index];
    const record: ChunkRecord = {
      ...(op ? { op } : {}),
      file: chunked.file,
      index,
      kind: chunked.kind,
      ...chunk,
    };
    if (fileHash !== undefined) record.fileHash = fileHash;
    if (optionsHash !== undefined) record.optionsHash = optionsHash;
    if (index === 0 && chunked.frontmatter) record.frontmatter = chunked.frontmatter;
    if (index === 0 && chunked.syntax && chunked.syntax.length > 0) record.syntax = chunked.syntax;
    if (index === 0 && chunked.diagnostics) record.diagnostics = chunked.diagnostics;
    return record;
  });
}

/**
 * The records of a chunked file in the order they are written: each parent (with `--parents`)
 * right before the first chunk that points to it, then the chunks.
 *
 * @param chunked The file, its chunks and parents.
 * @returns Parent and chunk records, in output order.
 */
export function toOutputRecords(chunked: ChunkedFile): Array<ChunkRecord | ParentRecord> {
  const chunks = toRecords(chunked);
  const parents = chunked.parents;
  if (!parents || parents.length === 0) return chunks;
  const { fileHash, optionsHash, parentOps } = chunked;
  const byId = new Map(parents.map((parent, index) => [parent.id, index]));
  const written = new Set<number>();
  const records: Array<ChunkRecord | ParentRecord> = [];
  const writeParent = (index: number) => {
    if (written.has(index)) return;
    written.add(index);
    const op = parentOps?.[index];
    const record: ParentRecord = {
      ...(op ? { op } : {}),
      type: 'parent',
      file: chunked.file,
      index,
      ...(parents[index] as ChunkParent),
    };
    if (fileHash !== undefined) record.fileHash = fileHash;
    if (optionsHash !== undefined) record.optionsHash = optionsHash;
    records.push(record);
  };
  for (const chunk of chunks) {
    const index = chunk.parentId === undefined ? undefined : byId.get(chunk.parentId);
    if (index !== undefined) writeParent(index);
    records.push(chunk);
  }
  // A parent no chunk points to (none is made so; kept so that nothing is dropped).
  for (let index = 0; index < parents.length; index++) writeParent(index);
  return records;
}

/**
 * Writes the output of a run piece by piece, so that nothing waits for the last file: text
 * before the first file, the text of each file in order, and text after the last.
 */
export interface Formatter {
  start(): string;
  file(chunked: ChunkedFile): string;
  end(): string;
}

/**
 * Create the formatter of an output format.
 *
 * - `jsonl`: one JSON object per line and chunk (and per parent, with `--parents`);
 * - `json`: one JSON array of the same objects;
 * - `text`: each chunk's markdown under a separator line with its file, position, sizes and id
 *   (and its `context` header, when there is one).
 *
 * @param format Output format.
 * @param unit Name of the size unit for `text` (`chars`, `tokens`).
 * @returns The formatter.
 */
export function createFormatter(format: OutputFormat, unit = 'chars'): Formatter {
  if (format === 'jsonl') {
    return {
      start: () => '',
      file: (chunked) =>
        toOutputRecords(chunked)
          .map((record) => `${JSON.stringify(record)}\n`)
          .join(''),
      end: () => '',
    };
  }
  if (format === 'json') {
    let first = true;
    return {
      start: () => '[',
      file: (chunked) =>
        toOutputRecords(chunked)
          .map((record) => {
            const separator = first ? '\n' : ',\n';
            first = false;
            return `${separator}${JSON.stringify(record)}`;
          })
          .join(''),
      end: () => (first ? ']\n' : '\n]\n'),
    };
  }
  return { start: () => '', file: (chunked) => formatText(chunked, unit), end: () => '' };
}

/**
 * Human-readable text of a chunked file.
 *
 * @param chunked The file and its chunks.
 * @param unit Name of the size unit.
 * @returns Each chunk under a separator line, followed by a blank line.
 */
export function formatText(chunked: ChunkedFile, unit: string): string {
  const total = chunked.chunks.length;
  return toRecords(chunked)
    .map((record) => {
      const facts = [
        `chunk ${record.index} of ${total}`,
        `${record.contentSize.toLocaleString('en-US')} ${unit}`,
        `raw ${record.rawSize.toLocaleString('en-US')}`,
        `id ${record.id}`,
      ];
      const header = `── ${record.file} · ${facts.join(' · ')} `;
      const lines = [header.padEnd(Math.max(72, header.length + 2), '─')];
      if (record.breadcrumbs.length > 0) {
        lines.push(`in: ${record.breadcrumbs.map((crumb) => crumb.text).join(' › ')}`);
      }
      if (record.parentId !== undefined) lines.push(`parent: ${record.parentId}`);
      const context = headerOf(record);
      if (context) lines.push(`context: ${context}`);
      const notes = describeDiagnostics(record);
      if (notes) lines.push(notes);
      if (record.frontmatter) lines.push(describeFrontmatter(record.frontmatter));
      if (record.syntax) lines.push(`syntax: ${record.syntax.join(', ')}`);
      for (const diagnostic of record.diagnostics ?? []) lines.push(describeReading(diagnostic));
      if (record.containers.length > 0) {
        lines.push(`in containers: ${record.containers.map(describeContainer).join(' › ')}`);
      }
      if (record.index === 0 && record.kind === 'record-list') {
        lines.push('kind: record-list (a record that must be split shares no chunk with another)');
      }
      lines.push('', record.text, '', '');
      return lines.join('\n');
    })
    .join('');
}

/**
 * One line about why a chunk is unusual (over the limit, cut, split as plain text), if it is.
 *
 * @param chunk The chunk.
 * @returns The line, or an empty string.
 */
export function describeDiagnostics(chunk: Pick<Chunk, 'overflow' | 'cut' | 'fallback'>): string {
  const notes: string[] = [];
  if (chunk.overflow) {
    const { reason, nodeType, size } = chunk.overflow;
    const what = reason === 'never-split' ? `never-split ${nodeType}` : reason;
    notes.push(`over the limit: ${what} (${size.toLocaleString('en-US')})`);
  }
  if (chunk.cut) notes.push('cut by the raw size cap');
  if (chunk.fallback) notes.push('split as plain text');
  return notes.length > 0 ? `note: ${notes.join('; ')}` : '';
}

/**
 * A diagnostic of the split on one line (`line 5, column 12: not MDX (…); lines 4-6 read without it`).
 *
 * @param diagnostic What the split reports.
 * @returns The line.
 */
export function describeReading(diagnostic: Diagnostic): string {
  const where = `line ${diagnostic.line}, column ${diagnostic.column}`;
  const [first, last] = diagnostic.lines ?? [diagnostic.line, diagnostic.line];
  const read = first === last ? `line ${first}` : `lines ${first}-${last}`;
  return `${where}: not ${diagnostic.syntax.toUpperCase()} (${diagnostic.reason}); ${read} read without it`;
}

function describeContainer(container: Container): string {
  const attributes = Object.entries(container.attributes ?? {})
    .map(([key, value]) => (value ? `${key}="${value}"` : key))
    .join(' ');
  const name =
    container.kind === 'jsx'
      ? `<${[container.name, attributes].filter(Boolean).join(' ')}>`
      : `${container.kind} ${container.name}`;
  return container.title && container.kind !== 'jsx' ? `${name} "${container.title}"` : name;
}

function describeFrontmatter(frontmatter: Frontmatter): string {
  if (frontmatter.error !== undefined) {
    return `front matter (${frontmatter.format}): did not parse: ${frontmatter.error.replace(/\s+/g, ' ')}`;
  }
  const json = JSON.stringify(frontmatter.data) ?? '';
  return `front matter (${frontmatter.format}): ${json.length > 100 ? `${json.slice(0, 99)}…` : json}`;
}
