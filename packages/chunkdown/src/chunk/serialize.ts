import type {
  Break,
  Code,
  Definition,
  Delete,
  Html,
  Link,
  List,
  Nodes,
  Parent,
  Parents,
  Root,
  Text,
} from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Handle, Info, Options, SafeConfig, State } from 'mdast-util-to-markdown';
import { defaultHandlers, toMarkdown } from 'mdast-util-to-markdown';
import { cellBreakOf } from '../parse/cell-breaks.js';
import {
  type ContainerSyntax,
  containerSyntax,
  literalSyntax,
  verbatimDefinitions,
} from '../parse/containers.js';
import type { Provenance } from '../tree/provenance.js';
import type { SourceMap } from '../tree/source-map.js';
import { hasFenceLines, type OpenFence, scanFences } from '../util/fence-lines.js';
import { column, createCharacterMarks, keepSourceEscapes, safeWith, verbatim } from './escapes.js';

/** Serializes chunk trees to normalized markdown. */
export interface Serializer {
  stringify(root: Root): string;
}

/**
 * Create a serializer: remark-stringify with GFM and the house normalization (`*` bullets and
 * emphasis, `**` strong, `***` breaks, fenced code, ATX headings, unpadded tables). Text keeps
 * the escapes its source needed and gains no others: an escape the serializer adds to a character
 * the source wrote plainly is dropped, except at the edges of a cut, where the context changed.
 *
 * The parts, top down: {@link writerOptions} (the handlers, each a function of the shared
 * {@link WriterState}), {@link createWrite} (`toMarkdown` once, then its state again), and
 * {@link stringifyBalanced} (a chunk written, then written again with code laid out as the source
 * did when a reader line by line would see a fence left open), which ends each text with the
 * definitions it needs ({@link withDefinitions}).
 *
 * @param sourceMap
 *   Where text was written in the source, to tell which escapes it needed.
 * @param source
 *   The document, to write literal autolinks (`www.example.com`) as they were written.
 * @param provenance
 *   The split's provenance: which text was sliced from where, which nodes are context.
 * @param dialects
 *   The serializer extensions of the docs dialects the document was read with (their nodes are
 *   written by them; containers are written by chunkdown, with their opener and closer).
 * @param verbatim
 *   The serializer extensions of the syntax extensions it was read with: their nodes are written
 *   as the source wrote them, by these only when the source did not write them.
 * @returns
 *   The serializer.
 */
export function createSerializer(
  sourceMap: SourceMap,
  source: string,
  provenance: Provenance,
  dialects: readonly Options[] = [],
  verbatim: readonly Options[] = [],
): Serializer {
  const extensions = [...dialects, ...verbatim];
  const base = extensions.length > 0 ? flatten({ extensions: [gfmExtension, ...extensions] }) : gfm;
  const state: WriterState = {
    sourceMap,
    source,
    provenance,
    block: undefined,
    indentFencedCode: false,
    leaveOpenEnded: false,
    closers: [],
    lastOpenEnded: undefined,
    pending: [],
  };
  const root = rootHandler();
  const verbatimTypes = verbatim.flatMap((extension) =>
    Object.keys(flatten(extension).handlers ?? {}),
  );
  const options = writerOptions(state, base, extensions.length > 0, root, verbatimTypes);
  const write = createWrite(options, root.kept);
  return { stringify: (tree) => stringifyBalanced(state, tree, write) };
}

/** What the handlers of one serializer share, and the modes a chunk is written again in. */
interface WriterState {
  readonly sourceMap: SourceMap;
  readonly source: string;
  readonly provenance: Provenance;
  /** The paragraph or heading being written, whose text the text handler writes. */
  block: Nodes | undefined;
  /**
   * Code without a language whose lines hold fences is written indented, as the source wrote it
   * (a chunk that a reader line by line would see leave a fence open: MDX, where a ```` ```js ````
   * line in an HTML block is held by CommonMark in an indented block with its closing fence).
   */
  indentFencedCode: boolean;
  /**
   * Fenced code the source never closed (its fence ran to the end of the document: a Jekyll page
   * whose closing fence opened a block, because an HTML block took the opening fence line) is
   * written without a closing fence when it ends the chunk.
   */
  leaveOpenEnded: boolean;
  /**
   * The fences that close the containers being written, innermost last (a MyST ```` ```{note} ````
   * closes at the first line of at least four backticks alone): code inside them is fenced so
   * that its closing fence is none of them.
   */
  closers: OpenFence[];
  /** The text written for the last block left open-ended. */
  lastOpenEnded: string | undefined;
  /**
   * The definitions of the references that nodes written as the source wrote them make (their
   * links are not rewritten inline): they are added at the end of the chunk.
   */
  pending: Definition[];
}

/** Writes one chunk's tree (without the definitions it needs). */
type Write = (tree: Root) => string;

/**
 * The options of `toMarkdown`: the house style over GFM (and the dialects' extensions), with
 * chunkdown's handlers.
 *
 * @param state The serializer's shared state.
 * @param base GFM's serializer extensions, merged with the dialects'.
 * @param withDialects Whether the document was read with dialects (MDX nodes kept whole).
 * @param root The root handler (it keeps the state of the first call, see {@link createWrite}).
 * @param verbatimTypes The node types syntax extensions write (their nodes go as written).
 * @returns The options.
 */
function writerOptions(
  state: WriterState,
  base: Options,
  withDialects: boolean,
  root: Handle,
  verbatimTypes: readonly string[] = [],
): Options {
  const asWritten = asWrittenHandler(state, base);
  const container = containerHandler(state, asWritten);
  // A syntax extension's node, and any node of a type no handler knows: a container, or written
  // as the source wrote it (by its extension's handler when the source did not write it).
  const extensionHandlers = Object.fromEntries(verbatimTypes.map((type) => [type, container]));
  return {
    ...base,
    bullet: '*',
    emphasis: '*',
    strong: '*',
    rule: '*',
    ruleRepetition: 3,
    fences: true,
    setext: false,
    listItemIndent: 'one',
    handlers: {
      ...base.handlers,
      ...extensionHandlers,
      containerDirective: container,
      mdxJsxFlowElement: container,
      ...(withDialects
        ? {
            mdxJsxTextElement: asWritten,
            mdxFlowExpression: asWritten,
            mdxTextExpression: asWritten,
          }
        : {}),
      root,
      text: textHandler(state),
      link: linkHandler(state),
      break: hardBreakHandler(state),
      code: codeHandler(state),
      html: htmlHandler,
      ...(base.handlers?.delete ? { delete: deleteHandler(state, base.handlers.delete) } : {}),
      list: listHandler(state),
      // GFM writes a task list item's check with its paragraph handler: wrap that one.
      paragraph: within(state, base.handlers?.paragraph ?? defaultHandlers.paragraph),
      heading: within(state, base.handlers?.heading ?? defaultHandlers.heading),
      // A notebook's cell break (`+++`) is written as the line it was.
      thematicBreak: (node, parent, writer) =>
        cellBreakOf(node) ?? defaultHandlers.thematicBreak(node, parent, writer),
    },
  };
}

/**
 * A block handler that records the block it writes (the text handler asks where it started).
 *
 * @param state The serializer's shared state.
 * @param handle The handler to wrap.
 * @returns The wrapped handler.
 */
function within(state: WriterState, handle: Handle): Handle {
  return (node, parent, writer, info) => {
    const outer = state.block;
    state.block = node;
    try {
      return handle(node, parent, writer, info);
    } finally {
      state.block = outer;
    }
  };
}

/** Source column where the block being written starts. */
function blockColumn(state: WriterState): number {
  const { block, provenance, sourceMap, source } = state;
  if (!block) return 0;
  const original = provenance.copyOrigins.get(block as never) ?? block;
  const start = sourceMap.range(original as Nodes)?.start;
  return start === undefined ? 0 : column(source, start);
}

/**
 * Text, escaped by the serializer where the source escaped it: the serializer's escapes of
 * characters the source wrote plainly are dropped (see `keepSourceEscapes`), except at the edges
 * of a cut. Context the assembler added is written as it is.
 *
 * @param state The serializer's shared state.
 * @returns The handler.
 */
function textHandler(state: WriterState): Handle {
  const { sourceMap, source } = state;
  const { copyOrigins, sliceOrigins, syntheticNodes } = state.provenance;
  return (node: Text, parent: Parents | undefined, writer: State, info: Info) => {
    if (syntheticNodes.has(node)) return node.value;
    const siblings = parent ? parent.children : [];
    const index = writer.indexStack[writer.indexStack.length - 1] ?? 0;
    const previous = siblings[index - 1];
    const written = writtenText(node, parent, writer, info, siblings, index);
    return previous?.type === 'link' && isLiteral(state, previous) && isWebLiteral(previous)
      ? outsideLiteral(written)
      : written;
  };

  function writtenText(
    node: Text,
    parent: Parents | undefined,
    writer: State,
    info: Info,
    siblings: readonly Nodes[],
    index: number,
  ): string {
    const out = writer.safe(node.value, {
      ...info,
      afterNode: siblings[index + 1],
      beforeNode: siblings[index - 1],
    } as SafeConfig);
    if (out === node.value) return out;
    // Only text the source wrote verbatim (no escape, no character reference, on one line) can
    // drop the serializer's escapes: where the source escaped one character, unescaping another
    // could form a construct (`[a](url &quot;t&quot;)` would become a link).
    const origin = sliceOrigins.get(node);
    const parsed = (origin?.node ?? node) as Text;
    const from = origin?.from ?? 0;
    const written = sourceMap.range(parsed);
    if (!written || !verbatim(source.slice(written.start, written.end), parsed.value)) return out;
    // A text's start or end sits in a new context only where the chunk was cut.
    const original = parent ? copyOrigins.get(parent as never) : undefined;
    const originalSiblings = original?.children as Nodes[] | undefined;
    const cutBefore =
      from > 0 || (originalSiblings !== undefined && index === 0 && originalSiblings[0] !== parsed);
    const cutAfter =
      from + node.value.length < parsed.value.length ||
      (originalSiblings !== undefined &&
        index === siblings.length - 1 &&
        originalSiblings[originalSiblings.length - 1] !== parsed);
    const before = (info as SafeConfig).before ?? '';
    return keepSourceEscapes(
      out,
      node.value,
      parsed,
      from,
      sourceMap,
      cutBefore,
      cutAfter,
      before === '' || before.endsWith('\n'),
      blockColumn(state),
    );
  }
}

/**
 * Text written right after a literal autolink, kept out of its URL. GFM takes every character up
 * to a space or `<` into a literal autolink, but for trailing punctuation (`.`, `,`, `)`, …) and
 * a character reference at its end: `&lt;https://x.org/4.0&gt;, via` links `https://x.org/4.0`,
 * and written with `>` decoded it linked `https://x.org/4.0>`. The characters that would join
 * the URL are written as named character references (`&gt;`), which end it as the source's did.
 */
function outsideLiteral(written: string): string {
  const head = /^[^\s<]*/.exec(written)?.[0] ?? '';
  if (head === '' || trailOnly.test(head)) return written;
  let safe = '';
  for (let at = 0; at < head.length; at++) {
    const char = head[at] as string;
    // An escaped character (`\>`, `\*`) is written as its reference, the escape with it.
    const reference = char === '\\' ? namedReferences[head[at + 1] ?? ''] : undefined;
    if (reference) {
      safe += reference;
      at++;
    } else safe += trailCharacters.includes(char) ? char : (namedReferences[char] ?? char);
  }
  return safe + written.slice(head.length);
}

/** Whether a literal autolink is a web address (`https://…`, `www.…`), not an email address. */
function isWebLiteral(link: Link): boolean {
  return /^(?:https?:\/\/|www\.)/i.test((link.children[0] as Text).value);
}

/**
 * What GFM leaves out of a literal autolink at its end: the punctuation of {@link trailCharacters},
 * character references, and `]` before an end, `(` or `[`.
 */
const trailOnly = /^(?:[!"')*,.:;?_~]|&[A-Za-z0-9]+;|\](?=$|[([]))*$/;
/** The punctuation GFM leaves out of a literal autolink at its end. */
const trailCharacters = '!"\')*,.:;?_~';

/** Whether a text is only punctuation that GFM leaves out of a literal autolink at its end. */
function isTrail(text: string): boolean {
  return text !== '' && [...text].every((char) => trailCharacters.includes(char));
}

/** Named character references of ASCII punctuation (`~` has none). */
const namedReferences: Readonly<Record<string, string>> = {
  '!': '&excl;',
  '"': '&quot;',
  "'": '&apos;',
  ')': '&rpar;',
  '*': '&ast;',
  ',': '&comma;',
  '.': '&period;',
  ':': '&colon;',
  ';': '&semi;',
  '?': '&quest;',
  _: '&lowbar;',
  '#': '&num;',
  $: '&dollar;',
  '%': '&percnt;',
  '&': '&amp;',
  '(': '&lpar;',
  '+': '&plus;',
  '/': '&sol;',
  '=': '&equals;',
  '>': '&gt;',
  '@': '&commat;',
  '[': '&lsqb;',
  '\\': '&bsol;',
  ']': '&rsqb;',
  '^': '&Hat;',
  '`': '&grave;',
  '{': '&lcub;',
  '|': '&verbar;',
  '}': '&rcub;',
};

/**
 * A piece of a template's literal block that starts or ends inside a fenced code block of the
 * literal's text (Jekyll's `{% raw %}` around a `` ```liquid `` block, as docs show Liquid; a
 * Docsy code tab holding a fence): the piece reopens that fence when it starts inside it and
 * closes it when it ends inside it, so that each piece is fenced blocks of its own, as split
 * code is.
 *
 * @param value The piece's text.
 * @param from Where the piece starts in the literal's text.
 * @param whole The literal node the piece was cut from.
 * @returns The piece's text, its fences closed.
 */
function withInnerFence(value: string, from: number, whole: Nodes): string {
  const text = 'value' in whole && typeof whole.value === 'string' ? whole.value : '';
  const atStart = from > 0 ? scanFences(text.slice(0, from)) : undefined;
  const atEnd = scanFences(value, atStart);
  let body = value;
  if (atStart) body = `${atStart.char.repeat(atStart.length)}${atStart.info}\n${body}`;
  if (atEnd) body = `${body.replace(/(?:\r?\n|\r)$/, '')}\n${atEnd.char.repeat(atEnd.length)}`;
  return body;
}

/**
 * Code, fenced with the shortest fence its lines cannot close; laid out as the source did in the
 * modes of {@link WriterState} (indented, or without a closing fence the source never had).
 *
 * @param state The serializer's shared state.
 * @returns The handler.
 */
function codeHandler(state: WriterState): Handle {
  return (node: Code, parent: Parents | undefined, writer: State, info: Info) => {
    // A template's literal block (`{% raw %}` … `{% endraw %}`) is written between its own lines.
    const literal = literalSyntax(node);
    if (literal) {
      const origin = state.provenance.sliceOrigins.get(node);
      const piece = (origin?.from ?? 0) > 0;
      const separator = piece ? (literal.separator ?? '\n') : '\n';
      const body = origin ? withInnerFence(node.value, origin.from, origin.node) : node.value;
      return `${literal.opener}${separator}${body}\n${literal.closer}`;
    }
    if (state.leaveOpenEnded && parent?.type === 'root' && unclosedInSource(state, node)) {
      const written = shortestFence(defaultHandlers.code(node, parent, writer, info), node.value);
      state.lastOpenEnded = written.slice(0, written.lastIndexOf('\n')).trimEnd();
      return state.lastOpenEnded;
    }
    if (state.indentFencedCode && !node.lang && !node.meta && hasFenceLines(node.value)) {
      const fences = writer.options.fences;
      writer.options.fences = false;
      try {
        return defaultHandlers.code(node, parent, writer, info);
      } finally {
        writer.options.fences = fences;
      }
    }
    const written = shortestFence(defaultHandlers.code(node, parent, writer, info), node.value);
    return state.closers.length > 0
      ? clearOfClosers(state, written, node, parent, writer, info)
      : written;
  };
}

/**
 * Fenced code inside containers that close with a fence: when its closing fence would close one
 * of them (a block of code showing ```` ``` ```` lines needs four backticks, and four close a
 * MyST ```` ````{note} ````), it is fenced with the other character, or else written indented.
 */
function clearOfClosers(
  state: WriterState,
  written: string,
  node: Code,
  parent: Parents | undefined,
  writer: State,
  info: Info,
): string {
  const closing = closerIn(state, written);
  if (!closing) return written;
  const options = writer.options;
  const { fence, fences } = options;
  try {
    options.fence = closing.char === '`' ? '~' : '`';
    const other = shortestFence(defaultHandlers.code(node, parent, writer, info), node.value);
    if (!closerIn(state, other)) return other;
    options.fences = false;
    return defaultHandlers.code(node, parent, writer, info);
  } finally {
    options.fence = fence;
    options.fences = fences;
  }
}

/** The fence that ends written code, when it would close a container being written. */
function closerIn(state: WriterState, written: string): OpenFence | undefined {
  const last = scanFences(written.slice(written.lastIndexOf('\n') + 1));
  const closes = state.closers.some(
    (closer) => last?.char === closer.char && !last.info && last.length >= closer.length,
  );
  return closes ? last : undefined;
}

/** Whether a fenced code block (or the block a piece came from) has no closing fence in the source. */
function unclosedInSource(state: WriterState, node: Code): boolean {
  const { sourceMap, source } = state;
  const parsed = (state.provenance.sliceOrigins.get(node)?.node ?? node) as Nodes;
  const range = sourceMap.range(parsed);
  if (!range || range.end < source.trimEnd().length) return false;
  const written = source.slice(range.start, range.end).trimEnd();
  const opening = /^[ \t]{0,3}(`{3,}|~{3,})/.exec(written)?.[1];
  if (!opening) return false;
  const lastLine = written.slice(written.lastIndexOf('\n') + 1);
  const closing = /^[ \t]{0,3}(`{3,}|~{3,})[ \t]*$/.exec(lastLine)?.[1];
  return (
    !written.includes('\n') ||
    !closing ||
    closing[0] !== opening[0] ||
    closing.length < opening.length
  );
}

/**
 * Strikethrough is written with as many tildes as the source wrote: GFM reads `~one~` as
 * `~~one~~` does, and the serializer writes two, which changed text that holds single tildes
 * (a URL in Logseq's `{:src "https://…~yT…~AkZ…"}` lost its tildes' count).
 *
 * @param state The serializer's shared state.
 * @param written The GFM handler.
 * @returns The handler.
 */
function deleteHandler(state: WriterState, written: Handle): Handle {
  return (node: Delete, parent: Parents | undefined, writer: State, info: Info) => {
    const value = written(node, parent, writer, info);
    const range = state.sourceMap.range(originOf(state, node));
    const { source } = state;
    if (!range || source[range.start] !== '~' || source[range.start + 1] === '~') return value;
    return value.startsWith('~~') && value.endsWith('~~') && value.length >= 4
      ? `~${value.slice(2, -2)}~`
      : value;
  };
}

/**
 * Raw HTML that starts a list item is written without the indentation of its first line: after
 * the marker, that indentation would move the column the item's content starts at, and the
 * item's later lines (written at the marker's width) would fall out of the item (a piece of a
 * list whose first block was an indented `</TabItem>`).
 */
const htmlHandler: Handle = (node: Html, parent: Parents | undefined) => {
  const written = defaultHandlers.html(node);
  return parent?.type === 'listItem' && parent.children[0] === node
    ? written.replace(/^[ \t]+/, '')
    : written;
};

/**
 * An ordered list whose source repeats its number (`1.` `1.` `1.`, as MkDocs and many READMEs
 * write them) is written so too: with its number, not incremented, in every piece (a piece of it
 * that starts at its third item starts at `1.` too, not `3.`).
 *
 * @param state The serializer's shared state.
 * @returns The handler.
 */
function listHandler(state: WriterState): Handle {
  const { copyOrigins } = state.provenance;
  return (node: List, parent: Parents | undefined, writer: State, info: Info) => {
    const increment = writer.options.incrementListMarker;
    const repeats = repeatsNumber(state, node);
    writer.options.incrementListMarker = increment !== false && !repeats;
    const start = (copyOrigins.get(node) as List | undefined)?.start;
    const written =
      repeats && start !== undefined && start !== node.start ? { ...node, start } : node;
    try {
      return defaultHandlers.list(written, parent, writer, info);
    } finally {
      writer.options.incrementListMarker = increment;
    }
  };
}

/** Whether an ordered list's source writes the same number on its first two items. */
function repeatsNumber(state: WriterState, node: List): boolean {
  const { sourceMap, source } = state;
  if (!node.ordered) return false;
  const original = (state.provenance.copyOrigins.get(node) ?? node) as List;
  const [first, second] = original.children;
  const a = first && sourceMap.range(first);
  const b = second && sourceMap.range(second);
  if (!a || !b) return false;
  const number = (at: number) => /^\d+/.exec(source.slice(at, at + 10))?.[0];
  return number(a.start) !== undefined && number(a.start) === number(b.start);
}

/** Whether a link is a GFM literal autolink (`https://x.dev`, `a@b.co`): its source is its text. */
function isLiteral(state: WriterState, node: Link): boolean {
  const range = state.sourceMap.range(node);
  const only = node.children.length === 1 ? node.children[0] : undefined;
  return (
    range !== undefined &&
    only?.type === 'text' &&
    state.source.slice(range.start, range.end) === only.value &&
    !node.title
  );
}

/**
 * A literal autolink is written as it was, not as `<…>`.
 *
 * @param state The serializer's shared state.
 * @returns The handler.
 */
function linkHandler(state: WriterState): Handle {
  return (node: Link, parent: Parents | undefined, writer: State, info: Info) =>
    isLiteral(state, node)
      ? (node.children[0] as Text).value
      : defaultHandlers.link(node, parent, writer, info);
}

/**
 * A hard break is written `\` and a line ending, except after a literal autolink (and the
 * punctuation right after it), which would take the backslash into its URL (`https://x.dev\`,
 * `https://x.dev/a.json.\`): there it is two spaces and a line ending.
 *
 * @param state The serializer's shared state.
 * @returns The handler.
 */
function hardBreakHandler(state: WriterState): Handle {
  return (node: Break, parent: Parents | undefined, writer: State, info: Info) => {
    const written = defaultHandlers.break(node, parent, writer, info);
    const index = writer.indexStack[writer.indexStack.length - 1] ?? 0;
    const previous = parent?.children[index - 1];
    // (Punctuation right after the link, `https://x.dev/a.json.`, is its trail: the backslash
    // after it would still join the URL.)
    const link =
      previous?.type === 'text' && isTrail(previous.value) ? parent?.children[index - 2] : previous;
    return written === '\\\n' && link?.type === 'link' && isLiteral(state, link) ? '  \n' : written;
  };
}

/**
 * A docs-dialect container (a directive, an MkDocs admonition or tab, a JSX element with
 * content) is written with its opener as the source wrote it and its closer, around its
 * children (indented for MkDocs); every piece of it, so each re-parses as the same container.
 *
 * @param state The serializer's shared state.
 * @param asWritten The handler of nodes written as the source wrote them (a JSX element that is
 *   no container).
 * @returns The handler.
 */
function containerHandler(state: WriterState, asWritten: Handle): Handle {
  const { copyOrigins } = state.provenance;
  return (node: Parent, parent: Parents | undefined, writer: State, info: Info) => {
    const original = (copyOrigins.get(node) ?? node) as Nodes;
    const syntax = containerSyntax(original) ?? containerSyntax(node as Nodes);
    if (!syntax) return asWritten(node as Nodes, parent, writer, info);
    needDefinitions(state, original);
    // (A closer that is a fence alone opens one, read on its own.)
    const fence = scanFences(syntax.closer);
    const closer = fence && !fence.info ? fence : undefined;
    if (closer) state.closers.push(closer);
    let body: string;
    try {
      body = writer.containerFlow(node as never, info);
    } finally {
      if (closer) state.closers.pop();
    }
    const { separator, closeSeparator, indent } = pieceLayout(state, node, original, syntax);
    const inner = indent
      ? writer.indentLines(body, (line, _, blank) => (blank ? '' : indent) + line)
      : body;
    let written = syntax.opener;
    if (inner) written += separator + inner;
    if (syntax.closer) written += (inner ? closeSeparator : '\n') + syntax.closer;
    return syntax.scanned && opensItem(node, parent) ? `\n${written}` : written;
  };
}

/**
 * Whether a container is the first block of a list item or a footnote definition. One a scanner
 * found (a template tag, a MyST or MkDocs block) is then written on the line after the item's
 * marker (`1.`, then `   :::{figure} x`) or the note's label (`[^3]:`), where its opener starts a
 * line as the scanner reads it, not on the marker line (`1. :::{figure} x`); a directive or JSX
 * element that micromark reads stays there.
 */
function opensItem(node: Parent, parent: Parents | undefined): boolean {
  return (
    node.type === 'containerDirective' &&
    (parent?.type === 'listItem' || parent?.type === 'footnoteDefinition') &&
    parent.children[0] === node
  );
}

/**
 * MDX nodes kept whole (a JSX element without content, an expression, inline JSX) are written
 * as the source wrote them: their dialect's serializer reflows attributes and re-indents
 * template literals, which changes their values. Lines after the first lose the indentation of
 * the block they are in (the serializer indents them again); where that is more than spaces
 * (a block quote's `>`), the dialect's serializer writes them.
 *
 * @param state The serializer's shared state.
 * @param base The merged serializer extensions (the dialect's own handlers).
 * @returns The handler.
 */
function asWrittenHandler(state: WriterState, base: Options): Handle {
  const { sourceMap, source } = state;
  return (node: Nodes, parent: Parents | undefined, writer: State, info: Info) => {
    const range = sourceMap.range(node);
    if (range && range.end > range.start) {
      const written = source.slice(range.start, range.end);
      // (A node no paragraph or heading holds is a block: its lines count from its own column.)
      const flow =
        node.type === 'mdxJsxFlowElement' ||
        node.type === 'mdxFlowExpression' ||
        (state.block === undefined && !knownTypes.has(node.type));
      const lines = /[\r\n]/.test(written)
        ? dedent(written, flow ? column(source, range.start) : blockColumn(state))
        : written;
      if (lines !== undefined) {
        needDefinitions(state, node);
        return lines;
      }
    }
    const handle = (base.handlers as Record<string, Handle> | undefined)?.[node.type];
    if (handle) return handle(node as never, parent, writer, info);
    throw new Error(
      `Cannot write a \`${node.type}\` node: the source did not write it and no syntax extension's \`toMarkdown\` has a handler for it`,
    );
  };
}

/** Node types whose handlers are chunkdown's or `mdast-util-to-markdown`'s own. */
const knownTypes: ReadonlySet<string> = new Set([
  ...Object.keys(defaultHandlers),
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
  'mdxFlowExpression',
  'mdxTextExpression',
]);

/** Note the definitions a node written as the source wrote it needs (its links stay references). */
function needDefinitions(state: WriterState, node: Nodes): void {
  const found = verbatimDefinitions(node);
  if (found) state.pending.push(...found);
}

/**
 * How a piece of a JSX element lays out its content: with a blank line before (and after) it
 * where the source has one before its first (after its last) child, and as far in as the source
 * indents its first child, so a reader of CommonMark (to whom the element and what it holds
 * are HTML blocks) reads the piece as it reads the source. Other containers keep theirs.
 */
function pieceLayout(
  state: WriterState,
  node: Parent,
  original: Nodes,
  syntax: ContainerSyntax,
): Pick<ContainerSyntax, 'indent' | 'separator' | 'closeSeparator'> {
  const { sourceMap, source } = state;
  const first = node.children[0] as Nodes | undefined;
  const last = node.children[node.children.length - 1] as Nodes | undefined;
  const opened = sourceMap.range(original)?.start;
  const from = first && sourceMap.range(originOf(state, first))?.start;
  const to = last && sourceMap.range(originOf(state, last))?.end;
  if (syntax.container.kind !== 'jsx' || opened === undefined || from === undefined) return syntax;
  const lineStart = source.lastIndexOf('\n', from - 1) + 1;
  const deeper = from - lineStart - column(source, opened);
  const indent =
    /^[ ]*$/.test(source.slice(lineStart, from)) && deeper > 0 ? ' '.repeat(deeper) : '';
  const previousLine = source.lastIndexOf('\n', lineStart - 2) + 1;
  const blankBefore = lineStart > 0 && source.slice(previousLine, lineStart).trim() === '';
  const nextLine = to === undefined ? -1 : source.indexOf('\n', to);
  const lineAfter =
    nextLine < 0 ? '' : source.slice(nextLine + 1, source.indexOf('\n', nextLine + 1) >>> 0);
  const blankAfter = nextLine >= 0 && lineAfter.trim() === '';
  return {
    indent,
    separator: blankBefore ? '\n\n' : '\n',
    closeSeparator: blankAfter ? '\n\n' : '\n',
  };
}

/**
 * The node a node of a chunk was copied or sliced from: a piece of a code block lays out as the
 * block does (its fence line is where the block starts, and every piece is reopened with it),
 * not as the line it starts at.
 */
function originOf(state: WriterState, node: Nodes): Nodes {
  const { sliceOrigins, copyOrigins } = state.provenance;
  return (sliceOrigins.get(node)?.node ?? copyOrigins.get(node as Parent) ?? node) as Nodes;
}

/** The state of the first chunk's `toMarkdown` call, kept by the root handler. */
interface KeptState {
  state: State | undefined;
}

/**
 * The root handler: the root as `toMarkdown` writes it, keeping the state of the first call with
 * its `safe` swapped for one that skips the unsafe patterns that cannot match (see
 * {@link createWrite}), and its `handle` for one that hands nodes of unknown types to the
 * container handler.
 *
 * @returns The handler, and where it keeps the state.
 */
function rootHandler(): Handle & { kept: KeptState } {
  const kept: KeptState = { state: undefined };
  const marks = createCharacterMarks();
  const handle: Handle = (node: Root, parent: Parents | undefined, writer: State, info: Info) => {
    if (writer !== kept.state) {
      const safe = writer.safe;
      writer.safe = (value, config) => safeWith(writer, safe, value ?? '', config, marks);
      // A node of a type no handler knows (a syntax extension's without a `toMarkdown`) goes to
      // the container handler, which writes anything but a container as the source wrote it.
      const dispatch = writer.handle;
      const { handlers } = writer;
      const unknown = handlers.containerDirective as Handle;
      // (Keeping what `toMarkdown` reads off its dispatcher: `handle.handlers`, to peek.)
      writer.handle = Object.assign(
        (child: Nodes, ...rest: [Parents | undefined, State, Info]) =>
          child && typeof child === 'object' && !Object.hasOwn(handlers, child.type)
            ? unknown(child, ...rest)
            : dispatch(child, ...rest),
        dispatch,
      );
      kept.state = writer;
    }
    return defaultHandlers.root(node, parent, writer, info);
  };
  return Object.assign(handle, { kept });
}

/**
 * Write chunk trees: the first is written by `toMarkdown`, which builds the serializer's state
 * (handlers, unsafe patterns and joins merged from the options: a fixed cost per call, about a
 * tenth of writing a chunk). The root handler keeps that state and later chunks are written with
 * it ({@link writeWith}).
 *
 * @param options The options, whose root handler is a {@link rootHandler}.
 * @param kept Where that handler keeps the state.
 * @returns The writer.
 */
function createWrite(options: Options, kept: KeptState): Write {
  return (tree) => {
    if (!kept.state) return toMarkdown(tree, options);
    try {
      return writeWith(kept.state, tree);
    } catch (error) {
      // A handler that threw may have left the state's stacks unbalanced: start afresh.
      kept.state = undefined;
      throw error;
    }
  };
}

/**
 * A chunk's text: written, with the definitions it needs. When a reader line by line would see
 * it leave a fence open, it is written again with code without a language laid out indented, as
 * the source did, and if that does not balance it, with fenced code the source never closed left
 * open at its end; the first balanced text wins, else the first.
 *
 * @param state The serializer's shared state.
 * @param tree The chunk's tree.
 * @param write Writes a tree.
 * @returns The text.
 */
function stringifyBalanced(state: WriterState, tree: Root, write: Write): string {
  state.pending = [];
  const text = withDefinitions(state, tree, write(tree).trim(), write);
  if (!hasFenceLines(text) || scanFences(text) === undefined) return text;
  const retry = (flag: (on: boolean) => void): string => {
    flag(true);
    try {
      return withDefinitions(state, tree, write(tree).trim(), write);
    } finally {
      flag(false);
    }
  };
  const indented = retry((on) => {
    state.indentFencedCode = on;
  });
  if (scanFences(indented) === undefined) return indented;
  state.lastOpenEnded = undefined;
  const openEnded = retry((on) => {
    state.leaveOpenEnded = on;
  });
  return state.lastOpenEnded !== undefined &&
    openEnded.endsWith(state.lastOpenEnded) &&
    scanFences(openEnded) === undefined
    ? openEnded
    : text;
}

/**
 * The chunk's text with the definitions it needs that its tree does not hold (those of the
 * nodes written as the source wrote them).
 *
 * @param state The serializer's shared state (the pending definitions, emptied).
 * @param tree The chunk's tree.
 * @param text Its text.
 * @param write Writes a tree.
 * @returns The text, with the definitions after it.
 */
function withDefinitions(state: WriterState, tree: Root, text: string, write: Write): string {
  if (state.pending.length === 0) return text;
  const held = new Set<string>();
  for (const node of tree.children) if (node.type === 'definition') held.add(node.identifier);
  const children: Definition[] = [];
  for (const definition of state.pending) {
    if (held.has(definition.identifier)) continue;
    held.add(definition.identifier);
    children.push(definition);
  }
  state.pending = [];
  return children.length > 0 ? `${text}\n\n${write({ type: 'root', children }).trim()}` : text;
}

/**
 * Write a tree with the state of an earlier `toMarkdown` call of the same options, as
 * `toMarkdown` writes it: the stacks and the list bullets start empty, as in a new state; the
 * handlers restore whatever else they change.
 */
function writeWith(state: State, tree: Root): string {
  state.stack = [];
  state.indexStack = [];
  state.bulletCurrent = undefined;
  state.bulletLastUsed = undefined;
  const info = { before: '\n', after: '\n', now: { line: 1, column: 1 }, lineShift: 0 };
  const result = state.handle(tree, undefined, state, info);
  const last = result.charCodeAt(result.length - 1);
  return result && last !== 10 && last !== 13 ? `${result}\n` : result;
}

/**
 * Text with `width` spaces taken off the start of every line after the first (a blank line may
 * have fewer); `undefined` when a line starts with anything else there.
 */
function dedent(text: string, width: number): string | undefined {
  const lines = text.split(/\r\n|\r|\n/);
  if (width === 0) return lines.join('\n');
  for (let index = 1; index < lines.length; index++) {
    const line = lines[index] as string;
    const prefix = line.slice(0, width);
    if (!/^ *$/.test(prefix)) return undefined;
    lines[index] = line.slice(width);
  }
  return lines.join('\n');
}

/**
 * Shorten the backtick fence around serialized code to one longer than the longest line of the
 * code that could close a fence (backticks alone on their line), at least three.
 */
function shortestFence(written: string, value: string): string {
  const long = /^`{3,}/.exec(written)?.[0];
  if (!long || !written.endsWith(long)) return written;
  let closing = 0;
  // (Any indentation: a reader line by line takes an indented run of backticks for a fence.)
  for (const match of value.matchAll(/^[ \t>]*(`{3,})[ \t]*$/gm)) {
    closing = Math.max(closing, (match[1] as string).length);
  }
  const length = Math.max(3, closing + 1);
  if (length >= long.length) return written;
  const fence = '`'.repeat(length);
  return fence + written.slice(long.length, written.length - long.length) + fence;
}

/**
 * GFM's serializer extensions merged into one, once. `toMarkdown` merges the extensions it is
 * given on every call, and chunkdown calls it once per chunk; merged in the order it would use
 * (handlers of later extensions win, unsafe patterns and joins appended), the result is the same.
 */
const gfmExtension = gfmToMarkdown({ tablePipeAlign: false });
const gfm = flatten(gfmExtension);

function flatten(extension: Options): Options {
  const { extensions, handlers, unsafe, join, ...rest } = extension;
  const parts = [...(extensions ?? []).map(flatten), { ...rest, handlers, unsafe, join }];
  return {
    ...Object.assign({}, ...parts),
    handlers: Object.assign({}, ...parts.map((part) => part.handlers)),
    unsafe: parts.flatMap((part) => part.unsafe ?? []),
    join: parts.flatMap((part) => part.join ?? []),
  };
}
