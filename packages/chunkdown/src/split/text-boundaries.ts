/**
 * Where phrasing text may be cut, ranked by the levels of `levels.ts`: sentence ends (not after an
 * abbreviation, a number or a file name), clause and phrase marks, whitespace, and word boundaries
 * of scripts written without spaces.
 *
 * Text is read as words between whitespace. A word made only of punctuation (a dash, an ellipsis,
 * `[…]`, `&`) belongs to the word before it, and an enumerator (`1)`, `b.`, `•`) to the word after
 * it, so neither ever stands alone at a chunk's edge. A sentence end may carry a citation (a link,
 * a footnote reference, inline code, `[3]`) before its whitespace.
 */

import { segmentOffsets } from '../util/segmenter.js';
import { CLAUSE, PHRASE, SENTENCE, WORD } from './levels.js';

/** Stand-in for a node kept whole in flattened phrasing text (see `flatten.ts`). */
const ATOM = '\uFFFC';
/** Whitespace that is no boundary at all: it joins two words into one unit. */
const GLUE = Number.POSITIVE_INFINITY;

const closers = new Set([')', ']', '}', '"', "'", '”', '’', '»', '」', '』', '）', '】', '》']);
const openers = new Set(['(', '[', '{', '"', "'", '“', '‘', '«', '「', '『', '（', '【', '《']);

/** Abbreviations that never end a sentence: titles before a name, and Latin or reference terms. */
const inlineAbbreviations = new Set(
  (
    'mr mrs ms dr prof st mt ft gen gov rev hon capt col lt sgt vs cf fig figs eq eqs vol vols ' +
    'approx ca op viz e.g i.e n° nº'
  ).split(' '),
);
/** Abbreviations that end a sentence when a capitalized word follows (`… & Co. It closed.`). */
const finalAbbreviations = new Set(
  (
    'sr jr al inc ltd co corp dept est ed eds no nos resp jan feb mar apr jun jul aug sep sept ' +
    'oct nov dec'
  ).split(' '),
);
/**
 * Words that start sentences: after an initial or an initialism (`I.`, `U.S.`), one of these
 * makes the full stop a sentence end (`… in the U.S. How about you?`), a name does not
 * (`the U.S. Government`, `Albert I. Jones`).
 */
const starters = new Set(
  (
    'a an the this that these those it its he she we they you i there here how what when where ' +
    'why who which but and or so if in on at as for to our my his her their your then now also ' +
    'however thus some many most all each every no not one after before since while although ' +
    'because did do does is are was were can could will would should let please note see'
  ).split(' '),
);

const letterOrDigit = /[\p{L}\p{N}]/u;

function isSpace(code: number): boolean {
  return (
    code === 32 ||
    code === 9 ||
    code === 10 ||
    code === 13 ||
    code === 12 ||
    code === 0x2028 ||
    code === 0x3000
  );
}

function isTerminator(c: string): boolean {
  return c === '.' || c === '!' || c === '?' || c === '…' || c === '。' || c === '！' || c === '？';
}

function isDash(c: string): boolean {
  return c === '-' || c === '–' || c === '—' || c === '‐';
}

/** Start of the word (non-whitespace run) that ends at `end`. */
function wordStart(text: string, end: number): number {
  let start = end;
  while (start > 0 && !isSpace(text.charCodeAt(start - 1))) start--;
  return start;
}

/** End of the word (non-whitespace run) that starts at `start`. */
function wordEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && !isSpace(text.charCodeAt(end))) end++;
  return end;
}

/**
 * Whether a word is only punctuation that belongs to the word before it (a dash, an ellipsis,
 * `[…]`, closing marks, `&`): no letter, digit or node kept whole, and not only opening marks.
 */
function isTrailingPunctuation(word: string): boolean {
  if (word.length === 0 || letterOrDigit.test(word) || word.includes(ATOM)) return false;
  for (const char of word) if (!openers.has(char)) return true;
  return false;
}

/** An enumerator that may only be one: `1)`, `1.)`, `(a)`, `b)`, a bullet (`•`, `⁃9.`). */
const markedEnumerator = /^(?:\(?(?:\d{1,3}|[a-z])\.?\)|[•◦▪‣⁃](?:\d{1,3}\.?)?)$/u;
/** A bare enumerator (`2.`, `b.`): one only after its predecessor (`1.`, `a.`) nearby. */
const bareEnumerator = /^(?:\d{1,3}|[a-z])\.$/;

/**
 * Whether the word `[start, end)` is an enumerator of an inline list, which belongs to the item
 * it opens: a marked one (`1)`, `(a)`, a bullet), or a bare `2.` / `b.` that opens the text, follows
 * a bullet, a colon or a sentence end (a sentence is never just a number), or follows its
 * predecessor (`1.`, `a.`) in the text before; `in 2019. The` stays a sentence end.
 */
function isEnumerator(text: string, start: number, end: number): boolean {
  if (end - start > 6 || end === start) return false;
  const word = text.slice(start, end);
  if (markedEnumerator.test(word)) return word.charAt(0) === '(' || !insideParentheses(text, start);
  if (!bareEnumerator.test(word)) return false;
  let previousEnd = start;
  while (previousEnd > 0 && isSpace(text.charCodeAt(previousEnd - 1))) previousEnd--;
  if (previousEnd === 0) return true;
  const previous = text.slice(wordStart(text, previousEnd), previousEnd);
  if (/^[•◦▪‣⁃]$/u.test(previous)) return true;
  let last = previous.length - 1;
  while (last > 0 && closers.has(previous.charAt(last))) last--;
  if (/[.!?:;…。！？：]/u.test(previous.charAt(last))) return true;
  const value = word.slice(0, -1);
  const predecessor = /\d/.test(value)
    ? String(Number(value) - 1)
    : String.fromCharCode(value.charCodeAt(0) - 1);
  if (predecessor === '0' || predecessor === '`') return false;
  const window = text.slice(Math.max(0, start - 400), start);
  for (
    let at = window.lastIndexOf(`${predecessor}.`);
    at !== -1;
    at = window.lastIndexOf(`${predecessor}.`, at - 1)
  ) {
    if (
      (at === 0 || isSpace(window.charCodeAt(at - 1))) &&
      isSpace(window.charCodeAt(at + predecessor.length + 1))
    )
      return true;
    if (at === 0) break;
  }
  return false;
}

/** Whether a `(` before `at` (within a short stretch) is still open: `O(log n)` is no list. */
function insideParentheses(text: string, at: number): boolean {
  let depth = 0;
  for (let i = at - 1; i >= 0 && at - i < 200; i--) {
    const c = text.charAt(i);
    if (c === ')') depth++;
    else if (c === '(') {
      if (depth === 0) return true;
      depth--;
    }
  }
  return false;
}

/**
 * The mark that ends the text before the whitespace at `start`, looking through closing marks, a
 * citation (nodes kept whole, a bracketed group such as `[3]`) and an omission (`[…]`).
 *
 * @returns
 *   The index of the mark, or -1 before the start of the text.
 */
function markBefore(text: string, start: number): number {
  let i = start - 1;
  for (let round = 0; round < 4 && i >= 0; round++) {
    while (i > 0 && closers.has(text.charAt(i)) && text.charAt(i) !== ']') i--;
    const c = text.charAt(i);
    if (c === ATOM) {
      let j = i;
      while (j > 0 && text.charAt(j - 1) === ATOM) j--;
      // A node kept whole right after a sentence end is a citation: `miles.[x](url)`, `.[^1]`.
      if (j > 0 && isTerminator(text.charAt(j - 1))) return j - 1;
      return i;
    }
    if (c !== ']') return i;
    const open = text.lastIndexOf('[', i);
    if (open < 0 || i - open > 40 || /\s/.test(text.slice(open, i))) return i;
    const inner = text.slice(open + 1, i);
    if (/^(?:\.{3}|…)$/.test(inner)) {
      // An omission belongs to what stands before it: `stairways […]" (Smith)` goes on.
      let k = open;
      while (k > 0 && isSpace(text.charCodeAt(k - 1))) k--;
      if (k === 0) return open;
      i = k - 1;
      continue;
    }
    // A bracketed citation right after a sentence end: `miles.[3] The`.
    let k = open - 1;
    while (k > 0 && closers.has(text.charAt(k)) && text.charAt(k) !== ']') k--;
    if (k >= 0 && isTerminator(text.charAt(k))) return k;
    return i;
  }
  return i;
}

/** How many full stops end at `at` (an ellipsis written `...` or `. . .`), up to 8. */
function stopsEndingAt(text: string, at: number): number {
  let count = 0;
  for (let i = at; i >= 0 && at - i < 16; i--) {
    const c = text.charAt(i);
    if (c === '.') count++;
    else if (c === '…') count += 3;
    else if (!(c === ' ' && text.charAt(i - 1) === '.')) break;
  }
  return count;
}

/** Boundary level of the whitespace `[start, end)`, from what stands around it. */
function classify(text: string, start: number, end: number): number {
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 0x2028) return SENTENCE;
  }
  const nextWordEnd = wordEnd(text, end);
  const nextWord = text.slice(end, nextWordEnd);
  // Punctuation that belongs to the word before it never starts a piece: `Paris –`, `that . . .`.
  const nextIsEnumerator = isEnumerator(text, end, nextWordEnd);
  if (!nextIsEnumerator && isTrailingPunctuation(nextWord)) return GLUE;
  const previousStart = wordStart(text, start);
  // An enumerator stays with the item it opens, and so does punctuation that opens the text (or
  // a line after a hard break).
  if (isEnumerator(text, previousStart, start)) return GLUE;
  // So does a definition list's marker at the start of a line (`term`, then `: what it is`).
  if (isDefinitionMarker(text, previousStart, start)) return GLUE;
  if (opensLine(text, previousStart) && isTrailingPunctuation(text.slice(previousStart, start)))
    return GLUE;
  const level = markLevel(text, start, end);
  // A new item of an inline list is at least a phrase boundary.
  return nextIsEnumerator ? Math.min(level, PHRASE) : level;
}

/**
 * Whether the word `[start, end)` is the marker of a definition (Pandoc's, PHP Markdown Extra's
 * and MkDocs' definition lists: `:` or `~` first on a line, under its term).
 */
function isDefinitionMarker(text: string, start: number, end: number): boolean {
  if (end - start !== 1 || (text.charAt(start) !== ':' && text.charAt(start) !== '~')) return false;
  let at = start;
  while (at > 0 && (text.charAt(at - 1) === ' ' || text.charAt(at - 1) === '\t')) at--;
  return at === 0 || text.charAt(at - 1) === '\n' || text.charCodeAt(at - 1) === 0x2028;
}

/** Whether only whitespace without a hard break comes before `at`, back to the start of the text. */
function opensLine(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const code = text.charCodeAt(i);
    if (code === 0x2028) return true;
    if (!isSpace(code)) return false;
  }
  return true;
}

/** Boundary level of the whitespace `[start, end)` from the mark before it. */
function markLevel(text: string, start: number, end: number): number {
  const before = markBefore(text, start);
  if (before < 0) return WORD;
  const c = text.charAt(before);
  let after = end;
  while (after < text.length && openers.has(text.charAt(after))) after++;
  const next = text.charAt(after);
  const lowercase = next !== '' && /\p{Ll}/u.test(next);

  if (isTerminator(c)) {
    if (c === '.' || c === '…') {
      const stops = stopsEndingAt(text, before);
      // An ellipsis trails off (`is . . . I didn’t`); with a full stop after it, the sentence ends.
      if (stops === 3) return CLAUSE;
      if (c === '.' && stops === 1) {
        const kind = abbreviation(text, before);
        if (kind === 'inline') return WORD;
        if (kind === 'final') return /\p{Lu}/u.test(next) ? SENTENCE : WORD;
        if (kind === 'initial') return startsSentence(text, after) ? SENTENCE : WORD;
      }
    }
    // A lowercase start after a full stop (`e.g. the`, or a name like `npm`) is a weaker end.
    return lowercase ? CLAUSE : SENTENCE;
  }
  if (c === ';' || c === ':' || c === '；' || c === '：') return CLAUSE;
  if (c === ',' || c === '，' || c === '、') return PHRASE;
  // A dash between phrases: `Paris – the city of lights – is`. After a term that opens the
  // text as a node kept whole (`[name](url) - what it does`), the dash only introduces its
  // description: a phrase boundary.
  const dashStart = wordStart(text, start);
  if (isDash(c) && isTrailingPunctuation(text.slice(dashStart, start))) {
    let term = dashStart;
    while (term > 0 && isSpace(text.charCodeAt(term - 1))) term--;
    const atomTerm =
      term > 0 && text.charAt(term - 1) === ATOM && opensLine(text, wordStart(text, term));
    return atomTerm ? PHRASE : CLAUSE;
  }
  return WORD;
}

/** Whether the word at `at` is one that starts sentences. */
function startsSentence(text: string, at: number): boolean {
  let end = at;
  while (end < text.length && end - at < 12 && /\p{L}/u.test(text.charAt(end))) end++;
  if (end === at || !/\p{Lu}/u.test(text.charAt(at))) return false;
  return starters.has(text.slice(at, end).toLowerCase());
}

/**
 * What the `.` at `dot` ends: an abbreviation that never ends a sentence (`e.g.`, `Dr.`), one
 * that may (`Co.`, `Jr.`), an initial or initialism (`E.`, `U.S.A.`), or none.
 */
function abbreviation(text: string, dot: number): 'inline' | 'final' | 'initial' | undefined {
  let start = dot;
  while (start > 0 && dot - start < 24 && !isSpace(text.charCodeAt(start - 1))) start--;
  let word = text.slice(start, dot);
  while (word.length > 0 && openers.has(word.charAt(0))) word = word.slice(1);
  if (word.length === 0) return undefined;
  const lower = word.toLowerCase();
  if (inlineAbbreviations.has(lower)) return 'inline';
  if (finalAbbreviations.has(lower)) return 'final';
  if (/^\p{L}$/u.test(word)) return 'initial';
  if (/^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u.test(word)) return 'initial';
  return undefined;
}

const cjkStops: Record<string, number> = {
  '。': SENTENCE,
  '！': SENTENCE,
  '？': SENTENCE,
  '；': CLAUSE,
  '：': CLAUSE,
  '，': PHRASE,
  '、': PHRASE,
};

/**
 * Boundaries of `level` or stronger inside `[a, b)` of a text, as `[start, end]` pairs of the
 * separator: whitespace ranked by what stands around it, the stops of scripts written without
 * spaces, and an em dash between two words (`dew—yes`, after the dash).
 *
 * @param text
 *   The text.
 * @param a
 *   Start offset.
 * @param b
 *   End offset.
 * @param level
 *   The weakest level wanted (`SENTENCE` … `WORD`).
 * @param ranks
 *   When given, receives the level of each span, in order.
 * @returns
 *   Separator spans.
 */
export function boundaries(
  text: string,
  a: number,
  b: number,
  level: number,
  ranks?: number[],
): number[] {
  const spans: number[] = [];
  const add = (start: number, end: number, rank: number) => {
    spans.push(start, end);
    ranks?.push(rank);
  };
  let i = a;
  while (i < b) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      const start = i;
      while (i < b && isSpace(text.charCodeAt(i))) i++;
      if (start > a && i < b) {
        const rank = classify(text, start, i);
        if (rank <= level) add(start, i, rank);
      }
      continue;
    }
    if (code === 0x2014 && level >= CLAUSE && i > a && i + 1 < b) {
      if (letterOrDigit.test(text.charAt(i - 1)) && letterOrDigit.test(text.charAt(i + 1))) {
        add(i + 1, i + 1, CLAUSE);
      }
    } else if (code > 0x3000) {
      const stop = cjkStops[text.charAt(i)];
      if (stop !== undefined && stop <= level) {
        let end = i + 1;
        while (end < b && closers.has(text.charAt(end))) end++;
        if (end < b && !isSpace(text.charCodeAt(end))) add(end, end, stop);
      }
    }
    i++;
  }
  return spans;
}

/**
 * Places inside words where a word that may be split is cut first: after a hyphen between two
 * letters or digits (`aaaa-bbbb-` | `cccc`).
 *
 * @param text
 *   The text.
 * @param a
 *   Start offset.
 * @param b
 *   End offset.
 * @returns
 *   Empty separator spans after the hyphens.
 */
export function hyphenBoundaries(text: string, a: number, b: number): number[] {
  const spans: number[] = [];
  for (let i = text.indexOf('-', a); i !== -1 && i + 1 < b; i = text.indexOf('-', i + 1)) {
    if (i > a && letterOrDigit.test(text.charAt(i - 1)) && letterOrDigit.test(text.charAt(i + 1)))
      spans.push(i + 1, i + 1);
  }
  return spans;
}

const noSpaceScript =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
/**
 * Word boundaries (`Intl.Segmenter`) next to characters of scripts written without spaces.
 *
 * @param text
 *   The text.
 * @param a
 *   Start offset.
 * @param b
 *   End offset.
 * @returns
 *   Empty separator spans at the boundaries.
 */
export function segmentBoundaries(text: string, a: number, b: number): number[] {
  const slice = text.slice(a, b);
  if (!noSpaceScript.test(slice)) return [];
  const spans: number[] = [];
  for (const index of segmentOffsets(slice, 'word')) {
    const around = slice.slice(Math.max(0, index - 2), index + 2);
    if (noSpaceScript.test(around)) spans.push(a + index, a + index);
  }
  return spans;
}
