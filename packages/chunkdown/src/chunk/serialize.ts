import type {
  Break,
  Code,
  Definition,
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
import { type ContainerSyntax, containerSyntax, verbatimDefinitions } from '../parse/containers.js';
import type { Provenance } from '../tree/provenance.js';
import type { SourceMap } from '../tree/source-map.js';
import { hasFenceLines, scanFences } from '../util/fence-lines.js';
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
 * @param sourceMap
 *   Where text was written in the source, to tell which escapes it needed.
 * @param source
 *   The document, to write literal autolinks (`www.example.com`) as they were written.
 * @param provenance
 *   The split's provenance: which text was sliced from where, which nodes are context.
 * @param dialects
 *   The serializer extensions of the docs dialects the document was read with (their nodes are
 *   written by them; containers are written by chunkdown, with their opener and closer).
 * @returns
 *   The serializer.
 */
export function createSerializer(
  sourceMap: SourceMap,
  source: string,
  provenance: Provenance,
  dialects: readonly Options[] = [],
): Serializer {
  const base = dialects.length > 0 ? flatten({ extensions: [gfmExtension, ...dialects] }) : gfm;
  const { copyOrigins, sliceOrigins, syntheticNodes } = provenance;
  /** The paragraph or heading being written, whose text the text handler writes. */
  let block: Nodes | undefined;
  const within =
    (handle: Handle): Handle =>
    (node, parent, state, info) => {
      const outer = block;
      block = node;
      try {
        return handle(node, parent, state, info);
      } finally {
        block = outer;
      }
    };
  /** Source column where the block being written starts. */
  const blockColumn = (): number => {
    if (!block) return 0;
    const original = copyOrigins.get(block as never) ?? block;
    const start = sourceMap.range(original as Nodes)?.start;
    return start === undefined ? 0 : column(source, start);
  };
  const text: Handle = (node: Text, parent: Parents | undefined, state: State, info: Info) => {
    if (syntheticNodes.has(node)) return node.value;
    const siblings = parent ? parent.children : [];
    const index = state.indexStack[state.indexStack.length - 1] ?? 0;
    const out = state.safe(node.value, {
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
      blockColumn(),
    );
  };

  // Code without a language whose text holds fence lines (an indented code block of MDX, where
  // the fences are the example's own) is written indented, as the source wrote it: a fence around
  // it would interleave with those lines for anyone who reads them line by line.
  // Code is fenced, with the shortest fence its lines cannot close. When a chunk read line by
  // line leaves a fence open that way (MDX: a ```` ```js ```` line in an HTML block, whose code
  // CommonMark holds in an indented block with the closing fence), code without a language whose
  // lines hold fences is written indented, as the source wrote it, if that balances the chunk.
  let indentFencedCode = false;
  // Fenced code the source never closed (its fence ran to the end of the document: a Jekyll page
  // whose closing fence opened a block, because an HTML block took the opening fence line) is
  // written the same way, without a closing fence, when it ends the chunk and that balances the
  // chunk read line by line. `lastOpenEnded` is the text written for the last such block.
  let leaveOpenEnded = false;
  let lastOpenEnded: string | undefined;
  const code: Handle = (node: Code, parent: Parents | undefined, state: State, info: Info) => {
    if (leaveOpenEnded && parent?.type === 'root' && unclosedInSource(node)) {
      const written = shortestFence(defaultHandlers.code(node, parent, state, info), node.value);
      lastOpenEnded = written.slice(0, written.lastIndexOf('\n')).trimEnd();
      return lastOpenEnded;
    }
    if (indentFencedCode && !node.lang && !node.meta && hasFenceLines(node.value)) {
      const fences = state.options.fences;
      state.options.fences = false;
      try {
        return defaultHandlers.code(node, parent, state, info);
      } finally {
        state.options.fences = fences;
      }
    }
    return shortestFence(defaultHandlers.code(node, parent, state, info), node.value);
  };

  // Raw HTML that starts a list item is written without the indentation of its first line: after
  // the marker, that indentation would move the column the item's content starts at, and the
  // item's later lines (written at the marker's width) would fall out of the item (a piece of a
  // list whose first block was an indented `</TabItem>`).
  const html: Handle = (node: Html, parent: Parents | undefined) => {
    const written = defaultHandlers.html(node);
    return parent?.type === 'listItem' && parent.children[0] === node
      ? written.replace(/^[ \t]+/, '')
      : written;
  };

  // An ordered list whose source repeats its number (`1.` `1.` `1.`, as MkDocs and many READMEs
  // write them) is written so too: with its number, not incremented, in every piece (a piece
  // of it that starts at its third item starts at `1.` too, not `3.`).
  const list: Handle = (node: List, parent: Parents | undefined, state: State, info: Info) => {
    const increment = state.options.incrementListMarker;
    const repeats = repeatsNumber(node);
    state.options.incrementListMarker = increment !== false && !repeats;
    const start = (copyOrigins.get(node) as List | undefined)?.start;
    const written =
      repeats && start !== undefined && start !== node.start ? { ...node, start } : node;
    try {
      return defaultHandlers.list(written, parent, state, info);
    } finally {
      state.options.incrementListMarker = increment;
    }
  };
  const repeatsNumber = (node: List): boolean => {
    if (!node.ordered) return false;
    const original = (copyOrigins.get(node) ?? node) as List;
    const [first, second] = original.children;
    const a = first && sourceMap.range(first);
    const b = second && sourceMap.range(second);
    if (!a || !b) return false;
    const number = (at: number) => /^\d+/.exec(source.slice(at, at + 10))?.[0];
    return number(a.start) !== undefined && number(a.start) === number(b.start);
  };

  /** Whether a link is a GFM literal autolink (`https://x.dev`, `a@b.co`): its source is its text. */
  const isLiteral = (node: Link): boolean => {
    const range = sourceMap.range(node);
    const only = node.children.length === 1 ? node.children[0] : undefined;
    return (
      range !== undefined &&
      only?.type === 'text' &&
      source.slice(range.start, range.end) === only.value &&
      !node.title
    );
  };
  // A literal autolink is written as it was, not as `<…>`.
  const link: Handle = (node: Link, parent: Parents | undefined, state: State, info: Info) =>
    isLiteral(node)
      ? (node.children[0] as Text).value
      : defaultHandlers.link(node, parent, state, info);
  // A hard break is written `\` and a line ending, except after a literal autolink, which would
  // take the backslash into its URL (`https://x.dev\`): there it is two spaces and a line ending.
  const hardBreak: Handle = (
    node: Break,
    parent: Parents | undefined,
    state: State,
    info: Info,
  ) => {
    const written = defaultHandlers.break(node, parent, state, info);
    const index = state.indexStack[state.indexStack.length - 1] ?? 0;
    const previous = parent?.children[index - 1];
    return written === '\\\n' && previous?.type === 'link' && isLiteral(previous)
      ? '  \n'
      : written;
  };

  // A docs-dialect container (a directive, an MkDocs admonition or tab, a JSX element with
  // content) is written with its opener as the source wrote it and its closer, around its
  // children (indented for MkDocs); every piece of it, so each re-parses as the same container.
  const container: Handle = (
    node: Parent,
    parent: Parents | undefined,
    state: State,
    info: Info,
  ) => {
    const original = (copyOrigins.get(node) ?? node) as Nodes;
    const syntax = containerSyntax(original) ?? containerSyntax(node as Nodes);
    if (!syntax) return asWritten(node as Nodes, parent, state, info);
    needDefinitions(original);
    const body = state.containerFlow(node as never, info);
    const { separator, closeSeparator, indent } = pieceLayout(node, original, syntax);
    const inner = indent
      ? state.indentLines(body, (line, _, blank) => (blank ? '' : indent) + line)
      : body;
    let written = syntax.opener;
    if (inner) written += separator + inner;
    if (syntax.closer) written += (inner ? closeSeparator : '\n') + syntax.closer;
    return written;
  };
  // MDX nodes kept whole (a JSX element without content, an expression, inline JSX) are written
  // as the source wrote them: their dialect's serializer reflows attributes and re-indents
  // template literals, which changes their values. Lines after the first lose the indentation of
  // the block they are in (the serializer indents them again); where that is more than spaces
  // (a block quote's `>`), the dialect's serializer writes them.
  const asWritten: Handle = (
    node: Nodes,
    parent: Parents | undefined,
    state: State,
    info: Info,
  ) => {
    const range = sourceMap.range(node);
    if (range) {
      const written = source.slice(range.start, range.end);
      const flow = node.type === 'mdxJsxFlowElement' || node.type === 'mdxFlowExpression';
      const lines = /[\r\n]/.test(written)
        ? dedent(written, flow ? column(source, range.start) : blockColumn())
        : written;
      if (lines !== undefined) {
        needDefinitions(node);
        return lines;
      }
    }
    const handle = (base.handlers as Record<string, Handle> | undefined)?.[node.type];
    return handle ? handle(node as never, parent, state, info) : '';
  };

  // The definitions of the references that nodes written as the source wrote them make (their
  // links are not rewritten inline): they are added at the end of the chunk.
  let pending: Definition[] = [];
  const needDefinitions = (node: Nodes) => {
    const found = verbatimDefinitions(node);
    if (found) pending.push(...found);
  };
  /** The chunk's text with the definitions it needs that its tree does not hold. */
  const withDefinitions = (tree: Root, text: string): string => {
    if (pending.length === 0) return text;
    const held = new Set<string>();
    for (const node of tree.children) if (node.type === 'definition') held.add(node.identifier);
    const children: Definition[] = [];
    for (const definition of pending) {
      if (held.has(definition.identifier)) continue;
      held.add(definition.identifier);
      children.push(definition);
    }
    pending = [];
    return children.length > 0 ? `${text}\n\n${write({ type: 'root', children }).trim()}` : text;
  };

  /**
   * How a piece of a JSX element lays out its content: with a blank line before (and after) it
   * where the source has one before its first (after its last) child, and as far in as the source
   * indents its first child, so a reader of CommonMark (to whom the element and what it holds
   * are HTML blocks) reads the piece as it reads the source. Other containers keep theirs.
   */
  const pieceLayout = (node: Parent, original: Nodes, syntax: ContainerSyntax) => {
    const first = node.children[0] as Nodes | undefined;
    const last = node.children[node.children.length - 1] as Nodes | undefined;
    const opened = sourceMap.range(original)?.start;
    const from = first && startInSource(first);
    const to = last && endInSource(last);
    if (syntax.container.kind !== 'jsx' || opened === undefined || from === undefined)
      return syntax;
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
  };
  /**
   * Where the node a node of a chunk was copied or sliced from starts in the source: a piece of a
   * code block lays out as the block does (its fence line is where the block starts, and every
   * piece is reopened with it), not as the line it starts at.
   */
  const startInSource = (node: Nodes): number | undefined => sourceMap.range(originOf(node))?.start;
  const endInSource = (node: Nodes): number | undefined => sourceMap.range(originOf(node))?.end;
  const originOf = (node: Nodes): Nodes =>
    (sliceOrigins.get(node)?.node ?? copyOrigins.get(node as Parent) ?? node) as Nodes;

  // The first chunk is written by `toMarkdown`, which builds the serializer's state (handlers,
  // unsafe patterns and joins merged from the options: a fixed cost per call, about a tenth of
  // writing a chunk). The root handler keeps that state, with its `safe` swapped for one that
  // skips the unsafe patterns that cannot match, and later chunks are written with it
  // (`writeWith`).
  let kept: State | undefined;
  const marks = createCharacterMarks();
  const root: Handle = (node: Root, parent: Parents | undefined, state: State, info: Info) => {
    if (state !== kept) {
      const safe = state.safe;
      state.safe = (value, config) => safeWith(state, safe, value ?? '', config, marks);
      kept = state;
    }
    return defaultHandlers.root(node, parent, state, info);
  };
  const write = (tree: Root): string => {
    if (!kept) return toMarkdown(tree, options);
    try {
      return writeWith(kept, tree);
    } catch (error) {
      // A handler that threw may have left the state's stacks unbalanced: start afresh.
      kept = undefined;
      throw error;
    }
  };

  const options: Options = {
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
      containerDirective: container,
      mdxJsxFlowElement: container,
      ...(dialects.length > 0
        ? {
            mdxJsxTextElement: asWritten,
            mdxFlowExpression: asWritten,
            mdxTextExpression: asWritten,
          }
        : {}),
      root,
      text,
      link,
      break: hardBreak,
      code,
      html,
      list,
      // GFM writes a task list item's check with its paragraph handler: wrap that one.
      paragraph: within(base.handlers?.paragraph ?? defaultHandlers.paragraph),
      heading: within(base.handlers?.heading ?? defaultHandlers.heading),
    },
  };

  /** Whether a fenced code block (or the block a piece came from) has no closing fence in the source. */
  const unclosedInSource = (node: Code): boolean => {
    const parsed = (sliceOrigins.get(node)?.node ?? node) as Nodes;
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
  };

  const retry = (tree: Root, flag: (on: boolean) => void): string => {
    flag(true);
    try {
      return withDefinitions(tree, write(tree).trim());
    } finally {
      flag(false);
    }
  };

  return {
    stringify(tree) {
      pending = [];
      const text = withDefinitions(tree, write(tree).trim());
      if (!hasFenceLines(text) || scanFences(text) === undefined) return text;
      const indented = retry(tree, (on) => {
        indentFencedCode = on;
      });
      if (scanFences(indented) === undefined) return indented;
      lastOpenEnded = undefined;
      const openEnded = retry(tree, (on) => {
        leaveOpenEnded = on;
      });
      return lastOpenEnded !== undefined &&
        openEnded.endsWith(lastOpenEnded) &&
        scanFences(openEnded) === undefined
        ? openEnded
        : text;
    },
  };
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
