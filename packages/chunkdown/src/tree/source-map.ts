import type { Nodes } from 'mdast';
import { literalSyntax } from '../parse/containers.js';
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
 * The parts, in the order they are met: {@link rangeOf} (a node's source range),
 * {@link locateUnder} and {@link alignUnpositioned} (ranges for nodes made without a position),
 * {@link charSource} (where one character was written), which starts with {@link firstCursor}
 * and walks with {@link stepCharacter} (with {@link skipLinePrefix} at line starts).
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
  const map: MapState = { source, memory, found: new WeakMap() };
  return {
    source,
    char: (node, index) => charSource(map, node, index),
    range: (node) => rangeOf(map, node),
    locate(root) {
      if ('children' in root) locateUnder(map, root);
    },
  };
}

/** What the parts of one source map share. */
interface MapState {
  /** The document. */
  readonly source: string;
  /** What maps keep from split to split (alignment checkpoints, nodes fully positioned). */
  readonly memory: SourceMapMemory;
  /** Ranges found for nodes made without a position. */
  readonly found: WeakMap<Nodes, { start: number; end: number }>;
}

/**
 * The source range of a node: its position, or where it was found for a node made without one.
 *
 * @param map The map.
 * @param node Any node.
 * @returns Its range, or `undefined` when it has none.
 */
function rangeOf(map: MapState, node: Nodes): { start: number; end: number } | undefined {
  const position = node.position;
  if (position?.start.offset !== undefined && position.end.offset !== undefined) {
    return { start: position.start.offset, end: position.end.offset };
  }
  return map.found.get(node);
}

/**
 * Find the nodes without a position under `node` (aligned after their previous sibling),
 * skipping nodes known to have none.
 *
 * @param map The map.
 * @param node A parent.
 * @returns Whether every node under it has a position.
 */
function locateUnder(map: MapState, node: Nodes): boolean {
  if (map.memory.positioned.has(node)) return true;
  let complete = true;
  let cursor = rangeOf(map, node)?.start;
  for (const child of (node as { children: Nodes[] }).children) {
    const end = child.position?.end.offset;
    if (end !== undefined && child.position?.start.offset !== undefined) cursor = end;
    else {
      complete = false;
      const known = map.found.get(child);
      if (known) cursor = known.end;
      else if (cursor !== undefined) cursor = alignUnpositioned(map, child, cursor);
    }
    if ('children' in child && !locateUnder(map, child)) complete = false;
  }
  if (complete) map.memory.positioned.add(node);
  return complete;
}

/**
 * Align a node without a position that starts at `cursor` (its text character by character,
 * its children one after the other), and record its range.
 *
 * @param map The map.
 * @param node The node.
 * @param cursor Where it starts in the source.
 * @returns Where it ends.
 */
function alignUnpositioned(map: MapState, node: Nodes, cursor: number): number {
  map.found.set(node, { start: cursor, end: cursor });
  let end = cursor;
  const value = literalText(node);
  if (value !== undefined && 'value' in node) {
    end = value.length > 0 ? (charSource(map, node, value.length - 1)?.end ?? cursor) : cursor;
  } else if ('children' in node) {
    for (const child of node.children as Nodes[]) {
      const own = rangeOf(map, child);
      end = own ? own.end : alignUnpositioned(map, child, end);
    }
  }
  map.found.set(node, { start: cursor, end });
  return end;
}

/**
 * Where the character at `index` of a node's text was written: resumed from the last checkpoint
 * of the node's alignment at or before it, then walked character by character (a run of
 * characters the source wrote as themselves, inside a line, in one go).
 *
 * @param map The map.
 * @param node A node with text (`value`, or an image's `alt`).
 * @param index A position in its text.
 * @returns Where the character was written, or `undefined` when the node has no position.
 */
function charSource(map: MapState, node: Nodes, index: number): CharSource | undefined {
  const { source } = map;
  const value = literalText(node);
  if (value === undefined || index < 0 || index >= value.length) return undefined;
  const base = rangeOf(map, node)?.start;
  if (base === undefined) return undefined;
  const checkpoints = map.memory.alignments;
  let saved = checkpoints.get(node) as Cursor[] | undefined;
  if (!saved) {
    const first = firstCursor(source, node, base);
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
    const result = stepCharacter(source, value, cursor, code);
    checkpoint();
    if (cursor.index > index) return result;
  }
}

/**
 * Where the alignment of a node's text starts: at its start, or on the line after the opening
 * fence of fenced code and the `$$` of display math, or after the `$` of inline math.
 *
 * @param source The document.
 * @param node A node with text.
 * @param start Where the node starts in the source.
 * @returns The first cursor.
 */
function firstCursor(source: string, node: Nodes, start: number): Cursor {
  let offset = start;
  const literal = node.type === 'code' ? literalSyntax(node) : undefined;
  if (literal) {
    // A literal block starts on the line after its opening tag (and the option lines of a MyST
    // directive's opener).
    let lineEnd = source.indexOf('\n', offset);
    for (let line = literal.opener.split('\n').length; line > 1 && lineEnd !== -1; line--) {
      lineEnd = source.indexOf('\n', lineEnd + 1);
    }
    return { index: 0, offset: lineEnd === -1 ? source.length : lineEnd + 1, lineStart: true };
  }
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

/**
 * Align `value[cursor.index]`: a line ending, the character itself, an escape, a character
 * reference, or the character after markup the text does not hold. Advances the cursor.
 *
 * @param source The document.
 * @param value The node's text.
 * @param cursor Where the alignment stands (advanced).
 * @param code Whether the text is code or math (written as is: no escapes, no references).
 * @returns Where the character was.
 */
function stepCharacter(source: string, value: string, cursor: Cursor, code: boolean): CharSource {
  const v = value.charAt(cursor.index);
  let p = cursor.offset;

  if ((v === '\n' || v === '\r') && !(source.charAt(p) === '&' && entityLength(source, p) > 0)) {
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
    p = skipLinePrefix(source, value, cursor.index, p, code);
  }

  if (source.charAt(p) === v) {
    const entityHere = v === '&' ? entityLength(source, p) : 0;
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
    const length = entityLength(source, p);
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

/**
 * Skip the container prefix of a source line (`> `, list indentation), so the offset points at
 * the line's first character of text; a code line is the end of its source line.
 *
 * @param source The document.
 * @param value The node's text.
 * @param index Where the line starts in the text.
 * @param p Where the line starts in the source.
 * @param code Whether the text is code or math.
 * @returns Where the line's text starts in the source.
 */
function skipLinePrefix(
  source: string,
  value: string,
  index: number,
  p: number,
  code: boolean,
): number {
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

/** The length of the character reference (`&amp;`, `&#123;`) at `p`, or 0. */
function entityLength(source: string, p: number): number {
  entity.lastIndex = p;
  const match = entity.exec(source);
  return match ? match[0].length : 0;
}

/** Number of UTF-16 code units a numeric character reference decodes to. */
function codeUnits(reference: string): number {
  const hex = reference.charAt(2) === 'x' || reference.charAt(2) === 'X';
  const point = Number.parseInt(reference.slice(hex ? 3 : 2, -1), hex ? 16 : 10);
  return point > 0xffff && point <= 0x10ffff ? 2 : 1;
}
