/**
 * Where phrasing text may be cut, ranked by the levels of `levels.ts`: sentence ends (not after an
 * abbreviation, a number or a file name), clause and phrase marks, whitespace, and word boundaries
 * of scripts written without spaces.
 */
import { CLAUSE, PHRASE, SENTENCE, WORD } from './levels.js';
import { segmentOffsets } from './segments.js';

const closers = new Set([')', ']', '}', '"', "'", '”', '’', '»', '」', '』', '）', '】', '》']);
const openers = new Set(['(', '[', '{', '"', "'", '“', '‘', '«', '「', '『', '（', '【', '《']);
const abbreviations = new Set(
  (
    'mr mrs ms dr prof sr jr st vs fig figs eq eqs no nos vol vols approx cf al ca inc ltd co corp ' +
    'dept est op ed eds rev gen gov jan feb mar apr jun jul aug sep sept oct nov dec mt ft resp'
  ).split(' '),
);

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

/** Boundary level of the whitespace `[start, end)`, from what stands around it. */
function classify(text: string, start: number, end: number): number {
  let level = WORD;
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) === 0x2028) {
      level = SENTENCE;
      break;
    }
  }
  let before = start - 1;
  while (before > 0 && closers.has(text.charAt(before))) before--;
  const c = text.charAt(before);
  let after = end;
  while (after < text.length && openers.has(text.charAt(after))) after++;
  const next = text.charAt(after);

  if (c === '.' || c === '!' || c === '?' || c === '…' || c === '。' || c === '！' || c === '？') {
    if (c === '.' && isAbbreviation(text, before)) return level;
    // A lowercase start after a full stop (`e.g. the`, or a name like `npm`) is a weaker end.
    if (next !== '' && /\p{Ll}/u.test(next)) return Math.min(level, CLAUSE);
    return SENTENCE;
  }
  if (level === SENTENCE) return level;
  if (c === ';' || c === ':' || c === '；' || c === '：') return CLAUSE;
  if (c === ',' || c === '，' || c === '、') return PHRASE;
  if ((c === '-' || c === '–' || c === '—') && isSpace(text.charCodeAt(before - 1))) return PHRASE;
  return level;
}

/** Whether the `.` at `dot` ends an abbreviation (`e.g.`, `U.S.A.`, `Dr.`, an initial). */
function isAbbreviation(text: string, dot: number): boolean {
  let start = dot;
  while (start > 0 && dot - start < 24 && !isSpace(text.charCodeAt(start - 1))) start--;
  let word = text.slice(start, dot);
  while (word.length > 0 && openers.has(word.charAt(0))) word = word.slice(1);
  if (word.length === 0) return false;
  if (/^\p{L}$/u.test(word)) return true;
  if (/^(?:\p{L}{1,3}\.)+\p{L}{1,3}$/u.test(word)) return true;
  return abbreviations.has(word.toLowerCase());
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
 * separator: whitespace ranked by what stands around it, and the stops of scripts written without
 * spaces.
 *
 * @param text
 *   The text.
 * @param a
 *   Start offset.
 * @param b
 *   End offset.
 * @param level
 *   The weakest level wanted (`SENTENCE` … `WORD`).
 * @returns
 *   Separator spans.
 */
export function boundaries(text: string, a: number, b: number, level: number): number[] {
  const spans: number[] = [];
  let i = a;
  while (i < b) {
    const code = text.charCodeAt(i);
    if (isSpace(code)) {
      const start = i;
      while (i < b && isSpace(text.charCodeAt(i))) i++;
      if (start > a && i < b && classify(text, start, i) <= level) spans.push(start, i);
      continue;
    }
    if (code > 0x3000) {
      const stop = cjkStops[text.charAt(i)];
      if (stop !== undefined && stop <= level) {
        let end = i + 1;
        while (end < b && closers.has(text.charAt(end))) end++;
        if (end < b && !isSpace(text.charCodeAt(end))) spans.push(end, end);
      }
    }
    i++;
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
