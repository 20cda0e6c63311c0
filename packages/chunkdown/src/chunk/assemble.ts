import type {
  Blockquote,
  Definition,
  List,
  Nodes,
  Paragraph,
  Parent,
  Root,
  Table,
  TableRow,
  Text,
} from 'mdast';
import type { Leaf } from '../split/types.js';
import type { Provenance } from '../tree/provenance.js';
import { literalText } from '../util/literal.js';

/** A GitHub alert's marker (`[!NOTE]`), or an Obsidian callout's with its fold and title (`[!tip]- Title`). */
const alertMarker = /^\[![A-Za-z][\w-]*\][+-]?(?:[ \t]+[^\n]*)?/;

/**
 * Rebuild a chunk's tree from its leaves: containers are copied around the leaves they hold (a
 * table copy starts with the header row, a list copy keeps its numbering, an alert keeps its
 * marker), consecutive slices of one text are joined, and formatting is re-wrapped on each side
 * of a cut. Leaves are not changed; whole nodes are shared with the parsed tree.
 *
 * @param leaves
 *   The chunk's leaves, in document order.
 * @param context
 *   The split's provenance (where slices and copies come from: read and recorded), the
 *   definitions to append for the references the chunk keeps (`style: 'preserve'`), and the
 *   split's item indexes.
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
  if (definitions && definitions.size > 0) appendDefinitions(root, definitions);
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
      const marker = alertOf(quote);
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

/** The alert marker (`[!NOTE]`, …) a block quote starts with, if any. */
function alertOf(quote: Blockquote): string | undefined {
  const paragraph = quote.children[0];
  if (paragraph?.type !== 'paragraph') return undefined;
  const text = paragraph.children[0];
  if (text?.type !== 'text') return undefined;
  return alertMarker.exec(text.value)?.[0];
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
  const text: Text = { type: 'text', value: `${marker}\n` };
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

/** Append the definitions of the references a chunk keeps, so the chunk stands on its own. */
function appendDefinitions(root: Root, definitions: ReadonlyMap<string, Definition>): void {
  const used: Definition[] = [];
  const seen = new Set<string>();
  const stack: Nodes[] = [root];
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
