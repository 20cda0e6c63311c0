import type { Container } from '../types.js';
import type { DialectParser } from './dialect.js';
import type { SourceLine } from './source-lines.js';
import type { SourceText } from './source-text.js';
import {
  keepBlankAfterOpeners,
  literalBlocks,
  type PairedTagLines,
  pairTagLines,
  type TagLine,
  type TagLineRules,
} from './tag-lines.js';

/**
 * The MyST dialect (MyST-Parser, Jupyter Book, Sphinx): directives whose body is markdown read as
 * containers. Colon fences (`:::{note}` … `:::`, nested with more colons on the outer one) and
 * backtick fences (```` ```{note} ```` … ```` ``` ````, nested with more backticks), each with
 * its argument (`:::{admonition} Title`) and options (`:key: value` lines, or a `---` block,
 * right after the opening line), which are part of the opener repeated on every piece. A
 * `{list-table}` also repeats its header rows (`:header-rows: N`) and keeps each row whole.
 *
 * Fences pair as MyST reads them (markdown-it): a directive's body runs to the first line of
 * its fence character alone, at least as long as its opening one; inside it, directives and
 * code nest. Backtick directives whose body is not markdown (`{code-block}`, `{code-cell}`,
 * `{math}`, `{eval-rst}`, …) and any name MyST documents do not use for markdown bodies stay
 * code (an R Markdown ```` ```{r} ```` chunk too); colon fences of such names stay as written.
 *
 * @returns
 *   The parser.
 */
export function mystParser(): DialectParser {
  return {
    micromark: [],
    mdast: [],
    toMarkdown: [],
    detect: (source) => mayHoldDirectives(source.text) && scanMyst(source).scanned.length > 0,
    scan: (source) => (mayHoldDirectives(source.text) ? scanMyst(source).scanned : []),
    spans: (source) => (mayHoldDirectives(source.text) ? scanMyst(source).spans : []),
  };
}

/** Whether a text may hold a MyST directive at all (a quick test before the line scan). */
function mayHoldDirectives(markdown: string): boolean {
  return markdown.includes('{') && (markdown.includes(':::') || markdown.includes('``'));
}

/**
 * Backtick directives whose body is markdown (admonitions, layout, figures and tables): read as
 * containers. Others stay code. Names with a domain (`{prf:theorem}`, `{py:function}`) are
 * markdown too, but for {@link codeDirectives}.
 */
const markdownDirectives = new Set([
  'admonition',
  'attention',
  'caution',
  'danger',
  'error',
  'hint',
  'important',
  'note',
  'seealso',
  'tip',
  'warning',
  'todo',
  'versionadded',
  'versionchanged',
  'versionremoved',
  'deprecated',
  'margin',
  'sidebar',
  'topic',
  'epigraph',
  'pull-quote',
  'highlights',
  'compound',
  'container',
  'div',
  'aside',
  'dropdown',
  'toggle',
  'card',
  'grid',
  'grid-item',
  'grid-item-card',
  'tab-set',
  'tab-item',
  'tabbed',
  'tabs',
  'tab',
  'group-tab',
  'figure',
  'figure-md',
  'subfigure',
  'table',
  'list-table',
  'only',
  'ifconfig',
  'glossary',
  'example',
  'myst-example',
  'myst',
  'exercise',
  'solution',
  'proof',
  'theorem',
  'lemma',
  'definition',
  'remark',
  'panels',
  'hlist',
  'centered',
  'describe',
  'object',
]);

/** Directives whose body is no markdown: code, math, other markup, lists of files or names. */
const codeDirectives = new Set([
  'code',
  'code-block',
  'code-cell',
  'sourcecode',
  'literalinclude',
  'include',
  'math',
  'eval-rst',
  'raw',
  'toctree',
  'tableofcontents',
  'bibliography',
  'csv-table',
  'mermaid',
  'graphviz',
  'plantuml',
  'jupyter-execute',
  'ipython',
  'doctest',
  'testcode',
  'testoutput',
  'parsed-literal',
  'glue:math',
  'index',
  'autosummary',
  'myst-config',
]);

/**
 * Whether a directive's body is markdown: not for a code directive; for a backtick fence, when
 * its name is one whose body is markdown, has a domain, or when the body holds fences of its own
 * (a directive that shows code blocks, `{tab-set-code}`, mystmd's `{myst}`).
 */
function markdownBody(
  name: string,
  backtick: boolean,
  lines: readonly SourceLine[],
  from: number,
  to: number,
): boolean {
  if (codeDirectives.has(name) || (name === 'glossary' && indentedDefinition(lines, from, to)))
    return false;
  if (!backtick || markdownDirectives.has(name) || /^[a-z][\w-]*:[a-z]/.test(name)) return true;
  for (let index = from; index < to; index++) {
    if (/^(?:`{3,}|~{3,}|:{3,})/.test((lines[index] as SourceLine).text)) return true;
  }
  return false;
}

/**
 * Whether a glossary is written as Sphinx writes one (a term, its definition indented under it),
 * which is no markdown: read as markdown, the definition loses its indentation and reads as a
 * term. MyST's own form (`Term`, then `: definition`) is markdown.
 */
function indentedDefinition(lines: readonly SourceLine[], from: number, to: number): boolean {
  for (let index = from + 1; index < to; index++) {
    const line = lines[index] as SourceLine;
    const previous = lines[index - 1] as SourceLine;
    if (!line.blank && line.indent > previous.indent && !previous.blank) return true;
  }
  return false;
}

/** A line that opens a fence: its characters, then the info string. */
const fenceOpen = /^(`{3,}|~{3,}|:{3,})(.*)$/;
/** The info string of a directive: `{name}` and its argument. */
const directiveInfo = /^[ \t]*\{([A-Za-z][\w.:+-]*)((?:[ \t]+[^{}]*)?)\}(.*)$/;
/** An option line (`:key: value`), or a line that continues a value (`:    more`). */
const optionLine = /^:(?:[A-Za-z][\w-]*:(?:[ \t]|$)|[ \t])/;

/**
 * The rules of MyST directives for the paired-tag-line engine, for one document: the lines are
 * read once, as a whole (fences pair by what lies between them), on the engine's first question.
 */
function mystRules(markdown: string): TagLineRules {
  let read: DirectiveLines | undefined;
  return {
    // `:`, `` ` ``, `~`.
    firstChars: [58, 96, 126],
    codeLines: true,
    read(_, lines, index) {
      read ??= directiveLines(markdown, lines);
      return read.tags.get(index);
    },
    literal: (tag) => read?.literal.has(tag) === true,
    container: containerOf,
  };
}

/**
 * The MyST directives of a document whose body is markdown: the containers they make (by
 * opening line) and the stretches from each opening line to its closing line.
 *
 * @param source
 *   The document.
 * @returns
 *   What the paired-tag-line engine finds with MyST's rules (found once per source).
 */
export function scanMyst(source: SourceText): PairedTagLines {
  return source.once(findMyst);
}

function findMyst(source: SourceText): PairedTagLines {
  const markdown = source.text;
  const found = pairTagLines(source, mystRules(markdown));
  found.scanned.push(...literalBlocks(markdown, found, literalContainer));
  found.scanned.sort((a, b) => a.open[0] - b.open[0]);
  for (const each of found.scanned) {
    // Header rows are written with `*` bullets, as the rows after them are (a list whose bullet
    // changes is two lists, and a list table holds one).
    if (each.rows) each.opener = each.opener.replace(/(\n)[-+](?=[ \t])/g, '$1*');
  }
  keepBlankAfterOpeners(markdown, found.scanned);
  return found;
}

/** Directives whose argument is the language of their code. */
const codeLanguage = new Set(['code', 'code-block', 'code-cell', 'sourcecode']);

/**
 * What a colon directive whose body is code (`:::{mermaid}`, `:::{code} python`) is: its name,
 * its argument as title, and the language of its code.
 */
function literalContainer(open: TagLine): Container {
  const argument = open.rest.split('\n')[0]?.split(/[ \t]/)[0] ?? '';
  const language = codeLanguage.has(open.name)
    ? argument
    : diagrams.has(open.name)
      ? open.name
      : '';
  return {
    kind: 'myst',
    name: open.name,
    ...(argument ? { title: argument } : {}),
    ...(language ? { attributes: { language } } : {}),
  };
}

/** Diagram directives: their name is the language of their code. */
const diagrams = new Set(['mermaid', 'graphviz', 'plantuml']);

/** The directive lines of a document, and which of them open a literal block. */
interface DirectiveLines {
  tags: Map<number, TagLine>;
  literal: Set<TagLine>;
}

/**
 * Read the directive lines of a document as MyST does: a fence (backticks, tildes or colons)
 * runs to the first line of its characters alone that is at least as long, whatever lies
 * between; a directive whose body is markdown is read again inside. Each pair gets a family of
 * its own (its opening line), so the engine pairs exactly these.
 */
function directiveLines(markdown: string, lines: readonly SourceLine[]): DirectiveLines {
  const tags = new Map<number, TagLine>();
  const literal = new Set<TagLine>();
  const { code: indented, base } = lineColumns(markdown, lines);
  const scopes: Array<[number, number]> = [[0, lines.length]];
  while (scopes.length > 0) {
    const [from, to] = scopes.pop() as [number, number];
    let index = from;
    while (index < to) {
      const line = lines[index] as SourceLine;
      // Indented code holds no directive, and no fence opens four columns in.
      const fence =
        line.blank || indented[index] || fourColumnsIn(line, base[index] as number)
          ? null
          : fenceOpen.exec(line.text);
      if (!fence) {
        index++;
        continue;
      }
      const marks = fence[1] as string;
      const info = fence[2] as string;
      const colon = marks.startsWith(':');
      // A backtick fence's info has no backtick (else it is inline code).
      if (!colon && marks.startsWith('`') && info.includes('`')) {
        index++;
        continue;
      }
      const close = closingLine(lines, index + 1, to, marks, base[index] as number);
      const directive = directiveInfo.exec(info);
      if (colon && (!directive || close === -1)) {
        // A colon line that is no directive (or never closed) is text.
        index++;
        continue;
      }
      if (
        directive &&
        close !== -1 &&
        markdownBody((directive[1] as string).toLowerCase(), !colon, lines, index + 1, close) &&
        fencesClose(lines, index + 1, close, base) &&
        !indented[index]
      ) {
        const name = (directive[1] as string).toLowerCase();
        const rest = (directive[3] as string).trim();
        const inline = (directive[2] as string).trim();
        const family = `myst:${index}`;
        const options = optionsEnd(lines, index + 1, close);
        const header =
          name === 'list-table'
            ? headerRowsEnd(markdown, lines, index + 1, options, close)
            : options;
        tags.set(index, {
          family,
          name,
          role: 'open',
          rest: [rest, ...braceOptions(inline), ...optionText(lines, index + 1, options)].join(
            '\n',
          ),
          line,
          ...(header > index + 1 ? { end: (lines[header - 1] as SourceLine).end } : {}),
          ...(name === 'list-table' ? { rows: true } : {}),
        });
        tags.set(close, {
          family,
          name: '',
          role: 'close',
          rest: '',
          line: lines[close] as SourceLine,
        });
        scopes.push([header, close]);
        index = close + 1;
        continue;
      }
      const options = directive && close !== -1 ? optionsEnd(lines, index + 1, close) : index + 1;
      if (directive && (colon || options > index + 1) && !indented[index]) {
        // A colon directive whose body is code, or a backtick one with options: a literal block,
        // kept as written, whose options are part of its opener (repeated on every piece).
        const family = `myst:${index}`;
        const opener: TagLine = {
          family,
          name: (directive[1] as string).toLowerCase(),
          role: 'open',
          rest: (directive[3] as string).trim(),
          line,
          ...(options > index + 1 ? { end: (lines[options - 1] as SourceLine).end } : {}),
        };
        literal.add(opener);
        tags.set(index, opener);
        tags.set(close, {
          family,
          name: '',
          role: 'close',
          rest: '',
          line: lines[close] as SourceLine,
        });
      }
      // Code (or a directive whose body is not markdown): nothing in it is a directive.
      index = close === -1 ? (colon ? index + 1 : to) : close + 1;
    }
  }
  return { tags, literal };
}

/**
 * Whether a line is four columns or more past `base` (the content column of the list item it is
 * in): indented code or a paragraph's text, never a fence.
 */
function fourColumnsIn(line: SourceLine, base: number): boolean {
  return line.indent - base >= 4;
}

/**
 * The first line in `[from, to)` that closes a fence opened with `marks`, or -1: its characters
 * alone, at least as many, indented less than four columns past `base` (the content column of
 * the list item the opening line is in).
 */
function closingLine(
  lines: readonly SourceLine[],
  from: number,
  to: number,
  marks: string,
  base: number,
): number {
  const char = marks.charAt(0);
  for (let index = from; index < to; index++) {
    const line = lines[index] as SourceLine;
    const text = line.text;
    if (text.charAt(0) !== char || fourColumnsIn(line, base)) continue;
    let length = 0;
    while (text.charAt(length) === char) length++;
    if (length >= marks.length && text.slice(length).trim() === '') return index;
  }
  return -1;
}

/**
 * How each line sits in the list items around it (a rough reading; the parse drops a container
 * whose lines it put in code): the content column of the innermost list item it is in (`base`;
 * a list item's first line, its own), and whether it is indented code (four columns past that,
 * after a blank line or more indented code).
 */
function lineColumns(
  markdown: string,
  lines: readonly SourceLine[],
): { code: boolean[]; base: number[] } {
  const code: boolean[] = [];
  const base: number[] = [];
  // The content columns of the list items open around the line, innermost last.
  const items: number[] = [];
  let blankBefore = true;
  for (const line of lines) {
    if (line.blank) {
      code.push(false);
      base.push(items[items.length - 1] ?? 0);
      blankBefore = true;
      continue;
    }
    const prefix = markdown.slice(line.start, line.textStart);
    const marker = /[^\s>]/.test(prefix);
    // A list item's marker column: its content column less the marker and the spaces after it.
    const indent = marker ? line.indent - (/\S+\s*$/.exec(prefix)?.[0].length ?? 0) : line.indent;
    // Items end at a line less indented than their content, unless it continues a paragraph
    // (lazily: not a fence).
    if (blankBefore || marker || /^(?:`{3,}|~{3,}|:{3,})/.test(line.text)) {
      while (items.length > 0 && (items[items.length - 1] as number) > indent) items.pop();
    }
    const inside = items[items.length - 1] ?? 0;
    code.push(
      !marker && line.indent - inside >= 4 && (blankBefore || code[code.length - 1] === true),
    );
    if (marker) items.push(line.indent);
    // A footnote definition holds what is indented four columns past it.
    else if (!code[code.length - 1] && /^\[\^[^\]\s]+\]:/.test(line.text))
      items.push(line.indent + 4);
    base.push(marker ? line.indent : inside);
    blankBefore = false;
  }
  return { code, base };
}

/**
 * Whether every backtick or tilde fence in a directive's body closes inside it: MyST ends an
 * unclosed one at the end of the body, CommonMark would run it on past the directive's closing
 * line, so such a directive is left as the code CommonMark reads.
 */
function fencesClose(
  lines: readonly SourceLine[],
  from: number,
  to: number,
  base: readonly number[],
): boolean {
  let index = from;
  while (index < to) {
    const line = lines[index] as SourceLine;
    const fence = fourColumnsIn(line, base[index] as number)
      ? null
      : /^(`{3,}|~{3,})(.*)$/.exec(line.text);
    if (!fence || ((fence[1] as string).startsWith('`') && (fence[2] as string).includes('`'))) {
      index++;
      continue;
    }
    const close = closingLine(lines, index + 1, to, fence[1] as string, base[index] as number);
    if (close === -1) return false;
    index = close + 1;
  }
  return true;
}

/**
 * Where a directive's options end (the index of the first line of its body): `:key: value` lines
 * right after the opening line, or a block between `---` lines.
 */
function optionsEnd(lines: readonly SourceLine[], from: number, to: number): number {
  const first = lines[from];
  if (!first || from >= to) return from;
  if (first.text.trimEnd() === '---') {
    for (let index = from + 1; index < to; index++) {
      if ((lines[index] as SourceLine).text.trimEnd() === '---') return index + 1;
    }
    return from;
  }
  let index = from;
  while (
    index < to &&
    optionLine.test((lines[index] as SourceLine).text) &&
    !(lines[index] as SourceLine).text.startsWith(':::')
  ) {
    index++;
  }
  return index;
}

/**
 * The options written in a directive's braces (mystmd: `{note .dropdown #tip-1}`) as option
 * lines: `.name` is a class, `#name` an id, `key=value` itself.
 */
function braceOptions(inline: string): string[] {
  const options: string[] = [];
  const classes: string[] = [];
  for (const part of inline.split(/[ \t]+/).filter(Boolean)) {
    if (part.startsWith('.')) classes.push(part.slice(1));
    else if (part.startsWith('#')) options.push(`:label: ${part.slice(1)}`);
    else if (part.includes('=')) {
      const [key, ...value] = part.split('=');
      options.push(`:${key}: ${value.join('=').replace(/^["']|["']$/g, '')}`);
    }
  }
  if (classes.length > 0) options.unshift(`:class: ${classes.join(' ')}`);
  return options;
}

/** The option lines of a directive, as written (for its attributes). */
function optionText(lines: readonly SourceLine[], from: number, to: number): string[] {
  return lines.slice(from, to).map((line) => line.text);
}

/**
 * Where the header rows of a `{list-table}` end (`:header-rows: N` among its options, lines
 * `[options, from)`): after the N-th top-level list item of its body, when more items follow
 * (else at `from`: a table of header rows only is its own body).
 */
function headerRowsEnd(
  markdown: string,
  lines: readonly SourceLine[],
  options: number,
  from: number,
  to: number,
): number {
  let count = 0;
  for (const line of lines.slice(options, from)) {
    const match = /^:header-rows:[ \t]*(\d+)/.exec(line.text);
    if (match) count = Number(match[1]);
  }
  if (count === 0) return from;
  const starts: number[] = [];
  let itemColumn = -1;
  for (let index = from; index < to; index++) {
    const line = lines[index] as SourceLine;
    if (line.blank) continue;
    const raw = markdown.slice(line.start, line.end);
    const column = /^[ \t>]*/.exec(raw)?.[0].length ?? 0;
    const item = /^[*+-][ \t]/.test(raw.slice(column));
    if (itemColumn === -1) {
      if (!item) return from;
      itemColumn = column;
    }
    if (column === itemColumn && item) starts.push(index);
    else if (column < itemColumn) break;
  }
  const next = starts[count];
  if (next === undefined) return from;
  let end = next;
  while (end > from && (lines[end - 1] as SourceLine).blank) end--;
  return end;
}

/** What a MyST directive is, for the chunks in it: its name, argument (title) and options. */
function containerOf(tag: TagLine): Container {
  const [argument = '', ...options] = tag.rest.split('\n');
  const attributes: Record<string, string> = {};
  let key: string | undefined;
  for (const option of options) {
    const match = /^:?([A-Za-z][\w-]*):[ \t]*(.*)$/.exec(option);
    if (match && (option.startsWith(':') || !option.startsWith(' '))) {
      key = match[1] as string;
      attributes[key] = (match[2] as string).trim();
    } else if (key && option.trim() !== '' && option.trim() !== '---') {
      // A value over several lines (`:caption: |` and the lines after it).
      const more = option.replace(/^:?[ \t]*/, '');
      attributes[key] = attributes[key] ? `${attributes[key]}\n${more}` : more;
    }
  }
  return {
    kind: 'myst',
    name: tag.name,
    ...(argument ? { title: argument } : {}),
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
}
