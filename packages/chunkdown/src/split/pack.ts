import { literalText } from '../literal.js';
import type { Overflow } from '../types.js';
import type { Atomic, Leaf, Unit } from './types.js';

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
 * unit's first pieces join the open chunk instead of leaving it as a fragment. A section joins
 * only a small remainder (its heading then sits inside the chunk); any other unit joins up to half.
 */
const SECTION_CARRY = 0.2;
const BLOCK_CARRY = 0.5;

/**
 * Pack a unit into chunks. Units that fit stay whole; a unit that does not fit is split into its
 * next-smaller units, which are packed in order, each chunk aiming at a balanced share of what is
 * left (`total / ⌈total / chunkSize⌉`) so the last piece is not a fragment. A chunk goes over
 * `chunkSize` only to keep a unit whole (up to `maxSize`), or when a unit cannot be split at all.
 * Headings stay with the start of their content; thematic breaks never sit at a chunk's edge.
 *
 * @param root
 *   The document's unit.
 * @param chunkSize
 *   Target content size.
 * @param maxSize
 *   `chunkSize × maxOverflowRatio`.
 * @param strict
 *   Whether the limit is hard (re-splitting for `maxRawSize`): a heading then lets go of a unit
 *   that cannot join it within the limit, instead of overflowing with it.
 * @returns
 *   Drafts in document order.
 */
export function pack(root: Unit, chunkSize: number, maxSize: number, strict = false): Draft[] {
  const drafts: Draft[] = [];
  let open: Leaf[] = [];
  let openSize = 0;
  /** Separator after the last unit of the open chunk: counted if another unit joins. */
  let openTrail = 0;
  let openContent = false;
  let lastIsHeading = false;
  let overflow: Overflow | null = null;

  const emit = (unit: Unit, atomic?: Atomic) => {
    if (open.length > 0) openSize += openTrail;
    for (const leaf of unit.leaves()) open.push(leaf);
    openSize += unit.size;
    openTrail = unit.trail ?? 0;
    if (unit.content) openContent = true;
    lastIsHeading =
      unit.kind === 'heading' || unit.leadIn === true || (lastIsHeading && unit.kind === 'break');
    if (atomic && unit.size > maxSize) {
      if (!overflow || overflow.size < unit.size) {
        overflow = { reason: atomic.reason, nodeType: atomic.nodeType, size: unit.size };
      }
    } else if (openSize > maxSize && !overflow) {
      overflow = { reason: 'heading', nodeType: 'heading', size: openSize };
    }
  };

  const close = (last = false) => {
    let start = 0;
    let end = open.length;
    while (start < end && isBreak(open[start] as Leaf)) start++;
    while (end > start && isBreak(open[end - 1] as Leaf)) end--;
    end = trimEnd(open, start, end);
    if (end > start) {
      const leaves = start === 0 && end === open.length ? open : open.slice(start, end);
      const previous = drafts[drafts.length - 1];
      if (
        last &&
        !openContent &&
        previous &&
        (previous.size + openSize <= maxSize || (leaves.length === 1 && !strict))
      ) {
        // Headings with nothing after them at the end of the document join the previous chunk
        // (under a hard limit only when they fit).
        for (const leaf of leaves) previous.leaves.push(leaf);
        previous.size += openSize;
        if (previous.size > maxSize && !previous.overflow) {
          previous.overflow = { reason: 'heading', nodeType: 'heading', size: openSize };
        }
      } else {
        drafts.push({ leaves, size: openSize, overflow });
      }
    }
    open = [];
    openSize = 0;
    openTrail = 0;
    openContent = false;
    lastIsHeading = false;
    overflow = null;
  };

  const packAll = (units: readonly Unit[]) => {
    // Balance within runs: a section too big to share a chunk starts a new run, so the content
    // before it is spread over its own chunks.
    let remaining = 0;
    let runEnd = 0;
    for (let index = 0; index < units.length; index++) {
      const unit = units[index] as Unit;
      if (index >= runEnd) {
        remaining = 0;
        runEnd = index;
        do {
          remaining += (units[runEnd] as Unit).size + ((units[runEnd] as Unit).trail ?? 0);
          runEnd++;
        } while (runEnd < units.length && !startsRun(units[runEnd] as Unit));
      }
      const total = openSize + remaining;
      const target = total / Math.max(1, Math.ceil(total / chunkSize));
      const following = index + 1 < units.length ? (units[index + 1] as Unit) : undefined;
      place(unit, target, following && following.kind !== 'break' ? following.size : 0);
      remaining -= unit.size + (unit.trail ?? 0);
    }
  };

  const startsRun = (unit: Unit) => unit.kind === 'section' && unit.size > chunkSize;

  const splitOrEmit = (unit: Unit) => {
    const parts = unit.split();
    if (Array.isArray(parts)) packAll(parts);
    else emit(unit, parts);
  };

  const place = (unit: Unit, target: number, followingSize = 0) => {
    if (unit.kind === 'break') {
      if (openContent) emit(unit);
      return;
    }
    if (open.length === 0) {
      if (unit.size <= maxSize) emit(unit);
      else splitOrEmit(unit);
      return;
    }
    if (lastIsHeading) {
      // A heading stays with the start of its content (a heading with no content of its own
      // lets go of the next one when they do not fit together).
      if (openSize + openTrail + unit.size <= maxSize) emit(unit);
      else if (!openContent && !unit.content) {
        close();
        place(unit, target, followingSize);
      } else if (!strict) splitOrEmit(unit);
      else {
        const parts = unit.split();
        if (Array.isArray(parts)) packAll(parts);
        else {
          close();
          emit(unit, parts);
        }
      }
      return;
    }
    const next = openSize + openTrail + unit.size;
    // Join the open chunk when that is closer to the balanced target, or when the unit could not
    // share a new chunk with the unit after it either (it would be left on its own).
    const stranded = followingSize > 0 && unit.size + followingSize > chunkSize;
    if (next <= chunkSize && (next <= target || next - target < target - openSize || stranded)) {
      emit(unit);
      return;
    }
    if (unit.size <= maxSize) {
      close();
      emit(unit);
      return;
    }
    const parts = unit.split();
    if (!Array.isArray(parts)) {
      close();
      emit(unit, parts);
      return;
    }
    const carry = chunkSize * (unit.kind === 'section' ? SECTION_CARRY : BLOCK_CARRY);
    if (openSize >= carry) close();
    packAll(parts);
  };

  place(root, root.size);
  close(true);
  return drafts;
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
