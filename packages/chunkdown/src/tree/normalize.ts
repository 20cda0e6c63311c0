import type {
  Definition,
  FootnoteDefinition,
  FootnoteReference,
  Nodes,
  Parent,
  PhrasingContent,
  Root,
  Text,
} from 'mdast';
import type { ResolvedOptions, RuleKey } from '../options.js';
import { containerSyntax } from '../parse/containers.js';
import { isPlainText } from '../parse/nesting.js';
import type { NodeTransform } from '../types.js';

/** A document ready to split: references resolved, transforms applied. */
export interface NormalizedTree {
  tree: Root;
  /** First definition of each label, for chunks that keep references (`style: 'preserve'`). */
  definitions: Map<string, Definition>;
}

/**
 * Top-level blocks normalized by earlier splits of one splitter, with the definitions they read:
 * a block that is the same object (`update` reused the parse of its segment) and whose
 * definitions did not change normalizes to the same result.
 */
export type NormalizeMemo = WeakMap<Nodes, NormalizedBlock>;

/** A top-level block's normalized form (`null`: dropped) and the definitions it read. */
interface NormalizedBlock {
  result: Nodes | null;
  read: Array<[identifier: string, definition: Definition | undefined]>;
}

const transformKeys: Partial<Record<Nodes['type'], RuleKey>> = {
  link: 'link',
  linkReference: 'link',
  image: 'image',
  imageReference: 'image',
  inlineCode: 'inlineCode',
  code: 'code',
  strong: 'strong',
  emphasis: 'emphasis',
  delete: 'delete',
  list: 'list',
  table: 'table',
  blockquote: 'blockquote',
  heading: 'heading',
  html: 'html',
  footnoteDefinition: 'footnote',
};

/**
 * The definition a footnote reference cites, for the chunks that carry it
 * (`rules.footnote.style: 'carry'`): one per label and split, shared by every reference to it,
 * filled in once the tree is normalized (a definition may come after its references, and may
 * cite another).
 */
export interface FootnoteHolder {
  /** The definition as normalized (its references carry holders too), if it is in the tree. */
  definition: FootnoteDefinition | undefined;
}

/**
 * The definition a footnote reference cites, when the normalization attached it (`'carry'`).
 *
 * @param node
 *   A footnote reference.
 * @returns
 *   The normalized definition, or `undefined`.
 */
export function citedFootnote(node: FootnoteReference): FootnoteDefinition | undefined {
  return (node.data as { chunkdownFootnote?: FootnoteHolder } | undefined)?.chunkdownFootnote
    ?.definition;
}

/**
 * Normalize a parsed tree: resolve references (CommonMark: first definition
 * of a label wins, labels match case-insensitively, definitions anywhere count), inline them when
 * the style says so, drop definitions from the flow, and run the rules' transforms once. With
 * footnotes carried (`rules.footnote.style: 'carry'`, the default), every footnote reference
 * whose definition is in the tree holds it (see {@link citedFootnote}); footnote definitions stay
 * in the flow. The input tree is not changed: changed nodes are copied.
 *
 * @param root
 *   Parsed tree.
 * @param options
 *   Resolved options.
 * @param memo
 *   Blocks normalized before, reused where their definitions are the same (not with transforms,
 *   which may read anything).
 * @returns
 *   The normalized tree and the definitions.
 */
export function normalize(
  root: Root,
  options: ResolvedOptions,
  memo?: NormalizeMemo,
): NormalizedTree {
  const definitions = collectDefinitions(root);
  const inlineLinks = options.rules.link.style === 'inline';
  const inlineImages = options.rules.image.style === 'inline';
  const transforms = new Map<string, NodeTransform>();
  for (const [type, key] of Object.entries(transformKeys)) {
    const transform = options.rules[key].transform;
    if (transform) transforms.set(type, transform as NodeTransform);
  }
  const blocks = transforms.size === 0 ? memo : undefined;
  const carry = options.rules.footnote.style === 'carry';
  // One holder per cited label, for this split: filled in when the tree is done.
  const holders = new Map<string, FootnoteHolder>();
  // The definitions the block being rebuilt read.
  let reading: NormalizedBlock['read'] = [];
  // Whether the block being rebuilt cites a footnote: its holders are this split's, so it is
  // not kept for the next split.
  let citing = false;
  // The definitions the references inside a node written as the source wrote it resolved to.
  let verbatimReads: Definition[] | undefined;
  const definitionOf = (identifier: string) => {
    const definition = definitions.get(identifier);
    reading.push([identifier, definition]);
    if (definition) verbatimReads?.push(definition);
    return definition;
  };

  /** A top-level block, normalized as before when it and what it read are the same. */
  function rebuildBlock(node: Nodes, index: number): Nodes | null {
    const known = blocks?.get(node);
    if (
      known?.read.every(([identifier, was]) => sameDefinition(definitions.get(identifier), was))
    ) {
      return known.result;
    }
    reading = [];
    citing = false;
    const result = rebuild(node, root, index);
    if (citing) blocks?.delete(node);
    else blocks?.set(node, { result, read: reading });
    return result;
  }

  /**
   * Rebuild a node; one written as the source wrote it (a container's opener, MDX kept whole)
   * keeps the definitions of the references it makes in `data.chunkdownDefinitions`: the chunks
   * that write it add them, or its links would lose their URLs.
   */
  function rebuild(
    node: Nodes,
    parent: Parent | undefined,
    index: number | undefined,
  ): Nodes | null {
    const syntax = containerSyntax(node);
    if (!syntax && !writtenAsSource.has(node.type)) return rebuildNode(node, parent, index);
    const outer = verbatimReads;
    const reads: Definition[] = [];
    // A container's body is written anew (its links inline): only its opener is as written.
    verbatimReads = syntax ? undefined : reads;
    for (const identifier of syntax?.references ?? []) {
      const definition = definitionOf(identifier);
      if (definition) reads.push(definition);
    }
    let result: Nodes | null;
    try {
      result = rebuildNode(node, parent, index);
    } finally {
      verbatimReads = outer;
    }
    if (!result || reads.length === 0) return result;
    outer?.push(...reads);
    const unique = [...new Map(reads.map((read) => [read.identifier, read])).values()];
    return {
      ...result,
      data: { ...result.data, chunkdownDefinitions: unique },
    } as unknown as Nodes;
  }

  function rebuildNode(
    node: Nodes,
    parent: Parent | undefined,
    index: number | undefined,
  ): Nodes | null {
    let current: Nodes = node;
    if (current.type === 'linkReference' && inlineLinks) {
      const definition = definitionOf(current.identifier);
      if (definition) {
        current = {
          type: 'link',
          url: definition.url,
          title: definition.title ?? null,
          children: current.children,
          ...(current.position ? { position: current.position } : {}),
        };
      }
    } else if (current.type === 'footnoteReference' && carry) {
      citing = true;
      let holder = holders.get(current.identifier);
      if (!holder) {
        holder = { definition: undefined };
        holders.set(current.identifier, holder);
      }
      current = { ...current, data: { ...current.data, chunkdownFootnote: holder } as never };
    } else if (current.type === 'imageReference' && inlineImages) {
      const definition = definitionOf(current.identifier);
      if (definition) {
        current = {
          type: 'image',
          url: definition.url,
          title: definition.title ?? null,
          alt: current.alt ?? null,
          ...(current.position ? { position: current.position } : {}),
        };
      }
    }

    // A block split as plain text (nested too deep) is no HTML: the `html` transform skips it.
    const transform = isPlainText(current)
      ? undefined
      : (transforms.get(node.type) ?? transforms.get(current.type));
    if (transform) {
      const result = transform(current as never, { parent, index, root });
      if (result === null) return null;
      if (result !== undefined) {
        current =
          result.position || !current.position ? result : { ...result, position: current.position };
      }
    }

    if (!('children' in current)) return current;
    const children = current.children as Nodes[];
    let next: Nodes[] | undefined;
    let removed = false;
    for (let i = 0; i < children.length; i++) {
      const child = children[i] as Nodes;
      const result =
        child.type === 'definition'
          ? null
          : current === root
            ? rebuildBlock(child, i)
            : rebuild(child, current as Parent, i);
      if (result !== child && !next) next = children.slice(0, i);
      if (result === null) removed = true;
      else if (next) next.push(result);
    }
    if (!next) return current;
    // A block quote that held only removed nodes (a definition) goes too.
    if (next.length === 0 && removed && current.type === 'blockquote') return null;
    let copy = { ...current, children: next } as Nodes;
    if (removed && (copy.type === 'paragraph' || copy.type === 'heading')) {
      const trimmed = trimPhrasing(copy.children);
      if (trimmed.length === 0 && copy.type === 'paragraph') return null;
      copy = { ...copy, children: trimmed };
    }
    return copy;
  }

  if (transforms.size === 0 && !hasRewrites(root, carry)) {
    return { tree: root, definitions };
  }
  const tree = (rebuild(root, undefined, undefined) as Root | null) ?? {
    type: 'root',
    children: [],
  };
  if (holders.size > 0) {
    for (const definition of firstFootnotes(tree)) {
      const holder = holders.get(definition.identifier);
      if (holder) holder.definition = definition;
    }
  }
  return { tree, definitions };
}

/** MDX nodes kept whole, which chunks write as the source wrote them (with their references). */
const writtenAsSource: ReadonlySet<string> = new Set([
  'mdxJsxFlowElement',
  'mdxJsxTextElement',
  'mdxFlowExpression',
  'mdxTextExpression',
]);

/** Whether two definitions (or their absence) make the same link. */
function sameDefinition(a: Definition | undefined, b: Definition | undefined): boolean {
  return a === b || (a !== undefined && b !== undefined && a.url === b.url && a.title === b.title);
}

/**
 * Whether the tree has anything the normalization drops or rewrites (cheap check): definitions,
 * references, and footnote references when footnotes are carried.
 */
function hasRewrites(root: Root, carry: boolean): boolean {
  let found = false;
  const stack: Nodes[] = [root];
  while (stack.length > 0 && !found) {
    const node = stack.pop() as Nodes;
    const type = node.type;
    if (
      type === 'definition' ||
      type === 'linkReference' ||
      type === 'imageReference' ||
      (carry && type === 'footnoteReference')
    ) {
      found = true;
    } else if ('children' in node) {
      for (const child of node.children) stack.push(child as Nodes);
    }
  }
  return found;
}

/** Map each normalized label to its first definition, wherever it is in the tree. */
function collectDefinitions(root: Root): Map<string, Definition> {
  const definitions = new Map<string, Definition>();
  const stack: Nodes[] = [root];
  const ordered: Definition[] = [];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (node.type === 'definition') ordered.push(node);
    else if ('children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
    }
  }
  for (const definition of ordered) {
    if (!definitions.has(definition.identifier)) definitions.set(definition.identifier, definition);
  }
  return definitions;
}

/** The first footnote definition of each label in a tree, in document order. */
function firstFootnotes(root: Root): FootnoteDefinition[] {
  const found = new Map<string, FootnoteDefinition>();
  const stack: Nodes[] = [root];
  while (stack.length > 0) {
    const node = stack.pop() as Nodes;
    if (node.type === 'footnoteDefinition' && !found.has(node.identifier)) {
      found.set(node.identifier, node);
    }
    if ('children' in node) {
      for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i] as Nodes);
    }
  }
  return [...found.values()];
}

/** Drop whitespace-only text left at the edges of phrasing content after a removal. */
function trimPhrasing(children: PhrasingContent[]): PhrasingContent[] {
  let start = 0;
  let end = children.length;
  const blank = (node: PhrasingContent | undefined) =>
    node?.type === 'text' && node.value.trim() === '';
  while (start < end && blank(children[start])) start++;
  while (end > start && blank(children[end - 1])) end--;
  const result = children.slice(start, end);
  const first = result[0];
  if (first?.type === 'text' && /^\s/.test(first.value)) {
    result[0] = { ...first, value: first.value.trimStart() } satisfies Text;
  }
  const lastIndex = result.length - 1;
  const last = result[lastIndex];
  if (last?.type === 'text' && /\s$/.test(last.value)) {
    result[lastIndex] = { ...last, value: last.value.trimEnd() } satisfies Text;
  }
  return result;
}
