import { GRAPHEME, HYPHEN, type Rank, WORD } from './levels.js';
import type { Atomic, Unit } from './types.js';

/**
 * What the cut algorithm needs to know about one kind of text (phrasing content, or the lines of
 * a code or HTML block), over offsets into it.
 */
export interface Cutter {
  /**
   * The separators of a level (or a stronger one) strictly inside `[a, b)`, as `[start, end]`
   * pairs of offsets; none when there are none or the kind of text has no such level.
   */
  separators(level: Rank, a: number, b: number): number[];
  /** Whether `[a, b)` may be cut inside words (after hyphens, between graphemes). */
  cutsGraphemes(a: number, b: number): boolean;
  /**
   * The unit of the piece `[a, b)`, whose separator after it runs to `sizeEnd`, that splits
   * further from `level` on (past `HYPHEN`: the piece was cut out of a word).
   */
  piece(a: number, b: number, sizeEnd: number, level: Rank): Unit;
  /** Why `[a, b)` cannot be cut at all. */
  atomic(a: number, b: number): Atomic;
  /** Whether `[a, b)` is only whitespace: such a piece goes with the separators around it. */
  blank(a: number, b: number): boolean;
}

/**
 * Cut `[a, b)` at its strongest boundaries, from `from` on: the first level with separators
 * inside the range gives the pieces, and each piece is cut again (when it does not fit) from the
 * next level. The one cut algorithm of every kind of text (STYLE §5).
 *
 * @param cutter
 *   The kind of text.
 * @param a
 *   Start of the range.
 * @param b
 *   End of the range.
 * @param sizeEnd
 *   End of the separator after the range (it goes with the last piece).
 * @param from
 *   The strongest level to try.
 * @returns
 *   At least two pieces, or why the range cannot be cut.
 */
export function cut(
  cutter: Cutter,
  a: number,
  b: number,
  sizeEnd: number,
  from: Rank,
): Unit[] | Atomic {
  for (let level = from; level <= GRAPHEME; level++) {
    if (level >= HYPHEN && !cutter.cutsGraphemes(a, b)) break;
    const spans = cutter.separators(level, a, b);
    if (spans.length === 0) continue;
    // Pieces hold no separator of this level, so they are cut further at the next one; a piece
    // cut at whitespace may still hold words of a script written without spaces.
    const next = level === WORD ? WORD : level + 1;
    const units: Unit[] = [];
    let start = a;
    for (let k = 0; k < spans.length; k += 2) {
      const spanStart = spans[k] as number;
      const spanEnd = spans[k + 1] as number;
      if (spanStart > start && !cutter.blank(start, spanStart)) {
        units.push(levelled(cutter.piece(start, spanStart, spanEnd, next), level));
      }
      start = spanEnd;
    }
    if (b > start && !cutter.blank(start, b))
      units.push(levelled(cutter.piece(start, b, sizeEnd, next), level));
    if (units.length > 1) return units;
  }
  return cutter.atomic(a, b);
}

/** A piece with the level it was cut out at. */
function levelled(unit: Unit, level: Rank): Unit {
  unit.level = level;
  return unit;
}
