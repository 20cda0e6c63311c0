import type { Text } from 'mdast';
import type { SafeConfig, State, Unsafe } from 'mdast-util-to-markdown';
import type { SourceMap } from '../tree/source-map.js';

/**
 * Escaping: the serializer asks only the unsafe patterns that can match, and text keeps the
 * escapes its source needed and gains no others.
 */

/**
 * `state.safe`, asked only about the unsafe patterns that can match: a pattern matches at its
 * character, so one whose character is in neither the value nor the characters around it cannot
 * escape anything. GFM brings about ninety patterns and each is a regular expression run over
 * the value; most prose holds a handful of their characters. A value with none of them, and no
 * backslash, is returned as it is.
 */
export function safeWith(
  state: State,
  safe: State['safe'],
  value: string,
  config: SafeConfig,
  marks: CharacterMarks,
): string {
  const all = state.unsafe;
  const before = config.before ?? '';
  const after = config.after ?? '';
  // Marks of the ASCII characters of the value and around it: this call's number.
  const mark = nextMark(marks);
  const { table } = marks;
  markAscii(before, table, mark);
  markAscii(value, table, mark);
  markAscii(after, table, mark);
  const patterns: Unsafe[] = [];
  // The text searched for a pattern whose character is not one ASCII character (made once).
  let around: string | undefined;
  for (const pattern of all) {
    const character = pattern.character;
    const code = character.length === 1 ? character.charCodeAt(0) : 128;
    if (code < 128) {
      if (table[code] === mark) patterns.push(pattern);
      continue;
    }
    around ??= `${before}${value}${after}`;
    if (around.includes(character)) patterns.push(pattern);
  }
  if (patterns.length === 0 && table[92] !== mark) return value;
  state.unsafe = patterns;
  try {
    return safe.call(state, value, config);
  } finally {
    state.unsafe = all;
  }
}

/** Per ASCII character, the number of the last `safeWith` call that saw it; the last number. */
export interface CharacterMarks {
  table: Uint32Array;
  last: number;
}

/** Marks for the `safeWith` calls of one serializer. */
export function createCharacterMarks(): CharacterMarks {
  return { table: new Uint32Array(128), last: 0 };
}

/** A number no mark holds yet: the numbers start again (the marks cleared) before they overflow. */
function nextMark(marks: CharacterMarks): number {
  if (marks.last === 0xffffffff) {
    marks.table.fill(0);
    marks.last = 0;
  }
  marks.last++;
  return marks.last;
}

/** Mark the ASCII characters of a text with `mark`. */
function markAscii(text: string, table: Uint32Array, mark: number): void {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) table[code] = mark;
  }
}

/** Whether text was written as it reads: no escape or reference, only container prefixes on later lines. */
export function verbatim(written: string, value: string): boolean {
  if (written === value) return true;
  if (!written.includes('\n')) return false;
  return (
    written
      .split(/\r?\n/)
      .map((line, index) => (index === 0 ? line : line.replace(/^[ \t>]*/, '')))
      .join('\n') === value
  );
}

/**
 * Drop escapes the serializer added to characters that the source wrote plainly. `value` is the
 * text written, found at `offset` in the text of the parsed node `source`; `startsLine` says
 * whether the output of the text starts a line, `blockColumn` the source column where the
 * paragraph (or heading) holding it starts.
 */
export function keepSourceEscapes(
  out: string,
  value: string,
  source: Text,
  offset: number,
  sourceMap: SourceMap,
  cutBefore: boolean,
  cutAfter: boolean,
  startsLine: boolean,
  blockColumn: number,
): string {
  // At a cut, the first and last words may now start a line or touch new markup: keep escapes there.
  const firstWordEnd = cutBefore ? wordEnd(value) : 0;
  const lastWordStart = cutAfter ? wordStart(value) : value.length;
  const text = sourceMap.source;
  // The first word of a line was plain in the source thanks to where the line started, which
  // the output does not keep (it writes every line of a paragraph at the paragraph's column):
  // `    ---` under a paragraph line is text, `---` a heading underline; a lazy `1.` less indented
  // than its list item's text is text, `1.` at the item's column a list. There the escapes stay.
  let lineStart = startsLine ? 0 : -1;
  let firstWord = startsLine;
  const moved = () => {
    if (!firstWord || lineStart < 0) return false;
    const written = sourceMap.char(source, offset + lineStart);
    if (written === undefined) return false;
    const shift = column(text, written.start) - blockColumn;
    return shift < 0 || shift >= 4;
  };
  let result = '';
  let o = 0;
  let j = 0;
  while (o < out.length) {
    const c = out.charAt(o);
    const v = value.charAt(j);
    if (c === '\\' && j < value.length && out.charAt(o + 1) === v && /[!-/:-@[-`{-~]/.test(v)) {
      const protectedEdge = j < firstWordEnd || j >= lastWordStart;
      const written = protectedEdge ? undefined : sourceMap.char(source, offset + j);
      result += written?.plain && !(blockStart.has(v) && moved()) ? v : `\\${v}`;
      o += 2;
      j++;
    } else if (c === v) {
      result += c;
      if (c === '\n') {
        lineStart = j + 1;
        firstWord = true;
      } else if (isSpace(c)) firstWord = false;
      o++;
      j++;
    } else if (c === '&') {
      const end = out.indexOf(';', o);
      if (end === -1) return out;
      const reference = out.slice(o, end + 1);
      result += reference;
      o = end + 1;
      j += String.fromCodePoint(Number.parseInt(reference.slice(3, -1), 16)).length;
    } else {
      return out;
    }
  }
  return result;
}

/** Characters whose escape at the start of a line keeps a block from starting there. */
const blockStart = new Set(['#', '>', '-', '+', '*', '=', '.', ')', '`', '~', '<', '_']);

/**
 * Column of a source offset: characters since the start of its line (a tab counts 4).
 *
 * @param text
 *   The source.
 * @param at
 *   An offset in it.
 * @returns
 *   The column, from 0.
 */
export function column(text: string, at: number): number {
  let columns = 0;
  for (let index = at - 1; index >= 0; index--) {
    const code = text.charCodeAt(index);
    if (code === 10 || code === 13) break;
    columns += code === 9 ? 4 : 1;
  }
  return columns;
}

/** End of the first word of a text (its leading whitespace included). */
function wordEnd(value: string): number {
  let index = 0;
  while (index < value.length && isSpace(value.charAt(index))) index++;
  while (index < value.length && !isSpace(value.charAt(index))) index++;
  return index;
}

/**
 * Start of the last word of a text (its trailing whitespace included). Scanned from the end: the
 * pattern `\S*\s*$` backtracks through every word before the last, quadratic on a long one.
 */
function wordStart(value: string): number {
  let index = value.length;
  while (index > 0 && isSpace(value.charAt(index - 1))) index--;
  while (index > 0 && !isSpace(value.charAt(index - 1))) index--;
  return index;
}

const space = /\s/;

function isSpace(character: string): boolean {
  return space.test(character);
}
