import type { Nodes, Root, RootContent } from 'mdast';
import type { Extension as MdastExtension, Options } from 'mdast-util-from-markdown';
import type { Options as ToMarkdownExtension } from 'mdast-util-to-markdown';
import type { Container, Diagnostic, Syntax, SyntaxExtension, SyntaxName } from '../types.js';
import type { SegmentFailure } from './segmented.js';
import type { SourceText } from './source-text.js';

/** A micromark syntax extension, as `fromMarkdown` takes it. */
export type MicromarkExtension = NonNullable<Options['extensions']>[number];

/**
 * A container that a line scanner found, for the forms no micromark extension reads (`::: tip
 * Title`, `:::note Title`, `!!! note "Title"`, `=== "Tab"`): its opening line (and closing line,
 * for the fenced forms) are blanked before the parse, and the parse stage turns what they held
 * into a container node (`containers.ts`).
 */
export interface ScannedContainer {
  /** What the container is, for the chunks that sit in it. */
  container: Container;
  /** The opening line's text without its container prefix: `[start, end)` in the document. */
  open: [number, number];
  /**
   * `fenced`: the container holds the blocks between its opening and closing lines (`:::`);
   * `indented`: it holds the lines indented four columns past its opener (MkDocs);
   * `literal`: its body is text kept as written, split as code is (`{% raw %}`, `{% highlight %}`):
   * it becomes a `code` node that is written with its opener and closer;
   * `dedented`: it holds the lines between its opening and closing lines as markdown read
   * without the indentation they share (DocFX's `:::column:::` bodies, six spaces in, are no
   * indented code): the parse reads them as one code block, and the parse stage reads its text
   * again, dedented. The containers inside it are read in that second parse.
   */
  body: 'fenced' | 'indented' | 'literal' | 'dedented';

  /** The closing line's text (fenced forms): `[start, end)` in the document. */
  close?: [number, number] | undefined;
  /** The opener as written (`::: tip Title`, `!!! note "Title"`), repeated in every piece. */
  opener: string;
  /** The closer to write after every piece (`:::`, `''` for the indented forms). */
  closer: string;
  /**
   * What comes between the opener and the body: `'\n'`, or `'\n\n'` where the source left a blank
   * line there (for the indented forms that decides whether CommonMark reads the body as code).
   */
  separator: string;
  /**
   * The top-level list items of the body are rows (MyST's `{list-table}`): each is kept whole,
   * as a table row is.
   */
  rows?: boolean | undefined;
}

/**
 * What an indented container's opening line becomes for the parse: an HTML comment of the same
 * length (`<!-- … -->`, an HTML block that ends on its line, so the body after it is the indented
 * code block it stands for and the next opener ends that block), or blank when the line is too
 * short for one.
 *
 * @param length
 *   The length of the opening line's text.
 * @returns
 *   The text that stands for it.
 */
export function openerPlaceholder(length: number): string {
  return length >= 7 ? `<!--${'-'.repeat(length - 7)}-->` : ' '.repeat(length);
}

/** How one dialect is parsed: what `chunkdown/syntax` puts into a {@link Syntax}. */
export interface DialectParser {
  /** micromark syntax extensions. */
  readonly micromark: readonly MicromarkExtension[];
  /** `mdast-util-from-markdown` extensions (turn the tokens into nodes). */
  readonly mdast: readonly MdastExtension[];
  /**
   * `mdast-util-to-markdown` extensions, to write the dialect's nodes back (containers are
   * written by chunkdown itself, with their opener and closer as written).
   */
  readonly toMarkdown: readonly ToMarkdownExtension[];
  /**
   * Whether a document shows the dialect (for `when: 'detected'`). Every question takes the text
   * as a {@link SourceText}: its lines, and what a scan finds in them, are shared by the dialects
   * that read the same text.
   */
  detect(source: SourceText): boolean;
  /**
   * The parser to read one document with, when it depends on what the document shows (math reads
   * single dollars where a page shows TeX between them); this parser itself otherwise.
   */
  forDocument?: ((source: SourceText) => DialectParser) | undefined;
  /**
   * What tells this parser from the others of its dialect's name ({@link forDocument}'s), for
   * the segments an edit reuses: a segment read with one is not served to the other.
   */
  variant?: string | undefined;
  /** The containers a line scanner finds (forms no extension reads). */
  scan?: ((source: SourceText) => ScannedContainer[]) | undefined;
  /**
   * The stretches of a document its constructs may span across blank lines (a container from its
   * opening fence to its closing one, or to the end when it has none): a large document is parsed
   * in segments, and no segment ends inside one (`read-dialects.ts`).
   */
  spans?: ((source: SourceText) => Array<[number, number]>) | undefined;
  /**
   * Check a tree read in segments for what only a whole read finds (MDX: an import declared
   * twice, in two segments): the top-level nodes a whole read fails on, in order (each as if
   * those before it were read without the dialect), their errors, and where in the node (1-based
   * line and column) each error is; the blocks they are in are then read without the dialect.
   */
  checkSegmented?: ((tree: Root) => SegmentedFailure[]) | undefined;
  /**
   * Whether a parse error is this dialect's (MDX that does not parse): then the block it is in
   * is read without it, and the diagnostic is reported.
   */
  diagnose?: ((error: unknown) => Diagnostic | undefined) | undefined;
  /**
   * Where in a text a parse error of this dialect is (`segmented.ts`): its offset, when the
   * error says, and whether more text after it could mend it (a construct left open at the end).
   */
  locate?: ((error: unknown, text: string) => SegmentFailure | undefined) | undefined;
  /**
   * The container a node of the dialect's extensions is, when it is one (a
   * {@link SyntaxExtension}'s `container`): the parse stage then gives it its container syntax
   * (`extension.ts`), so later stages split it as they split any container.
   */
  container?: ((node: Nodes) => Container | undefined) | undefined;
  /**
   * Whether chunks write the nodes its extensions make (other than containers) as the source
   * wrote them, its `toMarkdown` only those the source did not write (a {@link SyntaxExtension}).
   */
  verbatim?: boolean | undefined;
}

/** What {@link DialectParser.checkSegmented} finds. */
export interface SegmentedFailure {
  node: RootContent;
  error: unknown;
  line: number;
  column: number;
}

/** A dialect ready to parse with: its name and its parser. */
export interface Dialect {
  /** A built-in dialect's {@link SyntaxName}, or a {@link SyntaxExtension}'s name. */
  name: string;
  parser: DialectParser;
}

/**
 * Make a dialect for the `syntax` option (what `chunkdown/syntax` does).
 *
 * @param name
 *   The dialect.
 * @param when
 *   Whether it is on for every document or only where a document shows it.
 * @param parser
 *   How it is parsed.
 * @returns
 *   The syntax object.
 */
export function defineSyntax(
  name: SyntaxName,
  when: Syntax['when'],
  parser: DialectParser,
): Syntax {
  return Object.freeze({ name, when, parser });
}

/**
 * The dialects to read a document with: those always on, and those detected in it.
 *
 * @param syntax
 *   The `syntax` option, resolved (one per dialect).
 * @param source
 *   The document (front matter blanked).
 * @returns
 *   The dialects, in the order given.
 */
export function dialectsFor(syntax: readonly Syntax[], source: SourceText): Dialect[] {
  const dialects: Dialect[] = [];
  for (const { name, when, parser } of syntax) {
    const dialect = parser as DialectParser;
    if (when === 'always' || dialect.detect(source))
      dialects.push({ name, parser: dialect.forDocument?.(source) ?? dialect });
  }
  return dialects;
}

/**
 * What names the dialects a text is read with, for the segments an edit or a worker thread
 * reuses: their names, each with its parser's {@link DialectParser.variant}.
 *
 * @param dialects
 *   The dialects.
 * @returns
 *   The key.
 */
export function readKey(dialects: readonly Dialect[]): string {
  return dialects
    .map(({ name, parser }) => (parser.variant ? `${name}:${parser.variant}` : name))
    .join(',');
}
