/**
 * The boundaries chunkdown cuts at, strongest first. A unit that fits is never cut; a unit that
 * does not fit is cut at its strongest boundaries first, and only a piece that still does not fit
 * is cut at the next level. (Mirrored in docs/method.md, "Boundary levels".)
 */
export const boundaryLevels = [
  /** Between sections, by heading rank (a section owns everything up to the next heading of its rank or higher). */
  'section',
  /** A thematic break inside a section. */
  'thematic-break',
  /** Between blocks: paragraphs, lists, tables, code blocks, block quotes, HTML. */
  'block',
  /** Between list items, table rows, blank-line groups of code, quoted blocks. */
  'item',
  /** Between code lines, or column groups of a row too wide for any chunk. */
  'line',
  /**
   * After `.` `!` `?` (not `e.g.`, `U.S.A.`, `3.14`, `v1.2.0`, `index.ts`), `。` `！` `？`, or a hard
   * break; also after a citation that follows the stop (`miles.[3] The`).
   */
  'sentence',
  /** After `;` or `:`, a dash between phrases, an ellipsis, or a full stop before a lowercase word. */
  'clause',
  /** After `,`, or before an item of an inline list (`… 2) the next`). */
  'phrase',
  /**
   * Between words: whitespace, or `Intl.Segmenter` words in scripts written without spaces.
   * Punctuation standing alone (a dash, an ellipsis) goes with the word before it, an enumerator
   * (`1)`, `•`) with the word after it.
   */
  'word',
  /** After a hyphen inside a word, only when a word may be split (the `word` rule, or `maxRawSize`). */
  'hyphen',
  /** Between graphemes, only when a word may be split (the `word` rule, or `maxRawSize`). */
  'grapheme',
] as const;

/** One of {@link boundaryLevels}. */
export type BoundaryLevel = (typeof boundaryLevels)[number];

/** The rank of a level: its index in {@link boundaryLevels} (smaller is stronger). */
export type Rank = number;

const rank = (level: BoundaryLevel): Rank => boundaryLevels.indexOf(level);

export const BLOCK: Rank = rank('block');
export const ITEM: Rank = rank('item');
export const LINE: Rank = rank('line');
export const SENTENCE: Rank = rank('sentence');
export const CLAUSE: Rank = rank('clause');
export const PHRASE: Rank = rank('phrase');
export const WORD: Rank = rank('word');
export const HYPHEN: Rank = rank('hyphen');
export const GRAPHEME: Rank = rank('grapheme');
/** Inside a token of code, at punctuation: the weakest place an overlap may start, after words. */
export const TOKEN: Rank = HYPHEN;

/** Where an overlap taken from the end of a unit's text may start, and how strong a boundary it is. */
export interface TailStart {
  at: number;
  rank: Rank;
}
