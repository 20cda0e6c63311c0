import { WORD } from '../split/levels.js';
import type { Atomic, Leaf, Unit } from '../split/types.js';
import type { Overflow } from '../types.js';
import { literalText } from '../util/literal.js';
import { isParagraphPiece, leadsInto, type PlanStyle, planCuts } from './plan.js';

/** A chunk before it is rebuilt and serialized. */
export interface Draft {
  leaves: Leaf[];
  /** Estimated content size (an upper bound for additive size units). */
  size: number;
  /** Why the chunk is over the limit, when a unit had to be kept whole. */
  overflow: Overflow | null;
}

/**
 * When a unit must be split and the open chunk is smaller than this share of `chunkSize`, the
 * unit's first pieces join the open chunk instead of leaving it as a fragment; an open chunk of
 * more ends before the unit (a heading or a lead-in always takes the unit's start along, see
 * {@link decide}). For sections and blocks the share is small, because it is a threshold that
 * edits cross: an open chunk that grows past it or shrinks below it changes where the unit is cut,
 * and so every chunk of the unit. At half of `chunkSize` for blocks, that cost 0.03 changed chunks
 * per one-sentence edit at size 500 (issue 26). Inside a paragraph, the open chunk is the start
 * of the same paragraph (a sentence or two), which should not be left on its own.
 */
const SECTION_CARRY = 0.1;
const BLOCK_CARRY = 0.1;
const PARAGRAPH_PIECE_CARRY = 0.5;

/** The share of `chunkSize` below which the open chunk takes the start of `unit` along. */
function carryShare(unit: Unit): number {
  if (unit.kind === 'section') return SECTION_CARRY;
  return isParagraphPiece(unit.leaves()[0]) ? PARAGRAPH_PIECE_CARRY : BLOCK_CARRY;
}

/** The limits a packing works to. */
export interface Limits {
  /** Target content size. */
  chunkSize: number;
  /** `chunkSize × maxOverflowRatio`: a chunk goes up to this only to keep a unit whole. */
  maxSize: number;
  /**
   * Whether the limit is hard (re-splitting for `maxRawSize`): a heading then lets go of a unit
   * that cannot join it within the limit, instead of overflowing with it.
   */
  strict: boolean;
  /**
   * Under a hard limit, the limit itself when `maxSize` keeps a margin below it for estimates:
   * headings with nothing after them yet may use the margin to take the start of their content.
   */
  margin?: number | undefined;
  /** How the plan cuts (`planStyle` in `plan.ts`); by default neither roomy nor joining at weak cuts. */
  style?: PlanStyle;
}

/**
 * The chunk being filled. Invariants: `size` is the content of `leaves` with the separators
 * between its units (an upper bound for size units that do not add up); `leaves` is empty exactly
 * when nothing was placed since the last close; `leadsIn` holds when the last unit placed (past
 * thematic breaks) is a heading or a lead-in paragraph, or when the chunk has no content yet:
 * such a chunk must not end before something follows.
 */
interface OpenChunk {
  leaves: Leaf[];
  size: number;
  /** Separator after the last unit: counted only if another unit joins. */
  trail: number;
  /** Whether it holds content other than headings and thematic breaks. */
  content: boolean;
  leadsIn: boolean;
  overflow: Overflow | null;
}

/**
 * What to do with the next unit:
 *
 * | decision | when                                                                         |
 * |----------|------------------------------------------------------------------------------|
 * | `drop`   | a thematic break with no content before it in the chunk (never an edge)      |
 * | `join`   | it fits the open chunk (closer to the balanced target than a new chunk would |
 * |          | be, or the open chunk leads into it), or it is the first unit and fits       |
 * | `start`  | it fits `maxSize` on its own but not in the open chunk                       |
 * | `split`  | it does not fit: pack its parts (`close`: the open chunk is big enough to    |
 * |          | end first); a unit that cannot be split goes in whole (`whole`)              |
 *
 * A chunk that leads in (ends with a heading) is never closed before something follows it: a
 * unit too big to join it is split, so its first part joins.
 */
type Decision =
  | { do: 'drop' | 'join' | 'start' }
  | { do: 'split'; close: boolean; whole: 'join' | 'start' };

const JOIN: Decision = { do: 'join' };

/**
 * Decide where the next unit goes (see {@link Decision}).
 *
 * @param open
 *   The open chunk.
 * @param unit
 *   The unit.
 * @param target
 *   What the open chunk aims at: `chunkSize`, or under a hard limit an even share of what is left.
 * @param followingSize
 *   Size of the unit after this one (0 at the end, or before a break).
 * @param limits
 *   The limits.
 * @returns
 *   The decision.
 */
function decide(
  open: OpenChunk,
  unit: Unit,
  target: number,
  followingSize: number,
  limits: Limits,
): Decision {
  if (unit.kind === 'break') return open.content ? JOIN : { do: 'drop' };
  if (open.leaves.length === 0) {
    return unit.size <= limits.maxSize ? JOIN : { do: 'split', close: false, whole: 'join' };
  }
  if (open.leadsIn) {
    // A heading stays with the start of its content: what does not fit with it is split, and a
    // unit that cannot be split joins it whole (under a hard limit it starts a chunk instead).
    const next = open.size + open.trail + unit.size;
    if (next <= limits.maxSize || (!open.content && next <= (limits.margin ?? 0))) return JOIN;
    return { do: 'split', close: false, whole: limits.strict ? 'start' : 'join' };
  }
  const next = open.size + open.trail + unit.size;
  // Join the open chunk when that is closer to the balanced target, or when the unit could not
  // share a new chunk with the unit after it either (it would be left on its own).
  const stranded = followingSize > 0 && unit.size + followingSize > limits.chunkSize;
  if (
    next <= limits.chunkSize &&
    (next <= target || next - target < target - open.size || stranded)
  ) {
    return JOIN;
  }
  if (unit.size <= limits.maxSize) return { do: 'start' };
  // The pieces of a record share chunks with nothing else.
  if (unit.record) return { do: 'split', close: true, whole: 'start' };
  const carry = limits.chunkSize * carryShare(unit);
  return { do: 'split', close: open.size >= carry, whole: 'start' };
}

/**
 * Whether a unit is split only so that a heading (or lead-in) before it gets the start of it, and
 * that would cut it into words: a unit that fits `maxSize` is never split (SPEC §4), and a heading
 * that keeps one word of a code line, or the first words of a sentence, keeps nothing worth
 * having. Cuts at lines, items, sentences and clauses still give the heading its content's start.
 */
function splitsOnlyForLeadIn(unit: Unit, parts: readonly Unit[], maxSize: number): boolean {
  return unit.size <= maxSize && (parts[0]?.level ?? 0) >= WORD;
}

function emptyChunk(): OpenChunk {
  return { leaves: [], size: 0, trail: 0, content: false, leadsIn: false, overflow: null };
}

/**
 * Pack a unit into chunks. Units that fit stay whole; a unit that does not fit is split into its
 * next-smaller units, which are packed in order, ending chunks where the plan of their run says
 * (`plan.ts`: cut top down at the strongest boundaries, so that an edit moves only the
 * boundaries near it and no piece is a fragment). A chunk goes over
 * `chunkSize` only to keep a unit whole (up to `maxSize`), or when a unit cannot be split at all.
 * Headings stay with the start of their content; thematic breaks never sit at a chunk's edge.
 *
 * @param root
 *   The document's unit.
 * @param limits
 *   Target and maximum sizes, and whether the maximum is hard.
 * @returns
 *   Drafts in document order.
 */
export function pack(root: Unit, limits: Limits): Draft[] {
  const { chunkSize, maxSize, strict } = limits;
  const drafts: Draft[] = [];
  let open = emptyChunk();

  /** Whether a draft with content was made yet. */
  let anyContent = false;
  /** How many times the open chunk was closed (a plan holds for one open chunk). */
  let closed = 0;

  /** Place a unit in the open chunk; `ahead`: whether content follows it in the document. */
  const emit = (unit: Unit, ahead: boolean, atomic?: Atomic) => {
    if (open.leaves.length > 0) open.size += open.trail;
    for (const leaf of unit.leaves()) open.leaves.push(leaf);
    open.size += unit.size;
    open.trail = unit.trail ?? 0;
    if (unit.content) open.content = true;
    // A unit that leads in (see `leadsInto`), or a chunk without content yet, leads into the
    // content that follows: the chunk does not end there (in a document of headings only, it may).
    const leads = unit.kind === 'break' ? open.leadsIn : leadsInto(unit);
    open.leadsIn = ahead && (!open.content || leads);
    if (atomic && unit.size > maxSize) {
      if (!open.overflow || open.overflow.size < unit.size) {
        open.overflow = { reason: atomic.reason, nodeType: atomic.nodeType, size: unit.size };
      }
    } else if (open.size > maxSize && !open.overflow) {
      open.overflow = { reason: 'heading', nodeType: 'heading', size: open.size };
    }
  };

  const close = (last = false) => {
    const all = open.leaves;
    let start = 0;
    let end = all.length;
    while (start < end && isBreak(all[start] as Leaf)) start++;
    while (end > start && isBreak(all[end - 1] as Leaf)) end--;
    end = trimEnd(all, start, end);
    if (end > start) {
      const leaves = start === 0 && end === all.length ? all : all.slice(start, end);
      const previous = drafts[drafts.length - 1];
      if (
        last &&
        !open.content &&
        previous &&
        ((!strict && anyContent) || previous.size + open.size <= maxSize)
      ) {
        // Headings with nothing after them at the end of the document join the previous chunk
        // (under a hard limit only when they fit; in a document of headings only, too).
        for (const leaf of leaves) previous.leaves.push(leaf);
        previous.size += open.size;
        if (previous.size > maxSize && !previous.overflow) {
          previous.overflow = { reason: 'heading', nodeType: 'heading', size: open.size };
        }
      } else {
        drafts.push({ leaves, size: open.size, overflow: open.overflow });
        if (open.content) anyContent = true;
      }
    }
    open = emptyChunk();
    closed++;
  };

  /** Pack units in order; `after`: whether content follows them in the document. */
  const packAll = (units: readonly Unit[], after: boolean) => {
    const ahead: boolean[] = new Array(units.length);
    let seen = after;
    for (let index = units.length - 1; index >= 0; index--) {
      ahead[index] = seen;
      if ((units[index] as Unit).content) seen = true;
    }
    const policy = strict
      ? evenShares(units, chunkSize, () => open)
      : plannedCuts(
          units,
          chunkSize,
          limits.style,
          () => open,
          () => closed,
        );
    for (let index = 0; index < units.length; index++) {
      const unit = units[index] as Unit;
      const following = index + 1 < units.length ? (units[index + 1] as Unit) : undefined;
      const followingSize = following && following.kind !== 'break' ? following.size : 0;
      const { target, end } = policy.before(index);
      place(unit, target, followingSize, ahead[index] as boolean, end);
      policy.after(index);
    }
  };

  const place = (
    unit: Unit,
    target: number,
    followingSize: number,
    ahead: boolean,
    end = false,
  ): void => {
    if (
      !ahead &&
      !unit.content &&
      unit.kind !== 'break' &&
      !strict &&
      (open.content || anyContent)
    ) {
      // Headings with no content after them, at the end of the document, go with the content
      // before them.
      emit(unit, ahead);
      return;
    }
    let decision = decide(open, unit, target, followingSize, limits);
    // The chosen boundary ends the chunk even when the unit would fit.
    if (end && decision.do === 'join' && open.content && !open.leadsIn) decision = { do: 'start' };
    switch (decision.do) {
      case 'drop':
        return;
      case 'join':
        emit(unit, ahead);
        return;
      case 'start':
        close();
        emit(unit, ahead);
        return;
      case 'split': {
        let parts = unit.split();
        // A unit with nothing to split into (a container of no children: an MDC component or a
        // MyST directive of options only) is placed whole, never dropped.
        if (Array.isArray(parts) && parts.length === 0) {
          parts = { reason: 'never-split', nodeType: unit.leaves()[0]?.node.type ?? 'unknown' };
        }
        if (
          Array.isArray(parts) &&
          decision.whole === 'join' &&
          splitsOnlyForLeadIn(unit, parts, maxSize)
        ) {
          // A unit that fits is not cut into words to give a heading company: it joins whole.
          emit(unit, ahead);
          return;
        }
        if (!Array.isArray(parts)) {
          // Under a hard limit, a unit too big for any chunk is cut as text: headings before it
          // go along, at the start of its first piece.
          const cutAnyway = strict && unit.size > maxSize && !open.content;
          if (decision.whole === 'start' && !cutAnyway) close();
          emit(unit, ahead, parts);
          return;
        }
        if (decision.close) close();
        packAll(parts, ahead);
        // After the pieces of a record, the next record starts a chunk of its own.
        if (unit.record && !strict) close();
      }
    }
  };

  place(root, root.size, 0, false);
  close(true);
  return drafts;
}

/**
 * How the units of one run are cut into chunks: before each unit, what the open chunk aims at
 * and whether it ends before the unit even when the unit would fit; after each, what changed.
 */
interface Policy {
  before(index: number): { target: number; end: boolean };
  after(index: number): void;
}

/**
 * Under a hard limit (the raw size cap): each chunk aims at an even share of what is left of its
 * run (a run ends before a section too big to share a chunk), and ends where it is full.
 *
 * @param units
 *   The units being packed.
 * @param chunkSize
 *   The limit.
 * @param open
 *   The open chunk, as it is now.
 * @returns
 *   The policy.
 */
function evenShares(units: readonly Unit[], chunkSize: number, open: () => OpenChunk): Policy {
  const startsRun = (unit: Unit) => unit.kind === 'section' && unit.size > chunkSize;
  const sizeOf = (unit: Unit) => unit.size + (unit.trail ?? 0);
  let remaining = 0;
  let runEnd = 0;
  return {
    before(index) {
      if (index >= runEnd) {
        remaining = 0;
        runEnd = index;
        do {
          remaining += sizeOf(units[runEnd] as Unit);
          runEnd++;
        } while (runEnd < units.length && !startsRun(units[runEnd] as Unit));
      }
      const total = open().size + remaining;
      return { target: total / Math.max(1, Math.ceil(total / chunkSize)), end: false };
    },
    after(index) {
      remaining -= sizeOf(units[index] as Unit);
    },
  };
}

/**
 * Cuts planned top down for each run of units that fit a chunk (`plan.ts`): a chunk ends where
 * the plan says; the plan holds while the chunks close where it says, and is made again (from the
 * unit at hand to the end of its run) when a chunk closed elsewhere.
 *
 * @param units
 *   The units being packed.
 * @param chunkSize
 *   Target content size.
 * @param style
 *   How the plan cuts.
 * @param open
 *   The open chunk, as it is now.
 * @param closed
 *   How many times the open chunk was closed so far.
 * @returns
 *   The policy.
 */
function plannedCuts(
  units: readonly Unit[],
  chunkSize: number,
  style: PlanStyle | undefined,
  open: () => OpenChunk,
  closed: () => number,
): Policy {
  let cuts: ReadonlySet<number> = new Set();
  let planEnd = -1;
  let plannedAt = -1;
  let endsHere = false;
  let closedBefore = 0;
  return {
    before(index) {
      if (index >= planEnd || plannedAt !== closed()) {
        // A plan again within the same run ends where the run does.
        let end = Math.max(index, planEnd);
        while (end < units.length && (units[end] as Unit).size <= chunkSize) end++;
        const chunk = open();
        cuts =
          end === index
            ? new Set()
            : planCuts(
                units,
                index,
                end,
                {
                  placed: chunk.leaves.length > 0,
                  size: chunk.size,
                  trail: chunk.trail,
                  mayEnd: chunk.content && !chunk.leadsIn,
                },
                chunkSize,
                style,
              );
        planEnd = Math.max(end, index + 1);
        plannedAt = closed();
      }
      endsHere = cuts.has(index) && open().leaves.length > 0;
      closedBefore = closed();
      return { target: chunkSize, end: endsHere };
    },
    after() {
      // A chunk closed where the plan said: the plan holds.
      if (endsHere && closed() === closedBefore + 1) plannedAt = closed();
    },
  };
}

function isBreak(leaf: Leaf): boolean {
  return leaf.node.type === 'thematicBreak';
}

/**
 * Trim the whitespace a chunk ends with (the separator its last piece carries): shorten a
 * trailing slice, drop trailing whitespace-only slices and hard breaks.
 */
function trimEnd(leaves: Leaf[], start: number, end: number): number {
  while (end > start) {
    const leaf = leaves[end - 1] as Leaf;
    if (leaf.node.type === 'break') {
      end--;
      continue;
    }
    if (leaf.from < 0 && leaf.node.type !== 'text') return end;
    const value = literalText(leaf.node) ?? '';
    const from = Math.max(leaf.from, 0);
    const text = leaf.from < 0 ? value : value.slice(leaf.from, leaf.to);
    const kept = text.trimEnd().length;
    if (kept === text.length) return end;
    if (kept > 0) {
      leaves[end - 1] = { ...leaf, from, to: from + kept };
      return end;
    }
    end--;
  }
  return end;
}
