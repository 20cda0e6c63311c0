import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Diagnostic, SyntaxName } from '../types.js';
import { annotateContainers, blankScanned, groupScanned } from './containers.js';
import type { Dialect, ScannedContainer } from './dialect.js';
import { gfmSyntaxFor } from './gfm-syntax.js';
import { guessLabels, type KnownLabels, type LabelRecord, labelHook } from './labels.js';
import { flattenDeepBlocks, MAX_NESTING } from './nesting.js';
import { defaultParseSettings, gfmTreeExtensions, type ParseSettings } from './parse.js';
import {
  documentLines,
  parseInSegments,
  type SegmentParse,
  type SegmentParser,
  WholeReadFailed,
} from './segmented.js';

/** A document read with docs dialects. */
export interface DialectParse {
  tree: Root;
  /** The dialects it was read with (an MDX document that does not parse is read without MDX). */
  syntax: SyntaxName[];
  /** What went wrong on the way (MDX that did not parse). */
  diagnostics: Diagnostic[];
}

/** Indented containers (MkDocs) nested deeper than this are left as the indented code they parse as. */
const MAX_BODY_DEPTH = 16;

/**
 * Parse a document with docs dialects: CommonMark + GFM + each dialect's extensions, the lines of
 * the forms no extension reads blanked and turned into containers afterwards (`containers.ts`),
 * containers annotated with how they are written, blocks nested too deep made plain text (as
 * `parse` does). A dialect whose parse fails (MDX with a stray `{` or `<`) is dropped
 * and the document read again without it, with a diagnostic: never a throw, never lost text.
 *
 * A large document is read in segments, as `parse` reads one (`segmented.ts`), into the same
 * tree: no segment ends inside a stretch a dialect's construct may span across blank lines
 * (`spans`: a directive container, display math, a JSX element), and a segment whose parse
 * fails (MDX left open at its end: a JSX element or an expression the next segment closes) is
 * read again longer. When
 * the last one fails too, the document does not parse with its dialects, and it is read whole as
 * above.
 *
 * @param markdown
 *   The document (front matter blanked).
 * @param dialects
 *   The dialects to read it with.
 * @param parseWith
 *   Parses one segment of a large document (`update` hands one that reuses earlier parses).
 * @param settings
 *   When to parse in segments, and the nesting limits.
 * @returns
 *   The tree, the dialects used and the diagnostics.
 */
export function parseDialects(
  markdown: string,
  dialects: readonly Dialect[],
  parseWith: SegmentParser = dialectSegmentParser(dialects),
  settings: Partial<ParseSettings> = {},
): DialectParse {
  const options = { ...defaultParseSettings, ...settings };
  // The error of a read of the whole document with every dialect, when the segments made one.
  let failedWhole: unknown;
  if (markdown.length >= options.segmentAbove) {
    try {
      const tree = parseDialectSegments(markdown, dialects, parseWith, options);
      return { tree, syntax: dialects.map((dialect) => dialect.name), diagnostics: [] };
    } catch (error) {
      const cause = error instanceof WholeReadFailed ? error.failure : error;
      if (!dialects.some((dialect) => dialect.parser.diagnose?.(cause) !== undefined)) throw cause;
      if (error instanceof WholeReadFailed) failedWhole = cause;
    }
  }
  let active = [...dialects];
  const diagnostics: Diagnostic[] = [];
  const known = guessLabels(markdown);
  for (;;) {
    try {
      if (failedWhole !== undefined) {
        const failure = failedWhole;
        failedWhole = undefined;
        throw failure;
      }
      const tree = readWith(markdown, active, known, 0);
      flattenDeepBlocks(tree.children, markdown, MAX_NESTING);
      return { tree, syntax: active.map((dialect) => dialect.name), diagnostics };
    } catch (error) {
      const failed = active.find((dialect) => dialect.parser.diagnose?.(error) !== undefined);
      if (!failed?.parser.diagnose) throw error;
      diagnostics.push(failed.parser.diagnose(error) as Diagnostic);
      active = active.filter((dialect) => dialect !== failed);
    }
  }
}

/**
 * Parse a text with the dialects, its scanned containers grouped and its containers annotated. A
 * scanned container the parse did not leave its lines to (an opener inside an HTML block, as
 * CommonMark reads it) is dropped, and the text parsed again without it.
 */
function readWith(
  markdown: string,
  dialects: readonly Dialect[],
  known: KnownLabels,
  depth: number,
  labels?: LabelRecorder,
): Root {
  let scanned: ScannedContainer[] =
    depth < MAX_BODY_DEPTH
      ? dialects.flatMap((dialect) => dialect.parser.scan?.(markdown) ?? [])
      : [];
  scanned.sort((a, b) => a.open[0] - b.open[0]);
  for (;;) {
    const tree = parseBlanked(markdown, scanned, dialects, known, depth, labels);
    const failed = groupScanned(tree, markdown, scanned, (body) =>
      readWith(body, dialects, known, depth + 1, labels),
    );
    if (failed.length === 0) {
      annotateContainers(tree, markdown);
      return tree;
    }
    scanned = scanned.filter((each) => !failed.includes(each));
  }
}

/** Parse a text with the lines of its scanned containers blanked. */
function parseBlanked(
  markdown: string,
  scanned: readonly ScannedContainer[],
  dialects: readonly Dialect[],
  known: KnownLabels,
  depth: number,
  labels: LabelRecorder | undefined,
): Root {
  const text = blankScanned(markdown, scanned);
  const extensions = [
    gfmSyntaxFor(text),
    ...dialects.flatMap((dialect) => dialect.parser.micromark),
  ];
  // A body parsed on its own (an indented container) knows the labels the document defines, and
  // so does a segment (which records what it asked).
  if (labels) extensions.push(labels.hook(known));
  else if (depth > 0) extensions.push(labelHook(known).extension);
  return fromMarkdown(text, {
    extensions,
    mdastExtensions: [...gfmTreeExtensions, ...dialects.flatMap((dialect) => dialect.parser.mdast)],
  });
}

/**
 * Parse a large document in segments with docs dialects (see {@link parseDialects}).
 *
 * @throws
 *   What the last segment's parse throws.
 */
function parseDialectSegments(
  markdown: string,
  dialects: readonly Dialect[],
  parseWith: SegmentParser,
  settings: ParseSettings,
): Root {
  // The tokenizer's offsets start after a byte order mark: so do the segments'.
  const text = markdown.charCodeAt(0) === 0xfeff ? markdown.slice(1) : markdown;
  const lines = documentLines(text, settings.maxNesting);
  const spans = dialects
    .flatMap((dialect) => dialect.parser.spans?.(text) ?? [])
    .sort((a, b) => a[0] - b[0]);
  const tree = parseInSegments(text, settings, parseWith, {
    ...lines,
    cuts: cutsOutside(lines.cuts, spans),
  });
  for (const dialect of dialects) dialect.parser.checkSegmented?.(tree);
  return tree;
}

/** The cuts (in order) that fall inside no span (sorted by start): none strictly inside one. */
function cutsOutside(cuts: readonly number[], spans: ReadonlyArray<[number, number]>): number[] {
  if (spans.length === 0) return [...cuts];
  const kept: number[] = [];
  let index = 0;
  let reach = -1;
  for (const cut of cuts) {
    while (index < spans.length && (spans[index] as [number, number])[0] < cut) {
      reach = Math.max(reach, (spans[index] as [number, number])[1]);
      index++;
    }
    if (cut > reach) kept.push(cut);
  }
  return kept;
}

/**
 * The segment parser of a set of dialects: a segment read as {@link parseDialects} reads a
 * document, with the labels the rest of the document defines made known, recording what each of
 * its parses (the segment's, its containers' bodies') asked about labels.
 *
 * @param dialects
 *   The dialects.
 * @returns
 *   The parser.
 */
export function dialectSegmentParser(dialects: readonly Dialect[]): SegmentParser {
  return (text, known): SegmentParse => {
    const labels = new LabelRecorder();
    const tree = readWith(text, dialects, known, 0, labels);
    return { tree, labels: labels.record() };
  };
}

/** What the parses of one segment do with labels: a hook per parse, their records merged. */
class LabelRecorder {
  readonly #hooks: Array<ReturnType<typeof labelHook>> = [];

  /** The extension for one more parse. */
  hook(known: KnownLabels) {
    const hook = labelHook(known);
    this.#hooks.push(hook);
    return hook.extension;
  }

  /** Every label the parses defined, were told is defined, or were told is not. */
  record(): LabelRecord | undefined {
    const records = this.#hooks.flatMap((hook) => hook.record() ?? []);
    if (records.length === 0) return undefined;
    const merged: LabelRecord = {
      definitions: { defined: new Set(), found: new Set(), missed: new Set() },
      footnotes: { defined: new Set(), found: new Set(), missed: new Set() },
    };
    for (const record of records) {
      for (const kind of ['definitions', 'footnotes'] as const) {
        for (const part of ['defined', 'found', 'missed'] as const) {
          for (const label of record[kind][part]) merged[kind][part].add(label);
        }
      }
    }
    return merged;
  }
}
