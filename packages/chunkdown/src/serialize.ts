import type { Link, Nodes, Parents, Root, Table, Text } from 'mdast';
import { gfmToMarkdown } from 'mdast-util-gfm';
import type { Handle, Info, Options, SafeConfig, State, Unsafe } from 'mdast-util-to-markdown';
import { defaultHandlers, toMarkdown } from 'mdast-util-to-markdown';
import type { Provenance } from './provenance.js';
import type { SourceMap } from './source-map.js';

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
 * @returns
 *   The serializer.
 */
export function createSerializer(
  sourceMap: SourceMap,
  source: string,
  provenance: Provenance,
): Serializer {
  const { copyOrigins, sliceOrigins, syntheticNodes } = provenance;
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
    return keepSourceEscapes(out, node.value, parsed, from, sourceMap, cutBefore, cutAfter);
  };

  // A GFM literal autolink (`https://x.dev`, `a@b.co`) is written as it was, not as `<…>`.
  const link: Handle = (node: Link, parent: Parents | undefined, state: State, info: Info) => {
    const range = sourceMap.range(node);
    const only = node.children.length === 1 ? node.children[0] : undefined;
    if (
      range &&
      only?.type === 'text' &&
      source.slice(range.start, range.end) === only.value &&
      !node.title
    ) {
      return only.value;
    }
    return defaultHandlers.link(node, parent, state, info);
  };

  // Every chunk is written by one `toMarkdown` call; its `safe` is swapped for one that skips the
  // unsafe patterns that cannot match.
  const root: Handle = (node: Root, parent: Parents | undefined, state: State, info: Info) => {
    const safe = state.safe;
    state.safe = (value, config) => safeWith(state, safe, value ?? '', config);
    return defaultHandlers.root(node, parent, state, info);
  };

  const options: Options = {
    ...gfm,
    bullet: '*',
    emphasis: '*',
    strong: '*',
    rule: '*',
    ruleRepetition: 3,
    fences: true,
    setext: false,
    listItemIndent: 'one',
    handlers: { ...gfm.handlers, root, text, link },
  };

  return {
    stringify(tree) {
      return toMarkdown(tree, options).trim();
    },
  };
}

/**
 * GFM's serializer extensions merged into one, once. `toMarkdown` merges the extensions it is
 * given on every call, and chunkdown calls it once per chunk; merged in the order it would use
 * (handlers of later extensions win, unsafe patterns and joins appended), the result is the same.
 */
const gfm = flatten(gfmToMarkdown({ tablePipeAlign: false }));

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

/**
 * `state.safe`, asked only about the unsafe patterns that can match: a pattern matches at its
 * character, so one whose character is in neither the value nor the characters around it cannot
 * escape anything. GFM brings about ninety patterns and each is a regular expression run over
 * the value; most prose holds a handful of their characters. A value with none of them, and no
 * backslash, is returned as it is.
 */
function safeWith(state: State, safe: State['safe'], value: string, config: SafeConfig): string {
  const all = state.unsafe;
  const around = `${config.before ?? ''}${value}${config.after ?? ''}`;
  const ascii = new Uint8Array(128);
  for (let i = 0; i < around.length; i++) {
    const code = around.charCodeAt(i);
    if (code < 128) ascii[code] = 1;
  }
  const patterns = all.filter((pattern) => canMatch(pattern, around, ascii));
  if (patterns.length === 0 && !around.includes('\\')) return value;
  state.unsafe = patterns;
  try {
    return safe.call(state, value, config);
  } finally {
    state.unsafe = all;
  }
}

/** Whether an unsafe pattern's character occurs in a text (`ascii` marks its ASCII characters). */
function canMatch(pattern: Unsafe, text: string, ascii: Uint8Array): boolean {
  const character = pattern.character;
  if (character.length === 1 && character.charCodeAt(0) < 128) {
    return ascii[character.charCodeAt(0)] === 1;
  }
  return text.includes(character);
}

/** Whether text was written as it reads: no escape or reference, only container prefixes on later lines. */
function verbatim(written: string, value: string): boolean {
  if (written === value) return true;
  if (!written.includes('\n')) return false;
  return (
    written
      .split(/\r?\n/)
      .map((line, index) => (index === 0 ? line : line.replace(/^[ \t>]*/, '')))
      .join('\n') === value
  );
}

/**
 * Drop escapes the serializer added to characters that the source wrote plainly. `value` is the
 * text written, found at `offset` in the text of the parsed node `source`.
 */
function keepSourceEscapes(
  out: string,
  value: string,
  source: Text,
  offset: number,
  sourceMap: SourceMap,
  cutBefore: boolean,
  cutAfter: boolean,
): string {
  // At a cut, the first and last words may now start a line or touch new markup: keep escapes there.
  const firstWordEnd = cutBefore ? wordEnd(value) : 0;
  const lastWordStart = cutAfter ? wordStart(value) : value.length;
  let result = '';
  let o = 0;
  let j = 0;
  while (o < out.length) {
    const c = out.charAt(o);
    const v = value.charAt(j);
    if (c === '\\' && j < value.length && out.charAt(o + 1) === v && /[!-/:-@[-`{-~]/.test(v)) {
      const protectedEdge = j < firstWordEnd || j >= lastWordStart;
      const written = protectedEdge ? undefined : sourceMap.char(source, offset + j);
      result += written?.plain ? v : `\\${v}`;
      o += 2;
      j++;
    } else if (c === v) {
      result += c;
      o++;
      j++;
    } else if (c === '&') {
      const end = out.indexOf(';', o);
      if (end === -1) return out;
      const reference = out.slice(o, end + 1);
      result += reference;
      o = end + 1;
      j += String.fromCodePoint(Number.parseInt(reference.slice(3, -1), 16)).length;
    } else {
      return out;
    }
  }
  return result;
}

/** End of the first word of a text (its leading whitespace included). */
function wordEnd(value: string): number {
  let index = 0;
  while (index < value.length && isSpace(value.charAt(index))) index++;
  while (index < value.length && !isSpace(value.charAt(index))) index++;
  return index;
}

/**
 * Start of the last word of a text (its trailing whitespace included). Scanned from the end: the
 * pattern `\S*\s*$` backtracks through every word before the last, quadratic on a long one.
 */
function wordStart(value: string): number {
  let index = value.length;
  while (index > 0 && isSpace(value.charAt(index - 1))) index--;
  while (index > 0 && !isSpace(value.charAt(index - 1))) index--;
  return index;
}

const space = /\s/;

function isSpace(character: string): boolean {
  return space.test(character);
}

/**
 * The rendered text of a chunk, as `mdast-util-to-string` gives it, without the repeated table
 * header rows and the context the assembler added.
 *
 * @param root
 *   A chunk's tree.
 * @param provenance
 *   The split's provenance (which nodes are context).
 * @returns
 *   Its content text.
 */
export function contentText(root: Root, provenance: Provenance): string {
  const parts: string[] = [];
  const visit = (node: Nodes) => {
    if (provenance.syntheticNodes.has(node)) return;
    if ('value' in node && typeof node.value === 'string') {
      parts.push(node.value);
      return;
    }
    if (node.type === 'image' || node.type === 'imageReference') {
      if (node.alt) parts.push(node.alt);
      return;
    }
    if ('children' in node) {
      const children = node.children as Nodes[];
      for (let i = node.type === 'table' ? 1 : 0; i < children.length; i++)
        visit(children[i] as Nodes);
    }
  };
  visit(root);
  return parts.join('');
}

/**
 * Column headers of the tables in a chunk, in order, without repeats.
 *
 * @param root
 *   A chunk's tree.
 * @param provenance
 *   The split's provenance.
 * @returns
 *   Header texts.
 */
export function tableHeaders(root: Root, provenance: Provenance): string[] {
  const headers: string[] = [];
  const seen = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === 'table') {
      for (const cell of (node as Table).children[0]?.children ?? []) {
        const text = contentText({ type: 'root', children: [cell as never] }, provenance).trim();
        if (text && !seen.has(text)) {
          seen.add(text);
          headers.push(text);
        }
      }
      return;
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  return headers;
}
