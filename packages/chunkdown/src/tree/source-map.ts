import type { Nodes } from 'mdast';
import { literalText } from '../util/literal.js';

/** Where one character of a node's text was written in the source. */
export interface CharSource {
  /** Start offset in the source. */
  start: number;
  /** End offset in the source (exclusive). */
  end: number;
  /** Whether the source wrote the character as itself (not escaped, not a character reference). */
  plain: boolean;
}

/** Maps characters of parsed nodes' text (`value`, or an image's `alt`) back to the source. */
export interface SourceMap {
  /** The document the map is of. */
  readonly source: string;
  /**
   * Where the character at `index` of the node's text was written, or `undefined` when the node
   * has no position.
   */
  char(node: Nodes, index: number): CharSource | undefined;
  /** Source range of a node: its position, or where it was found for nodes made without one. */
  range(node: Nodes): { start: number; end: number } | undefined;
  /**
   * Find the source of nodes that plugins made without a position (the text around a GFM
   * literal autolink, and the link itself), by aligning them after their previous sibling.
   */
  locate(root: Nodes): void;
}

export interface Cursor {
  /** Value index of the next character to align. */
  index: number;
  /** Source offset where that character is looked for. */
  offset: number;
  lineStart: boolean;
}

/**
 * What source maps keep from split to split, of nodes reused from an earlier parse (a segment
 * whose text did not change: the same text over the same source, only shifted).
 */
export interface SourceMapMemory {
  /** Checkpoints of nodes' alignments, counted from each node's start. */
  alignments: WeakMap<Nodes, readonly Cursor[]>;
  /** Nodes whose every descendant has a position: `locate` has nothing to find in them. */
  positioned: WeakSet<Nodes>;
}

/** A memory for source maps (a splitter keeps one). */
export function createSourceMapMemory(): SourceMapMemory {
  return { alignments: new WeakMap(), positioned: new WeakSet() };
}

/** Every this many characters a node's alignment keeps a checkpoint to resume from. */
const CHECKPOINT = 256;
const entity = /&(?:#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,31});/y;

/**
 * Create a source map for one document. Text is aligned to the source lazily, once per node,
 * through escapes (`\*`), character references (`&amp;`) and container prefixes (`> `, list
 * indentation) at line starts; alignment keeps checkpoints, so queries in any order stay cheap.
 *
 * @param source
 *   The document, exactly as given.
 * @param memory
 *   What earlier maps kept (a splitter's memory).
 * @returns
 *   The map.
 */
export function createSourceMap(
  source: string,
  memory: SourceMapMemory = createSourceMapMemory(),
): SourceMap {
  const checkpoints = memory.alignments;
  const found = new WeakMap<Nodes, { start: number; end: number }>();

  function range(node: Nodes): { start: number; end: number } | undefined {
    const position = node.position;
    if (position?.start.offset !== undefined && position.end.offset !== undefined) {
      return { start: position.start.offset, end: position.end.offset };
    }
    return found.get(node);
  }

  /** Align a node without a position that starts at `cursor`; returns where it ends. */
  function align(node: Nodes, cursor: number): number {
    found.set(node, { start: cursor, end: cursor });
    let end = cursor;
    const value = literalText(node);
    if (value !== undefined && 'value' in node) {
      end = value.length > 0 ? (char(node, value.length - 1)?.end ?? cursor) : cursor;
    } else if ('children' in node) {
      for (const child of node.children as Nodes[]) {
        const own = range(child);
        end = own ? own.end : align(child, end);
      }
    }
    found.set(node, { start: cursor, end });
    return end;
  }

  /**
   * Find the nodes without a position under `node`, skipping nodes known to have none; returns
   * whether it has none.
   */
  function locate(node: Nodes): boolean {
    if (memory.positioned.has(node)) return true;
    let complete = true;
    let cursor = range(node)?.start;
    for (const child of (node as { children: Nodes[] }).children) {
      const end = child.position?.end.offset;
      if (end !== undefined && child.position?.start.offset !== undefined) cursor = end;
      else {
        complete = false;
        const known = found.get(child);
        if (known) cursor = known.end;
        else if (cursor !== undefined) cursor = align(child, cursor);
      }
      if ('children' in child && !locate(child)) complete = false;
    }
    if (complete) memory.positioned.add(node);
    return complete;
  }

  function begin(node: Nodes): Cursor | undefined {
    const start = range(node)?.start;
    if (start === undefined) return undefined;
    let offset = start;
    if (node.type === 'code') {
      // Fenced code starts on the line after the opening fence.
      let probe = offset;
      while (source.charCodeAt(probe) === 32) probe++;
      const fence = source.charAt(probe);
      // (An indented code block starts with its indentation: four spaces or a tab, and its text
      // may start with what looks like a fence.)
      if (
        probe - offset < 4 &&
        source.charCodeAt(probe) !== 9 &&
        (fence === '`' || fence === '~') &&
        source.startsWith(fence.repeat(3), probe)
      ) {
        const lineEnd = source.indexOf('\n', probe);
        offset = lineEnd === -1 ? source.length : lineEnd + 1;
        return { index: 0, offset, lineStart: true };
      }
    }
    if (node.type === 'math') {
      // Display math starts on the line after its opening `$$`.
      const lineEnd = source.indexOf('\n', offset);
      return { index: 0, offset: lineEnd === -1 ? source.length : lineEnd + 1, lineStart: true };
    }
    if (node.type === 'inlineMath') {
      while (source.charCodeAt(offset) === 36) offset++;
      return { index: 0, offset, lineStart: false };
    }
    return { index: 0, offset, lineStart: node.type === 'code' };
  }

  function char(node: Nodes, index: number): CharSource | undefined {
    const value = literalText(node);
    if (value === undefined || index < 0 || index >= value.length) return undefined;
    const base = range(node)?.start;
    if (base === undefined) return undefined;
    let saved = checkpoints.get(node) as Cursor[] | undefined;
    if (!saved) {
      const first = begin(node);
      if (!first) return undefined;
      saved = [{ ...first, offset: first.offset - base }];
      checkpoints.set(node, saved);
    }
    // Resume from the last checkpoint at or before `index`.
    let slot = Math.min(Math.floor(index / CHECKPOINT), saved.length - 1);
    while (slot > 0 && (saved[slot] as Cursor).index > index) slot--;
    const resumed = saved[slot] as Cursor;
    const cursor = { ...resumed, offset: resumed.offset + base };
    const points = saved;
    const checkpoint = () => {
      if (cursor.index >= points.length * CHECKPOINT) {
        points.push({ ...cursor, offset: cursor.offset - base });
      }
    };
    // Code and math hold their text as written: no escapes, no character references.
    const code = node.type === 'code' || node.type === 'math' || node.type === 'inlineMath';
    for (;;) {
      // Characters the source wrote as themselves, inside a line, need no step of their own.
      while (cursor.index < index && !cursor.lineStart) {
        const c = value.charCodeAt(cursor.index);
        if (c === 10 || c === 13 || c === 38 || source.charCodeAt(cursor.offset) !== c) break;
        cursor.index++;
        cursor.offset++;
        checkpoint();
      }
      const result = step(value, cursor, code);
      checkpoint();
      if (cursor.index > index) return result;
    }
  }

  /** Align `value[cursor.index]`, advance the cursor, and say where the character was. */
  function step(value: string, cursor: Cursor, code: boolean): CharSource {
    const v = value.charAt(cursor.index);
    let p = cursor.offset;

    if ((v === '\n' || v === '\r') && !(source.charAt(p) === '&' && matchEntity(p) > 0)) {
      while (p < source.length && source.charAt(p) !== '\n' && source.charAt(p) !== '\r') p++;
      let end = p + 1;
      if (v === '\n' && source.charAt(p) === '\r' && source.charAt(p + 1) === '\n') end = p + 2;
      cursor.index++;
      cursor.offset = Math.min(end, source.length);
      cursor.lineStart = true;
      return { start: p, end: cursor.offset, plain: true };
    }

    if (cursor.lineStart) {
      cursor.lineStart = false;
      p = skipPrefix(value, cursor.index, p, code);
    }

    if (source.charAt(p) === v) {
      const entityHere = v === '&' ? matchEntity(p) : 0;
      if (entityHere === 0 || value.startsWith(source.slice(p, p + entityHere), cursor.index)) {
        cursor.index++;
        cursor.offset = p + 1;
        return { start: p, end: p + 1, plain: source.charAt(p - 1) !== '\\' };
      }
    }
    if (!code && source.charAt(p) === '\\' && source.charAt(p + 1) === v) {
      cursor.index++;
      cursor.offset = p + 2;
      return { start: p, end: p + 2, plain: false };
    }
    if (!code && source.charAt(p) === '&') {
      const length = matchEntity(p);
      if (length > 0) {
        const reference = source.slice(p, p + length);
        const units = reference.startsWith('&#') ? codeUnits(reference) : 1;
        cursor.index += units;
        cursor.offset = p + length;
        return { start: p, end: p + length, plain: false };
      }
    }
    // Markup the text does not hold (a container prefix, a delimiter): skip to the character.
    let probe = p;
    while (
      probe < source.length &&
      probe - p < 64 &&
      source.charAt(probe) !== v &&
      source.charAt(probe) !== '\n'
    ) {
      probe++;
    }
    if (probe < source.length && source.charAt(probe) === v) {
      cursor.index++;
      cursor.offset = probe + 1;
      return { start: probe, end: probe + 1, plain: source.charAt(probe - 1) !== '\\' };
    }
    cursor.index++;
    return { start: p, end: p, plain: false };
  }

  /** Skip the container prefix of a source line, so `p` points at the line's first character of text. */
  function skipPrefix(value: string, index: number, p: number, code: boolean): number {
    let lineEnd = p;
    while (
      lineEnd < source.length &&
      source.charAt(lineEnd) !== '\n' &&
      source.charAt(lineEnd) !== '\r'
    )
      lineEnd++;
    if (code) {
      // A code line is the end of its source line, after the container prefix.
      let valueEnd = value.indexOf('\n', index);
      if (valueEnd === -1) valueEnd = value.length;
      const line = value.slice(index, valueEnd);
      if (lineEnd - p >= line.length && source.slice(lineEnd - line.length, lineEnd) === line) {
        return lineEnd - line.length;
      }
      return p;
    }
    const v = value.charAt(index);
    let q = p;
    while (q < lineEnd && source.charAt(q) !== v && ' \t>'.includes(source.charAt(q))) q++;
    return q;
  }

  function matchEntity(p: number): number {
    entity.lastIndex = p;
    const match = entity.exec(source);
    return match ? match[0].length : 0;
  }

  return {
    source,
    char,
    range,
    locate(root) {
      if ('children' in root) locate(root);
    },
  };
}

/** Number of UTF-16 code units a numeric character reference decodes to. */
function codeUnits(reference: string): number {
  const hex = reference.charAt(2) === 'x' || reference.charAt(2) === 'X';
  const point = Number.parseInt(reference.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
  return point > 0xffff && point <= 0x10ffff ? 2 : 1;
}
