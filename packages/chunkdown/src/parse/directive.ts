import { directiveFromMarkdown, directiveToMarkdown } from 'mdast-util-directive';
import { directive as directiveSyntax } from 'micromark-extension-directive';
import type { DialectParser, MicromarkExtension, ScannedContainer } from './dialect.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';
import { braceAttributes } from './tag-lines.js';

/** Options of the directive dialect. */
export interface DirectiveOptions {
  /** Also read leaf directives (`::name[label]`, alone on a line). Default `false`. */
  leaf?: boolean | undefined;
  /**
   * Also read text directives (`:name[label]` inside text). Default `false`: they swallow
   * ordinary colons (`12:45`, `note:this`).
   */
  text?: boolean | undefined;
}

/** A container open while the lines are scanned: its fence and, for the scanner's forms, what it found. */
interface Frame {
  colons: number;
  /** A Pandoc div: any closing fence closes it, whatever its number of colons. */
  div?: boolean;
  scanned: ScannedContainer | undefined;
  /** Where its opening line starts. */
  start: number;
}

/**
 * The directive dialect: container directives as `micromark-extension-directive` reads them
 * (`:::note`, `:::note[Title]{#id .class key="value"}`, closed by a fence of at least as many
 * colons), and the forms it does not read, found line by line: VitePress and markdown-it
 * (`::: tip Title`, a space after the colons), older Docusaurus (`:::note Title`, a title
 * after a space) and Pandoc's and Quarto's divs (`::: {.callout-note title="Read this"}`, named
 * by their first class). Leaf and text directives are off unless asked for.
 *
 * @param options
 *   Which directive forms to read besides containers.
 * @returns
 *   The parser.
 */
export function directiveParser(options: DirectiveOptions = {}): DialectParser {
  const syntax = directiveSyntax();
  const flow = (syntax.flow as Record<number, unknown[]>)[58] as unknown[];
  const extension = {
    flow: { 58: options.leaf ? flow : [flow[0]] },
    ...(options.text ? { text: syntax.text } : {}),
  } as MicromarkExtension;
  return {
    micromark: [extension],
    mdast: [directiveFromMarkdown()],
    toMarkdown: [directiveToMarkdown()],
    detect: (source) => source.text.includes(':::') && scanFences(source).pairs > 0,
    scan: (source) => (source.text.includes(':::') ? scanFences(source).scanned : []),
    spans: (source) => (source.text.includes(':::') ? scanFences(source).spans : []),
  };
}

/** An opening fence: colons, a name, and the rest of the line. */
const opening = /^(:{3,})([ \t]*)([A-Za-z][\w-]*)(.*)$/;
/**
 * A DocFX line, no directive fence: `::: zone pivot="x"`, `::: moniker-end`, and the tags that
 * end with colons (`:::row:::`, `:::column span="2":::`, `:::image … :::`).
 */
const docfxLine =
  /^:::[ \t]*(?:zone|moniker)(?:-end)?(?:[ \t]|$)|^:::[A-Za-z][\w-]*(?:[ \t].*)?:::[ \t]*$/;
/**
 * A Pandoc div's opening fence (Quarto's callouts, tab sets and layouts): colons, attributes in
 * braces that start with a class or an id or hold a `key=value` (`{.callout-note}`,
 * `{#intro .aside}`, `{layout-ncol=2}`; MyST's `:::{note}` is none), and optionally more colons.
 */
const pandocDiv = /^(:{3,})[ \t]*\{([ \t]*[.#][^{}]*|[^{}]*=[^{}]*)\}[ \t]*(?::+[ \t]*)?$/;
/** A Pandoc div named between colons (`::: warning :::`), which `frame` reads as `::: warning`. */
const pandocNamedDiv = /^:{3,}[ \t]+[A-Za-z][\w-]*[ \t]+:{3,}[ \t]*$/;

/**
 * Whether a line (its text, without block quote and list markers) opens a Pandoc div, which any
 * closing fence closes: `::: {.callout-note}`, `::: {layout-ncol=2}`, `::: warning :::`.
 *
 * @param line
 *   The line.
 * @returns
 *   Whether it does.
 */
export function opensPandocDiv(line: string): boolean {
  return pandocDiv.test(line) || pandocNamedDiv.test(line);
}
/** A closing fence: colons alone. */
const closing = /^(:{3,})[ \t]*$/;

/**
 * The container fences of a document, paired line by line as `micromark-extension-directive`
 * pairs them (a closing fence closes the innermost container whose opening fence has at most as
 * many colons), outside fenced code: how many pairs there are, and the containers of the forms the
 * extension does not read (a space after the colons, or a title after the name), which the parse
 * stage blanks and groups.
 *
 * @param source
 *   The document.
 * @returns
 *   The number of pairs, the scanner's containers in document order, and the stretch of every
 *   container from its opening line to the end of its closing one (or of the document), found
 *   once per source.
 */
export function scanFences(source: SourceText): Fences {
  return source.once(pairFences);
}

/** What {@link scanFences} finds. */
interface Fences {
  pairs: number;
  scanned: ScannedContainer[];
  spans: Array<[number, number]>;
}

function pairFences(source: SourceText): Fences {
  const stack: Frame[] = [];
  const scanned: ScannedContainer[] = [];
  const spans: Array<[number, number]> = [];
  let pairs = 0;
  for (const line of source.lines()) {
    if (line.code || line.blank || line.text.charCodeAt(0) !== 58) continue;
    const close = closing.exec(line.text);
    if (close) {
      const colons = (close[1] as string).length;
      // The innermost container this fence may close: micromark closes the current one only.
      const top = stack[stack.length - 1];
      if (top && (colons >= top.colons || top.div)) {
        stack.pop();
        pairs++;
        spans.push([top.start, line.end]);
        if (top.scanned) {
          top.scanned.close = [line.textStart, line.end];
          scanned.push(top.scanned);
        }
      }
      continue;
    }
    const open = opening.exec(line.text);
    if (open && !docfxLine.test(line.text)) stack.push(frame(open, line));
    else {
      const div = open ? null : pandocDiv.exec(line.text);
      if (div) stack.push(divFrame(div, line));
    }
  }
  scanned.sort((a, b) => a.open[0] - b.open[0]);
  for (const open of stack) spans.push([open.start, source.text.length]);
  return { pairs, scanned, spans };
}

function frame(open: RegExpExecArray, line: SourceLine): Frame {
  const colons = (open[1] as string).length;
  const space = open[2] as string;
  const name = open[3] as string;
  const rest = open[4] as string;
  // `:::name`, `:::name[label]`, `:::name{attributes}`: the extension reads it.
  if (space === '' && (rest.trim() === '' || rest.startsWith('[') || rest.startsWith('{'))) {
    return { colons, scanned: undefined, start: line.start };
  }
  // (Pandoc closes a div's opening fence with colons too: `::: warning :::`.)
  const title = rest
    .trim()
    .replace(/^\{.*\}$/, '')
    .replace(/(?:^|[ \t]+):{3,}$/, '');
  const scanned: ScannedContainer = {
    container: { kind: 'directive', name, ...(title ? { title } : {}) },
    open: [line.textStart, line.end],
    body: 'fenced',
    opener: line.text.trimEnd(),
    closer: ':'.repeat(colons),
    separator: '\n',
  };
  return { colons, scanned, start: line.start };
}

/**
 * A Pandoc div as a container: named by its first class (else `div`), its title the `title`
 * attribute (Quarto's callouts), its attributes those in its braces.
 */
function divFrame(div: RegExpExecArray, line: SourceLine): Frame {
  const colons = (div[1] as string).length;
  const attributes = braceAttributes(div[2] as string);
  const name = attributes.class?.split(' ')[0] ?? 'div';
  const title = attributes.title;
  const scanned: ScannedContainer = {
    container: { kind: 'directive', name, ...(title ? { title } : {}), attributes },
    open: [line.textStart, line.end],
    body: 'fenced',
    opener: line.text.trimEnd(),
    closer: ':'.repeat(colons),
    separator: '\n',
  };
  return { colons, div: true, scanned, start: line.start };
}
