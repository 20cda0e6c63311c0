import type { KnownLabels, LabelRecord, LabelUse } from './labels.js';
import type { SegmentParse, SegmentParser } from './segmented.js';

/**
 * The segment parses one split used, by what they were read with and segment text, for the next
 * split of an edited document (`update`): a segment whose text did not change is not parsed
 * again, nor one whose parse failed (a dialect's construct that does not parse).
 */
export interface SegmentStore {
  readonly byText: ReadonlyMap<string, readonly StoredParse[]>;
  /** What the parses that failed threw. */
  readonly failed: ReadonlyMap<string, unknown>;
}

/** A segment's parse and what it was told about the labels it asked about. */
interface StoredParse {
  parse: SegmentParse;
  /** For each label it asked about: whether the labels made known held it. */
  definitions: ReadonlyMap<string, boolean>;
  footnotes: ReadonlyMap<string, boolean>;
}

/** Segment parsers that reuse the parses of a store, and the store of what they handed out. */
export interface SegmentReuse {
  /**
   * A parser that reuses what `parseSegment` gave before: `key` names what it reads with (the
   * dialects), so a segment read with other dialects is never handed out for it.
   */
  parserFor(key: string, parseSegment: SegmentParser): SegmentParser;
  /** The parses handed out so far (the next split's store). */
  store: SegmentStore;
}

/**
 * Parse segments, reusing a parse from an earlier split where the segment's text is the same and
 * every label it asked about is known or unknown as it was then: the parse is then the one a
 * fresh parser gives (it depends on nothing else). A parse is handed out once per split (a
 * document may repeat a segment), placed where it was (`parse.placed`).
 *
 * @param previous
 *   The store of an earlier split, if any.
 * @param parseSegment
 *   Parses a segment afresh.
 * @returns
 *   The parser and the store it fills.
 */
export function reuseSegments(previous: SegmentStore | undefined): SegmentReuse {
  const byText = new Map<string, StoredParse[]>();
  const failed = new Map<string, unknown>();
  const handed = new Set<SegmentParse>();
  const keep = (text: string, stored: StoredParse) => {
    handed.add(stored.parse);
    const list = byText.get(text);
    if (list) list.push(stored);
    else byText.set(text, [stored]);
  };
  const parserFor =
    (key: string, parseSegment: SegmentParser): SegmentParser =>
    (text, known, start) => {
      const keyed = `${key}\u0000${text}`;
      for (const stored of previous?.byText.get(keyed) ?? []) {
        if (handed.has(stored.parse) || !answersHold(stored, known)) continue;
        keep(keyed, stored);
        return stored.parse;
      }
      const error = failed.get(keyed) ?? previous?.failed.get(keyed);
      if (error !== undefined) {
        failed.set(keyed, error);
        throw error;
      }
      let parse: SegmentParse;
      try {
        parse = parseSegment(text, known, start);
      } catch (error) {
        failed.set(keyed, error);
        throw error;
      }
      keep(keyed, { parse, ...answersOf(parse.labels, known) });
      return parse;
    };
  return { parserFor, store: { byText, failed } };
}

function answersOf(
  labels: LabelRecord | undefined,
  known: KnownLabels,
): Pick<StoredParse, 'definitions' | 'footnotes'> {
  return {
    definitions: asked(labels?.definitions, known.definitions),
    footnotes: asked(labels?.footnotes, known.footnotes),
  };
}

function asked(use: LabelUse | undefined, known: ReadonlySet<string>): Map<string, boolean> {
  const answers = new Map<string, boolean>();
  if (!use) return answers;
  for (const label of use.found) answers.set(label, known.has(label));
  for (const label of use.missed) answers.set(label, known.has(label));
  return answers;
}

function answersHold(stored: StoredParse, known: KnownLabels): boolean {
  return holds(stored.definitions, known.definitions) && holds(stored.footnotes, known.footnotes);
}

function holds(answers: ReadonlyMap<string, boolean>, known: ReadonlySet<string>): boolean {
  for (const [label, answer] of answers) if (known.has(label) !== answer) return false;
  return true;
}
