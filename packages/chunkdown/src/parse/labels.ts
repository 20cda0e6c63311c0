import type { Options } from 'mdast-util-from-markdown';

/**
 * Reference labels across the segments of a document parsed in pieces.
 *
 * Whether `[text][label]`, `[label]` or `[^label]` forms a reference is decided by the tokenizer
 * with one question: is `label` defined anywhere in the document? micromark keeps the labels
 * defined so far in two lists on its parser (`defined`, and GFM's `gfmFootnotes`), fills them as it
 * finds definitions, and asks them (`includes`) when it meets a reference; it asks only after the
 * whole document's definitions are in (a reference may come before its definition). Those two
 * questions are the only way one part of a document can change how another part is tokenized.
 *
 * So a segment parsed on its own gives the tree the whole document gives it when every question it
 * asked got the answer the whole document would give: whether the label is defined in some
 * segment. {@link labelHook} answers from a set of labels made known up front (plus the segment's
 * own) and records every question with its answer and every label the segment defines;
 * {@link wrongAnswers} tells, once all segments are parsed, whether a segment must be parsed again
 * with the document's labels made known. The labels a segment defines do not depend on the labels
 * made known (definitions are read before any reference), so they are taken from the first pass.
 */

/** The micromark syntax extension type, as `fromMarkdown` takes it. */
type SyntaxExtension = NonNullable<Options['extensions']>[number];

type ConstructRecord = NonNullable<SyntaxExtension['document']>;
type Construct = Extract<ConstructRecord[string], { tokenize: unknown }>;
type TokenizeContext = ThisParameterType<Construct['tokenize']>;

/** Labels by kind, as micromark normalizes them (see {@link normalizeLabel}). */
export interface KnownLabels {
  /** Labels of link and image definitions (`[label]: url`). */
  definitions: ReadonlySet<string>;
  /** Labels of GFM footnote definitions (`[^label]: text`), without the caret. */
  footnotes: ReadonlySet<string>;
}

/** What one parse did with labels of one kind. */
export interface LabelUse {
  /** Labels the parse defined itself. */
  defined: Set<string>;
  /** Labels the parse asked about and was told are defined. */
  found: Set<string>;
  /** Labels the parse asked about and was told are not defined. */
  missed: Set<string>;
}

/** What one parse did with labels: link definitions and footnotes apart. */
export interface LabelRecord {
  definitions: LabelUse;
  footnotes: LabelUse;
}

/**
 * A list of labels as micromark uses it (`push` when it finds a definition, `includes` when it
 * meets a reference), that also knows labels defined elsewhere and records what it was asked.
 */
class RecordingLabels {
  readonly use: LabelUse = { defined: new Set(), found: new Set(), missed: new Set() };
  readonly #known: ReadonlySet<string>;

  constructor(known: ReadonlySet<string>, already: readonly string[]) {
    this.#known = known;
    for (const label of already) this.use.defined.add(label);
  }

  includes(label: string): boolean {
    const answer = this.#known.has(label) || this.use.defined.has(label);
    (answer ? this.use.found : this.use.missed).add(label);
    return answer;
  }

  push(...labels: string[]): number {
    for (const label of labels) this.use.defined.add(label);
    return this.use.defined.size;
  }
}

/** The parts of micromark's parser that hold labels (`gfmFootnotes` is added by GFM). */
interface LabelLists {
  defined: unknown;
  gfmFootnotes?: unknown;
}

/**
 * A micromark extension that makes labels known to one parse and records what the parse does with
 * labels. It is a document construct tried at the first line start, before any definition is read
 * or any reference is asked about (nothing is tokenized before the first container check); there
 * it swaps the parser's two label lists for recording ones and takes itself out, so no later line
 * pays for it. It never matches anything.
 *
 * @param known
 *   Labels defined elsewhere in the document.
 * @returns
 *   The extension, and `record()`, which after the parse gives the labels it defined and asked
 *   about, or `undefined` when the parse never reached the first line (an empty text).
 */
export function labelHook(known: KnownLabels): {
  extension: SyntaxExtension;
  record(): LabelRecord | undefined;
} {
  let installed: { definitions: RecordingLabels; footnotes: RecordingLabels } | undefined;
  const construct: Construct = {
    name: 'chunkdownLabels',
    tokenize(this: TokenizeContext, _effects, _ok, nok) {
      if (!installed) {
        const parser = this.parser as unknown as LabelLists & {
          constructs: { document: Record<string, Construct[] | undefined> };
        };
        // A footnote definition on the first line is read before this construct is tried.
        const definitions = new RecordingLabels(known.definitions, listed(parser.defined));
        const footnotes = new RecordingLabels(known.footnotes, listed(parser.gfmFootnotes));
        parser.defined = definitions;
        parser.gfmFootnotes = footnotes;
        installed = { definitions, footnotes };
        const hooks = parser.constructs.document.null;
        const index = hooks?.indexOf(construct) ?? -1;
        if (hooks && index !== -1) hooks.splice(index, 1);
      }
      return nok;
    },
  };
  return {
    extension: { document: { null: [construct] } },
    record: () =>
      installed && {
        definitions: installed.definitions.use,
        footnotes: installed.footnotes.use,
      },
  };
}

function listed(value: unknown): string[] {
  return Array.isArray(value) ? (value as string[]) : [];
}

/**
 * Whether a parse was told something about a label that the whole document would answer
 * otherwise, given the labels the document defines.
 *
 * @param record
 *   What the parse did with labels.
 * @param document
 *   The labels all segments define.
 * @returns
 *   `true` when the parse must be done again with the document's labels known.
 */
export function wrongAnswers(record: LabelRecord, document: KnownLabels): boolean {
  return (
    wrongUse(record.definitions, document.definitions) ||
    wrongUse(record.footnotes, document.footnotes)
  );
}

function wrongUse(use: LabelUse, defined: ReadonlySet<string>): boolean {
  for (const label of use.found) if (!defined.has(label)) return true;
  for (const label of use.missed) if (defined.has(label)) return true;
  return false;
}

/**
 * Labels as micromark compares them: runs of spaces, tabs and line endings as one space, no space
 * at either end, case folded (lower, then upper case, so `ẞ` and `ß` match).
 *
 * @param label
 *   A label as written between its brackets.
 * @returns
 *   The normalized label.
 */
export function normalizeLabel(label: string): string {
  return label
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase();
}

/**
 * A guess of the link and image labels a document defines, from its text alone: every `[label]:`
 * at the start of a line (after indentation, `>` and list markers). Made known to every segment
 * of the first pass, so that a reference to a definition in another segment is usually answered
 * right the first time; a wrong guess only costs a second parse of the segments that asked about
 * it ({@link wrongAnswers}).
 *
 * Footnote labels are not guessed: GFM asks whether a footnote label is defined before it records
 * a footnote definition, and does not record it when told it is, so a first pass with footnote
 * labels made known would not tell which footnotes a segment defines. A segment that calls a
 * footnote defined in another one is parsed again.
 *
 * @param markdown
 *   The document.
 * @returns
 *   Guessed labels, normalized (no footnotes).
 */
export function guessLabels(markdown: string): KnownLabels {
  const definitions = new Set<string>();
  for (const match of markdown.matchAll(definitionStart)) {
    const label = match[1] as string;
    if (!label.startsWith('^')) definitions.add(normalizeLabel(label));
  }
  return { definitions, footnotes: new Set() };
}

/**
 * `[label]:` after what may stand before a definition on its line (each marker is followed by
 * exactly one space or tab before the rest of the run, so a match is found without backtracking).
 */
const definitionStart =
  /^[ \t>]*(?:(?:[-+*]|\d{1,9}[.)])[ \t][ \t>]*)*\[((?:[^\\[\]]|\\[\s\S]){1,999})\]:/gm;
