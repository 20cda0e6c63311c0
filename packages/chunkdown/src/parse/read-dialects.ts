import type { Root, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Diagnostic } from '../types.js';
import { lineIndex } from '../util/line-starts.js';
import { firstIndexAtLeast } from '../util/sorted.js';
import { annotateContainers, blankScanned, groupScanned } from './containers.js';
import type { Dialect, ScannedContainer, SegmentedFailure } from './dialect.js';
import { annotateExtensionContainers } from './extension.js';
import { gfmSyntaxFor } from './gfm-syntax.js';
import { guessLabels, type KnownLabels, type LabelRecord, labelHook } from './labels.js';
import { flattenDeepBlocks, MAX_NESTING } from './nesting.js';
import { defaultParseSettings, gfmTreeExtensions, type ParseSettings } from './parse.js';
import {
  type DocumentLines,
  documentLines,
  parseInSegments,
  placeParse,
  plannedSegments,
  type SegmentParse,
  type SegmentParser,
  type SegmentRecovery,
} from './segmented.js';
import { type SourceText, sourceText } from './source-text.js';

/** A document read with docs dialects. */
export interface DialectParse {
  tree: Root;
  /** The dialects it was read with (their names). */
  syntax: string[];
  /**
   * What went wrong on the way: each stretch a dialect did not parse (MDX with a stray `{`),
   * read without that dialect, once.
   */
  diagnostics: Diagnostic[];
}

/**
 * The segment parser of a set of dialects: {@link dialectSegmentParser} by default; `update`
 * hands one that reuses earlier parses, the command line one that takes parses done ahead.
 */
export type DialectSegmentParsers = (dialects: readonly Dialect[]) => SegmentParser;

/** Indented containers (MkDocs) nested deeper than this are left as the indented code they parse as. */
const MAX_BODY_DEPTH = 16;

/**
 * Parse a document with docs dialects: CommonMark + GFM + each dialect's extensions, the lines of
 * the forms no extension reads blanked and turned into containers afterwards (`containers.ts`),
 * containers annotated with how they are written, blocks nested too deep made plain text (as
 * `parse` does).
 *
 * A small document is read whole. A large one, or one whose whole read fails, is read in segments
 * (`segmented.ts`) into the same tree: no segment ends inside a stretch a dialect's construct may
 * span across blank lines (`spans`: a directive container, display math, a JSX element), a
 * segment left open at its end (a JSX element the next segment closes) is read again longer,
 * and a block a dialect does not parse (MDX with a stray `{` or `<`) is read without that
 * dialect, with a diagnostic: only that block, never the whole document again, never a throw,
 * never lost text. The work is linear in the document.
 *
 * @param source
 *   The document (front matter blanked): the text its dialects were detected in, whose lines
 *   and scans the whole read and the cuts of a segmented one use again.
 * @param dialects
 *   The dialects to read it with.
 * @param parsersFor
 *   The segment parser of a set of dialects.
 * @param settings
 *   When to parse in segments, and the nesting limits.
 * @returns
 *   The tree, the dialects used and the diagnostics.
 */
export function parseDialects(
  source: SourceText,
  dialects: readonly Dialect[],
  parsersFor: DialectSegmentParsers = dialectSegmentParser,
  settings: Partial<ParseSettings> = {},
): DialectParse {
  const markdown = source.text;
  const options = { ...defaultParseSettings, ...settings };
  const syntax = dialects.map((dialect) => dialect.name);
  if (markdown.length < options.segmentAbove) {
    try {
      const tree = readWith(source, dialects, guessLabels(markdown), 0);
      flattenDeepBlocks(tree.children, markdown, MAX_NESTING);
      return { tree, syntax, diagnostics: [] };
    } catch (error) {
      if (failedDialect(dialects, error) === undefined) throw error;
    }
  }
  const diagnostics: Diagnostic[] = [];
  const tree = parseDialectSegments(source, dialects, parsersFor, options, diagnostics);
  // Found as the segments go (a block before the one found first fails later): in order.
  diagnostics.sort((a, b) => (a.lines?.[0] ?? a.line) - (b.lines?.[0] ?? b.line));
  return { tree, syntax, diagnostics };
}

/** The dialect whose parse failed with `error`, if any. */
function failedDialect(dialects: readonly Dialect[], error: unknown): Dialect | undefined {
  return dialects.find((dialect) => dialect.parser.diagnose?.(error) !== undefined);
}

/**
 * Parse a text with the dialects, its scanned containers grouped and its containers annotated. A
 * scanned container the parse did not leave its lines to (an opener inside an HTML block, as
 * CommonMark reads it) is dropped, and the text parsed again without it.
 */
function readWith(
  source: SourceText,
  dialects: readonly Dialect[],
  known: KnownLabels,
  depth: number,
  labels?: LabelRecorder,
): Root {
  const markdown = source.text;
  let scanned: ScannedContainer[] =
    depth < MAX_BODY_DEPTH
      ? dialects.flatMap((dialect) => dialect.parser.scan?.(source) ?? [])
      : [];
  scanned.sort((a, b) => a.open[0] - b.open[0]);
  for (;;) {
    const tree = parseBlanked(markdown, scanned, dialects, known, depth, labels);
    const failed = groupScanned(tree, markdown, scanned, (body) =>
      readWith(sourceText(body), dialects, known, depth + 1, labels),
    );
    if (failed.length === 0) {
      annotateContainers(tree, markdown);
      annotateExtensionContainers(tree, markdown, dialects);
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
 * Parse a document in segments with docs dialects (see {@link parseDialects}), each block a
 * dialect does not parse read without the dialects that may fail.
 */
function parseDialectSegments(
  source: SourceText,
  dialects: readonly Dialect[],
  parsersFor: DialectSegmentParsers,
  settings: ParseSettings,
  diagnostics: Diagnostic[],
): Root {
  // The tokenizer's offsets start after a byte order mark: so do the segments'.
  const bom = source.text.charCodeAt(0) === 0xfeff;
  const text = bom ? source.text.slice(1) : source.text;
  const lines = dialectDocumentLines(bom ? sourceText(text) : source, dialects, settings);
  const recovery = dialectRecovery(text, lines, dialects, parsersFor, diagnostics);
  const tree = parseInSegments(text, settings, parsersFor(dialects), lines, recovery);
  // What only a whole read finds (MDX: an import declared in two segments): the blocks those
  // are in are read without the dialect, as a whole read that fails there.
  const failures = dialects.flatMap((dialect) => dialect.parser.checkSegmented?.(tree) ?? []);
  if (failures.length > 0) readAgainWithout(tree, text, lines, recovery, failures);
  return tree;
}

/**
 * The lines and cuts of a document read with dialects: no cut inside a stretch a dialect's
 * construct spans across blank lines.
 */
function dialectDocumentLines(
  source: SourceText,
  dialects: readonly Dialect[],
  settings: ParseSettings,
): DocumentLines {
  const found = documentLines(source.text, settings.maxNesting);
  const spans = dialects
    .flatMap((dialect) => dialect.parser.spans?.(source) ?? [])
    .filter(([start, end]) => end - start <= MAX_SPAN)
    .sort((a, b) => a[0] - b[0]);
  return { ...found, cuts: cutsOutside(found.cuts, spans) };
}

/**
 * The longest stretch a dialect's construct holds cuts in (in characters): a longer one (a `<div>`
 * paired with a `</div>` pages later, a container never closed) keeps its cuts, so no stretch is
 * read as one segment, nor read again without the dialect as one block; a construct that long
 * and real is read by a segment that grows over it.
 */
const MAX_SPAN = 64 * 1024;

/**
 * The segments {@link parseDialects} parses a large document in when none fails and none ends
 * inside a block: what can be parsed ahead (on worker threads) and looked up.
 *
 * @param body
 *   The document (front matter blanked, no byte order mark).
 * @param dialects
 *   The dialects it is read with.
 * @returns
 *   `[start, end)` offsets in order; none when a line nests too deep (the parse then decides
 *   where the segments go).
 */
export function plannedDialectSegments(
  body: string,
  dialects: readonly Dialect[],
): Array<[number, number]> {
  const settings = defaultParseSettings;
  const lines = dialectDocumentLines(sourceText(body), dialects, settings);
  if (lines.deep.some((line) => line.depth > settings.maxSourceNesting)) return [];
  return plannedSegments(body, lines, settings.size);
}

/**
 * How the segments of a document read with dialects recover from a block a dialect does not
 * parse: read without every dialect that may fail, with a diagnostic that names its lines.
 */
function dialectRecovery(
  text: string,
  lines: DocumentLines,
  dialects: readonly Dialect[],
  parsersFor: DialectSegmentParsers,
  diagnostics: Diagnostic[],
): SegmentRecovery {
  const fallback = parsersFor(dialects.filter((dialect) => !dialect.parser.diagnose));
  return {
    locate(error, segment) {
      const dialect = failedDialect(dialects, error);
      if (!dialect) return undefined;
      return dialect.parser.locate?.(error, segment) ?? { at: undefined, open: false };
    },
    fallback,
    fellBack(start, end, error, segmentStart) {
      const dialect = failedDialect(dialects, error) as Dialect;
      diagnostics.push(fallbackDiagnostic(dialect, error, text, lines, [start, end], segmentStart));
    },
  };
}

/**
 * The diagnostic of a stretch read without a dialect: the lines it holds, and where the error is
 * (moved from the failed segment into the document), or its first line when the error is not in it.
 */
function fallbackDiagnostic(
  dialect: Dialect,
  error: unknown,
  text: string,
  lines: DocumentLines,
  [start, end]: [number, number],
  segmentStart: number | undefined,
): Diagnostic {
  const told = dialect.parser.diagnose?.(error) as Diagnostic;
  const first = lineIndex(lines.starts, start);
  // The last line with text in the stretch (blank lines after it are not read as anything).
  let last = end;
  while (last > start && /[\s]/.test(text.charAt(last - 1))) last--;
  const lastLine = lineIndex(lines.starts, Math.max(start, last - 1));
  // The error's places count from the text that failed: moved to the document's lines.
  const shift = segmentStart === undefined ? 0 : lineIndex(lines.starts, segmentStart);
  const line = told.line + shift;
  const inside = segmentStart !== undefined && line - 1 >= first && line - 1 <= lastLine;
  return {
    ...told,
    reason: told.reason.replace(
      /\((\d+):(\d+)-(\d+):(\d+)\)/g,
      (_, a, b, c, d) => `(${Number(a) + shift}:${b}-${Number(c) + shift}:${d})`,
    ),
    line: inside ? line : first + 1,
    column: inside ? told.column : 1,
    lines: [first + 1, lastLine + 1],
  };
}

/**
 * Read the blocks of a stitched tree that hold the nodes a whole read fails on (in document order)
 * again, with the recovery's parser, in place of what the tree has for them: one pass over the
 * tree, the document's labels guessed once.
 */
function readAgainWithout(
  tree: Root,
  text: string,
  lines: DocumentLines,
  recovery: SegmentRecovery,
  failures: readonly SegmentedFailure[],
): void {
  const known = guessLabels(text);
  const stretches: Array<{ before: number; after: number; children: RootContent[] }> = [];
  for (const failed of failures) {
    const offset = failed.node.position?.start.offset;
    if (offset === undefined) continue;
    const next = firstIndexAtLeast(lines.cuts, offset + 1);
    const before = next > 0 ? (lines.cuts[next - 1] as number) : 0;
    const after = lines.cuts[next] ?? text.length;
    if (stretches[stretches.length - 1]?.before === before) continue;
    const parse = recovery.fallback(text.slice(before, after), known, before);
    placeParse(parse, { offset: before, line: lineIndex(lines.starts, before) });
    stretches.push({ before, after, children: parse.tree.children });
    // The error, placed in the block that failed (the whole read's place).
    const { line, column } = failed;
    const error = { ...(failed.error as object), line, column, place: { line, column } };
    recovery.fellBack(before, after, error, offset);
  }
  const children: RootContent[] = [];
  let at = 0;
  let placed = -1;
  for (const node of tree.children) {
    const start = node.position?.start.offset ?? -1;
    while (at < stretches.length && start >= (stretches[at] as { after: number }).after) at++;
    const stretch = stretches[at];
    if (!stretch || start < stretch.before) {
      children.push(node);
      continue;
    }
    if (placed !== at) children.push(...stretch.children);
    placed = at;
  }
  tree.children = children;
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
    const tree = readWith(sourceText(text), dialects, known, 0, labels);
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
