import type { Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { Diagnostic, SyntaxName } from '../types.js';
import { annotateContainers, blankScanned, groupScanned } from './containers.js';
import type { Dialect, ScannedContainer } from './dialect.js';
import { gfmSyntaxFor } from './gfm-syntax.js';
import { guessLabels, type KnownLabels, labelHook } from './labels.js';
import { flattenDeepBlocks, MAX_NESTING } from './nesting.js';
import { gfmTreeExtensions } from './parse.js';

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
 * @param markdown
 *   The document (front matter blanked).
 * @param dialects
 *   The dialects to read it with.
 * @returns
 *   The tree, the dialects used and the diagnostics.
 */
export function parseDialects(markdown: string, dialects: readonly Dialect[]): DialectParse {
  let active = [...dialects];
  const diagnostics: Diagnostic[] = [];
  const known = guessLabels(markdown);
  for (;;) {
    try {
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
): Root {
  let scanned: ScannedContainer[] =
    depth < MAX_BODY_DEPTH
      ? dialects.flatMap((dialect) => dialect.parser.scan?.(markdown) ?? [])
      : [];
  scanned.sort((a, b) => a.open[0] - b.open[0]);
  for (;;) {
    const tree = parseBlanked(markdown, scanned, dialects, known, depth);
    const failed = groupScanned(tree, markdown, scanned, (body) =>
      readWith(body, dialects, known, depth + 1),
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
): Root {
  const text = blankScanned(markdown, scanned);
  const extensions = [
    gfmSyntaxFor(text),
    ...dialects.flatMap((dialect) => dialect.parser.micromark),
  ];
  // A body parsed on its own (an indented container) knows the labels the document defines.
  if (depth > 0) extensions.push(labelHook(known).extension);
  return fromMarkdown(text, {
    extensions,
    mdastExtensions: [...gfmTreeExtensions, ...dialects.flatMap((dialect) => dialect.parser.mdast)],
  });
}
