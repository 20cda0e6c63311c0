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
 * @returns
 *   Drafts in document order.
 */
export function pack(root: Unit, chunkSize: number, maxSize: number): Draft[] {
  const drafts: Draft[] = [];
  let open: Leaf[] = [];
  let openSize = 0;
  let openContent = false;
  let lastIsHeading = false;
  let overflow: Overflow | null = null;

  const emit = (unit: Unit, atomic?: Atomic) => {
    for (const leaf of unit.leaves()) open.push(leaf);
    openSize += unit.size;
    if (unit.content) openContent = true;
    lastIsHeading = unit.kind === 'heading' || (lastIsHeading && unit.kind === 'break');
    if (atomic && unit.size > maxSize) {
      if (!overflow || overflow.size < unit.size) {
        overflow = { reason: atomic.reason, nodeType: atomic.nodeType, size: unit.size };
      }
    } else if (openSize > maxSize && !overflow) {
      overflow = { reason: 'heading', nodeType: 'heading', size: openSize };
    }
  };

  const close = () => {
    let start = 0;
    let end = open.length;
    while (start < end && isBreak(open[start] as Leaf)) start++;
    while (end > start && isBreak(open[end - 1] as Leaf)) end--;
    end = trimEnd(open, start, end);
    if (end > start) {
      const leaves = start === 0 && end === open.length ? open : open.slice(start, end);
      if (!openContent && drafts.length > 0) {
        // Headings with nothing after them in the document join the previous chunk.
        const previous = drafts[drafts.length - 1] as Draft;
        for (const leaf of leaves) previous.leaves.push(leaf);
        previous.size += openSize;
      } else {
        drafts.push({ leaves, size: openSize, overflow });
      }
    }
    open = [];
    openSize = 0;
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
          remaining += (units[runEnd] as Unit).size;
          runEnd++;
        } while (runEnd < units.length && !startsRun(units[runEnd] as Unit));
      }
      const total = openSize + remaining;
      const target = total / Math.max(1, Math.ceil(total / chunkSize));
      place(unit, target);
      remaining -= unit.size;
    }
  };

  const startsRun = (unit: Unit) => unit.kind === 'section' && unit.size > chunkSize;

  const splitOrEmit = (unit: Unit) => {
    const parts = unit.split();
    if (Array.isArray(parts)) packAll(parts);
    else emit(unit, parts);
  };

  const place = (unit: Unit, target: number) => {
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
      // A heading stays with the start of its content.
      if (openSize + unit.size <= maxSize) emit(unit);
      else splitOrEmit(unit);
      return;
    }
    const next = openSize + unit.size;
    if (next <= chunkSize && (next <= target || next - target < target - openSize)) {
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
  close();
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
    const value = (leaf.node as { value?: string }).value ?? (leaf.node as { alt?: string }).alt ?? '';
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
