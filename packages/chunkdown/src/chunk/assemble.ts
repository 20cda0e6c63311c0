import type {
  Blockquote,
  Definition,
  FootnoteDefinition,
  List,
  Nodes,
  Paragraph,
  Parent,
  Root,
  Table,
  TableRow,
  Text,
} from 'mdast';
import { toString as nodeText } from 'mdast-util-to-string';
import type { ResolvedOptions } from '../options.js';
import { alertMarker, alertOf, alertType } from '../parse/containers.js';
import { SENTENCE, WORD } from '../split/levels.js';
import { boundaries } from '../split/text-boundaries.js';
import type { Leaf } from '../split/types.js';
import { citedFootnote } from '../tree/normalize.js';
import type { Provenance } from '../tree/provenance.js';
import type { CarriedFootnote } from '../types.js';
import { literalText } from '../util/literal.js';

/**
 * Rebuild a chunk's tree from its leaves: containers are copied around the leaves they hold (a
 * table copy starts with the header row, a list copy keeps its numbering, an alert keeps its
 * marker), consecutive slices of one text are joined, and formatting is re-wrapped on each side
 * of a cut. Leaves are not changed; whole nodes are shared with the parsed tree.
 *
 * @param leaves
 *   The chunk's leaves, in document order.
 * The chunk then ends with the definitions it needs to stand alone: those of the references it
 * keeps (`style: 'preserve'`), then those of the footnotes it cites and does not hold (see
 * {@link carryFootnotes}).
 *
 * @param context
 *   The split's provenance (where slices and copies come from: read and recorded), the
 *   definitions to append for the references the chunk keeps (`style: 'preserve'`), the
 *   split's item indexes, and the options (how large a carried footnote may be).
 * @returns
 *   The chunk's tree.
 */
export function assemble(leaves: readonly Leaf[], context: AssembleContext): Root {
  const { provenance, definitions, itemIndexes } = context;
  const root: Root = { type: 'root', children: [] };
  const originals: Parent[] = [];
  const copies: Parent[] = [root];
  const alerts: Blockquote[] = [];

  for (const leaf of leaves) {
    const path = leaf.path;
    let depth = 0;
    while (depth < originals.length && depth < path.length && originals[depth] === path[depth])
      depth++;
    originals.length = depth;
    copies.length = depth + 1;
    for (let index = depth; index < path.length; index++) {
      const original = path[index] as Parent;
      const first = (path[index + 1] as Nodes | undefined) ?? leaf;
      const copy = copyContainer(
        original,
        first === leaf ? leaf.node : (first as Nodes),
        leaf,
        provenance,
        itemIndexes,
      );
      provenance.copyOrigins.set(copy, original);
      if (
        copy.type === 'blockquote' &&
        copy.data &&
        (copy.data as { chunkdownAlert?: string }).chunkdownAlert
      ) {
        alerts.push(copy as Blockquote);
      }
      (copies[copies.length - 1] as Parent).children.push(copy as never);
      originals.push(original);
      copies.push(copy);
    }
    append(copies[copies.length - 1] as Parent, leaf, provenance);
  }

  for (const alert of alerts) addAlertMarker(alert, provenance);
  const footnotes = carryFootnotes(root, provenance, context.options);
  if (definitions && definitions.size > 0) appendDefinitions(root, definitions, footnotes);
  root.children.push(...footnotes);
  return root;
}

/** Append a leaf to a copied container, joining it to the slice before it when both cut one text. */
function append(parent: Parent, leaf: Leaf, provenance: Provenance): void {
  const { sliceOrigins } = provenance;
  const children = parent.children as Nodes[];
  if (leaf.from < 0) {
    children.push(leaf.node);
    return;
  }
  const last = children[children.length - 1];
  const origin = last ? sliceOrigins.get(last) : undefined;
  const source = sliceOrigins.get(leaf.node);
  const node = source ? source.node : leaf.node;
  const offset = source ? source.from : 0;
  if (last && origin && origin.node === node) {
    children[children.length - 1] = slice(node, origin.from, offset + leaf.to, provenance);
  } else {
    children.push(slice(node, offset + leaf.from, offset + leaf.to, provenance));
  }
}

/** A copy of a literal node holding only `[from, to)` of its text (its origin recorded). */
function slice(node: Nodes, from: number, to: number, provenance: Provenance): Nodes {
  const { position: _position, ...rest } = node;
  const text = (literalText(node) ?? '').slice(from, to);
  const field = node.type === 'image' || node.type === 'imageReference' ? 'alt' : 'value';
  const copy = { ...rest, [field]: text } as Nodes;
  provenance.sliceOrigins.set(copy, { node, from });
  return copy;
}

/** What assembling the chunks of one split shares. */
export interface AssembleContext {
  provenance: Provenance;
  /** Definitions to append to chunks that keep references (`style: 'preserve'`). */
  definitions?: ReadonlyMap<string, Definition> | undefined;
  /** Where each item of an ordered list is in it, found once per list of the split. */
  itemIndexes: ItemIndexes;
  /** The size unit and limits, for the footnotes a chunk carries (none: carried whole). */
  options?: Pick<ResolvedOptions, 'chunkSize' | 'rawBudget' | 'lengthFunction'> | undefined;
}

/** Where the items of ordered lists are in their list, found once per list. */
export type ItemIndexes = WeakMap<List, Map<Nodes, number>>;

/**
 * Start the item indexes of one split.
 *
 * @returns
 *   An empty cache.
 */
export function createItemIndexes(): ItemIndexes {
  return new WeakMap();
}

/** A copy of a container, without children, that keeps its context for the piece it holds. */
function copyContainer(
  original: Parent,
  first: Nodes,
  leaf: Leaf,
  provenance: Provenance,
  listIndexes: ItemIndexes,
): Parent {
  switch (original.type) {
    case 'table': {
      const table = original as Table;
      const copy: Table = {
        type: 'table',
        align: table.align ?? null,
        children: [table.children[0] as TableRow],
      };
      return copy;
    }
    case 'tableRow':
      if (provenance.keyRows.has(original as TableRow)) {
        return {
          type: 'tableRow',
          children: [...(original as TableRow).children],
        } satisfies TableRow;
      }
      break;
    case 'list': {
      const list = original as List;
      if (!list.ordered) break;
      let indexes = listIndexes.get(list);
      if (!indexes) {
        indexes = new Map(list.children.map((item, index) => [item as Nodes, index]));
        listIndexes.set(list, indexes);
      }
      const { position: _position, children: _children, ...rest } = list;
      const copy: List = {
        ...rest,
        start: (list.start ?? 1) + (indexes.get(first) ?? 0),
        children: [],
      };
      return copy;
    }
    case 'blockquote': {
      const quote = original as Blockquote;
      const marker = alertMarkerOf(quote);
      const { position: _position, children: _children, ...rest } = quote;
      if (marker && !startsAtBeginning(quote, first, leaf, provenance)) {
        return { ...rest, data: { ...rest.data, chunkdownAlert: marker } as never, children: [] };
      }
      return { ...rest, children: [] };
    }
    default:
      break;
  }
  const {
    position: _position,
    children: _children,
    ...rest
  } = original as Parent & { position?: unknown };
  return { ...(rest as object), children: [] } as unknown as Parent;
}

/** What the marker text put back at the top of an alert's piece holds in `data`. */
interface RepeatedMarker {
  chunkdownAlertMarker: true;
}

/** The alert marker (`[!NOTE]`, …) a block quote starts with, if any. */
function alertMarkerOf(quote: Blockquote): string | undefined {
  const paragraph = quote.children[0];
  if (paragraph?.type !== 'paragraph') return undefined;
  const text = paragraph.children[0];
  if (text?.type !== 'text') return undefined;
  // (The text after the marker is repeated only when it is a title, not the alert's body.)
  const marker = alertOf(quote)?.title ? alertMarker : alertType;
  return marker.exec(text.value)?.[0];
}

/** Whether a piece of a block quote starts where the quote starts. */
function startsAtBeginning(
  quote: Blockquote,
  first: Nodes,
  leaf: Leaf,
  provenance: Provenance,
): boolean {
  const paragraph = quote.children[0] as Paragraph;
  if (first !== paragraph) return false;
  if (leaf.node === paragraph) return true;
  const text = paragraph.children[0] as Text;
  const origin = provenance.sliceOrigins.get(leaf.node);
  const node = origin ? origin.node : leaf.node;
  const from = (origin ? origin.from : 0) + Math.max(leaf.from, 0);
  return node === text && from === 0;
}

/** Put the alert marker back at the top of a piece of an alert that does not start with it. */
function addAlertMarker(quote: Blockquote, provenance: Provenance): void {
  const marker = (quote.data as { chunkdownAlert: string }).chunkdownAlert;
  const text: Text = {
    type: 'text',
    value: `${marker}\n`,
    data: { chunkdownAlertMarker: true } satisfies RepeatedMarker as never,
  };
  provenance.syntheticNodes.add(text);
  const first = quote.children[0];
  if (first?.type === 'paragraph') {
    quote.children[0] = { ...first, children: [text, ...first.children] };
  } else {
    text.value = marker;
    quote.children.unshift({ type: 'paragraph', children: [text] });
  }
  const { chunkdownAlert: _marker, ...data } = quote.data as Record<string, unknown>;
  if (Object.keys(data).length > 0) quote.data = data;
  else delete quote.data;
}

/**
 * A chunk's tree to split again for `maxRawSize`: each alert marker {@link addAlertMarker} put
 * back that is `tooLong` is shortened to the alert's type (`[!NOTE]`, not a
 * callout's title after it), so pieces that must be small keep room for their content (the title
 * is in the alert's first chunk). A marker that fits keeps its title.
 *
 * @param root
 *   The chunk's tree, as assembled.
 * @param provenance
 *   Where the shortened markers are marked as made, not written.
 * @param tooLong
 *   Whether a marker (its text) takes too much of a piece.
 * @returns
 *   The tree with short repeated markers (`root` itself when it has none to shorten).
 */
export function withShortRepeatedMarkers(
  root: Root,
  provenance: Provenance,
  tooLong: (marker: string) => boolean,
): Root {
  const visit = <T extends Nodes>(node: T): T => {
    if (isRepeatedMarker(node) && tooLong((node as Text).value.trim())) {
      const text = node as Text;
      const type = alertType.exec(text.value)?.[0];
      const value = type === undefined ? text.value : text.value.replace(alertMarker, type);
      if (value === text.value) return node;
      const short: Text = { ...text, value };
      provenance.syntheticNodes.add(short);
      return short as T;
    }
    if (!('children' in node)) return node;
    const children = (node.children as Nodes[]).map(visit);
    return children.every((child, index) => child === node.children[index])
      ? node
      : ({ ...node, children } as T);
  };
  return visit(root);
}

/**
 * Whether a draft's leaves are only alert markers put back: a piece of a re-split with nothing of
 * the source in it, which is not a chunk.
 */
export function onlyRepeatedMarkers(leaves: readonly Leaf[]): boolean {
  return (
    leaves.length > 0 &&
    leaves.every(
      (leaf) =>
        isRepeatedMarker(leaf.node) ||
        (leaf.node.type === 'paragraph' && leaf.node.children.every(isRepeatedMarker)),
    )
  );
}

/** Whether a node is an alert marker {@link addAlertMarker} put back. */
function isRepeatedMarker(node: Nodes | undefined): boolean {
  return (
    node?.type === 'text' &&
    (node.data as Partial<RepeatedMarker> | undefined)?.chunkdownAlertMarker === true
  );
}

/**
 * Append the definitions of the references a chunk keeps (also inside the footnotes it carries,
 * which come after them), so the chunk stands on its own.
 */
function appendDefinitions(
  root: Root,
  definitions: ReadonlyMap<string, Definition>,
  footnotes: readonly FootnoteDefinition[],
): void {
  const used: Definition[] = [];
  const seen = new Set<string>();
  const stack: Nodes[] = [...footnotes].reverse();
  stack.push(root);
  const ordered: Nodes[] = [];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    ordered.push(node);
    if ('children' in node) {
      for (let index = node.children.length - 1; index >= 0; index--)
        stack.push(node.children[index] as Nodes);
    }
  }
  for (const node of ordered) {
    if (
      (node.type === 'linkReference' || node.type === 'imageReference') &&
      !seen.has(node.identifier)
    ) {
      seen.add(node.identifier);
      const definition = definitions.get(node.identifier);
      if (definition) used.push(definition);
    }
  }
  for (const definition of used) root.children.push(definition);
}

/** Share of `maxRawSize` a carried footnote may take before it is shortened. */
export const footnoteCapShare = 0.25;

/**
 * The footnote definitions a chunk carries (`rules.footnote.style: 'carry'`): for every footnote
 * it cites (also inside a definition it carries: a definition that cites another) and does not
 * hold, a copy of the definition, in the order of first citation, each once. They are context,
 * like a repeated table header: the copies are marked (`syntheticNodes`, `data.chunkdownCarried`)
 * so they count in `rawSize` but not in `contentSize`, and a re-split for the raw cap leaves them
 * out (each piece carries its own). A definition larger than the limit (`chunkSize`, or a quarter
 * of `maxRawSize` when that is smaller) is carried as its first sentence, cut at a word and ended
 * with `…` when that is still larger; the copy says `truncated`.
 *
 * @param root
 *   The chunk's tree.
 * @param provenance
 *   The split's provenance (the copies are recorded as context).
 * @param options
 *   The size unit and limits; without them definitions are carried whole.
 * @returns
 *   The copies to append, in order.
 */
function carryFootnotes(
  root: Root,
  provenance: Provenance,
  options: AssembleContext['options'],
): FootnoteDefinition[] {
  const held = new Set<string>();
  const cited: FootnoteDefinition[] = [];
  const citedLabels = new Set<string>();
  const visit = (node: Nodes) => {
    if (node.type === 'footnoteDefinition') held.add(node.identifier);
    else if (node.type === 'footnoteReference' && !citedLabels.has(node.identifier)) {
      const definition = citedFootnote(node);
      if (definition) {
        citedLabels.add(node.identifier);
        cited.push(definition);
      }
    }
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(root);
  const carried: FootnoteDefinition[] = [];
  // `cited` grows while it is read: the definitions a carried one cites join the end.
  for (let index = 0; index < cited.length; index++) {
    const definition = cited[index] as FootnoteDefinition;
    if (held.has(definition.identifier)) continue;
    const copy = carriedCopy(definition, options);
    provenance.syntheticNodes.add(copy);
    carried.push(copy);
    visit(copy);
  }
  return carried;
}

/** A copy of a footnote definition to carry: whole, or its first sentence when it is too large. */
function carriedCopy(
  definition: FootnoteDefinition,
  options: AssembleContext['options'],
): FootnoteDefinition {
  const { position: _position, ...rest } = definition;
  const limit = options ? footnoteLimit(options) : Number.POSITIVE_INFINITY;
  const length = options?.lengthFunction ?? ((text: string) => text.length);
  if (limit === Number.POSITIVE_INFINITY || length(nodeText(definition)) <= limit) {
    return { ...rest, data: { ...rest.data, chunkdownCarried: { truncated: false } } as never };
  }
  const text: Text = { type: 'text', value: firstSentence(definition, limit, length) };
  return {
    type: 'footnoteDefinition',
    identifier: definition.identifier,
    label: definition.label ?? null,
    children: [{ type: 'paragraph', children: [text] }],
    data: { chunkdownCarried: { truncated: true } } as never,
  };
}

/** The largest a carried footnote may be before it is shortened, in the size unit. */
function footnoteLimit(options: NonNullable<AssembleContext['options']>): number {
  const { chunkSize, rawBudget } = options;
  return rawBudget === undefined ? chunkSize : Math.min(chunkSize, rawBudget * footnoteCapShare);
}

/**
 * The first sentence of a footnote definition's first block, as plain text on one line; cut at
 * the last word that fits `limit` and ended with `…` when it is larger (at least one word; after
 * a space when the text ends with a URL).
 */
function firstSentence(
  definition: FootnoteDefinition,
  limit: number,
  length: (text: string) => number,
): string {
  const first = definition.children[0];
  const text = (first ? nodeText(first) : '').replace(/\s+/g, ' ').trim();
  const sentenceEnd = boundaries(text, 0, text.length, SENTENCE)[0] ?? text.length;
  const sentence = text.slice(0, sentenceEnd);
  if (length(sentence) <= limit) return sentence;
  const words = boundaries(sentence, 0, sentence.length, WORD);
  let cut = words[0] ?? sentence.length;
  for (let index = 0; index < words.length; index += 2) {
    const at = words[index] as number;
    if (length(`${sentence.slice(0, at)}…`) > limit) break;
    cut = at;
  }
  const kept = sentence.slice(0, cut);
  // Right after a URL, the ellipsis would become part of it (GFM links a bare URL to its end).
  return bareUrlAtEnd.test(kept) ? `${kept} …` : `${kept}…`;
}

/** A bare URL at the end of a text. */
const bareUrlAtEnd = /(?:[a-z][\w+.-]*:\/\/|www\.)\S*$/i;

/**
 * The footnotes a chunk's tree carries (see {@link carryFootnotes}), in order.
 *
 * @param root
 *   A chunk's tree.
 * @returns
 *   Their labels and whether each was shortened.
 */
export function carriedFootnotes(root: Root): CarriedFootnote[] {
  const found: CarriedFootnote[] = [];
  for (const node of root.children) {
    const carried = isCarried(node);
    if (carried) {
      const definition = node as FootnoteDefinition;
      found.push({
        label: definition.label ?? definition.identifier,
        truncated: carried.truncated,
      });
    }
  }
  return found;
}

/**
 * Whether a node is a footnote definition a chunk carries (not its own content).
 *
 * @param node
 *   A node of a chunk's tree.
 * @returns
 *   How it was carried, or `undefined`.
 */
export function isCarried(node: Nodes): { truncated: boolean } | undefined {
  return node.type === 'footnoteDefinition'
    ? (node.data as { chunkdownCarried?: { truncated: boolean } } | undefined)?.chunkdownCarried
    : undefined;
}
