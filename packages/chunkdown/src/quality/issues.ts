import type { Chunk } from '../types.js';
import type { ChunkQuality } from './inspect.js';

/** What breaks a chunk: the only findings that count as issues. */
export type IssueKind =
  | 'unbalanced-fence'
  | 'unbalanced-container'
  | 'orphan-row'
  | 'cut-word'
  | 'over-limit'
  | 'over-raw-cap'
  | 'markup-only';

/** One issue of a chunk: what it is, how many of it, and a sentence that says so. */
export interface ChunkIssue {
  kind: IssueKind;
  count: number;
  /** `1 code fence left open`, `2 table rows without their header`. */
  message: string;
}

/** What {@link chunkIssues} reads. */
export interface IssueInput {
  chunk: Pick<Chunk, 'contentSize' | 'rawSize'>;
  quality: ChunkQuality;
  /** The options the chunk was made with. */
  settings: { chunkSize: number; maxOverflowRatio: number; maxRawSize?: number | null | undefined };
  /**
   * Whether the chunk starts or ends inside a word of the source (`cutsWord` of this module);
   * unknown when left out.
   */
  cutsWord?: boolean | null | undefined;
}

/**
 * The issues of one chunk: what breaks it, and only that. A chunk over `chunkSize` but within
 * `chunkSize × maxOverflowRatio` is what the options allow (information, not an issue), and so is
 * a tiny chunk; an unbalanced fence or container, a table row without its header, a word cut in
 * two, a chunk over the limit or the raw size cap, and a chunk of markup without text are issues.
 * `chunkdown --report`, `chunkdown/quality` and the visualizer count the same ones.
 *
 * @param input The chunk's sizes, its checks and the options.
 * @returns Its issues, in a fixed order (none for a chunk that stands on its own).
 */
export function chunkIssues(input: IssueInput): ChunkIssue[] {
  const { chunk, quality, settings } = input;
  const issues: ChunkIssue[] = [];
  const add = (kind: IssueKind, count: number) => {
    if (count > 0) issues.push({ kind, count, message: describeIssue(kind, count) });
  };
  add('unbalanced-fence', quality.unbalancedFences);
  add('unbalanced-container', quality.unbalancedContainers ?? 0);
  add('orphan-row', quality.orphanRows);
  add('cut-word', input.cutsWord ? 1 : 0);
  add('over-limit', chunk.contentSize > settings.chunkSize * settings.maxOverflowRatio ? 1 : 0);
  const cap = settings.maxRawSize;
  add('over-raw-cap', cap !== undefined && cap !== null && chunk.rawSize > cap ? 1 : 0);
  add('markup-only', quality.contentChars === 0 && chunk.rawSize > 0 ? 1 : 0);
  return issues;
}

/** Singular and plural of each issue's noun phrase, and what follows it. */
const PHRASES: Record<IssueKind, [one: string, many: string]> = {
  'unbalanced-fence': ['code fence left open', 'code fences left open'],
  'unbalanced-container': [
    'container not closed or not opened',
    'containers not closed or not opened',
  ],
  'orphan-row': ['table row without its header', 'table rows without their header'],
  'cut-word': ['word cut in two', 'words cut in two'],
  'over-limit': ['chunk over the size limit', 'chunks over the size limit'],
  'over-raw-cap': ['chunk over the raw size cap', 'chunks over the raw size cap'],
  'markup-only': ['chunk of markup without text', 'chunks of markup without text'],
};

/**
 * An issue in words, with its count and the right plural: `1 code fence left open`,
 * `3 table rows without their header`.
 *
 * @param kind The issue.
 * @param count How many.
 * @returns The sentence.
 */
export function describeIssue(kind: IssueKind, count: number): string {
  const [one, many] = PHRASES[kind];
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}

/**
 * A count and a noun, with the noun's plural when the count is not 1: `1 issue`, `2 issues`,
 * `0 chunks`.
 *
 * @param count The count.
 * @param one The noun for one.
 * @param many The noun for any other count (`one` + `s` when left out).
 * @returns The phrase.
 */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
