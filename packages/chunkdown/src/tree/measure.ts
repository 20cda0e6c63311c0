import type { Nodes } from 'mdast';
import { containerSyntax } from '../parse/containers.js';
import type { LengthFunction } from '../types.js';
import type { Section } from './sections.js';

/** Content sizes in the size unit, computed once per node (bottom-up) and cached. */
export interface Measure {
  /** Content size of a node: its rendered text, table header rows excluded. */
  size(node: Nodes): number;
  /** Content size of a section: its heading, its blocks and its subsections. */
  section(section: Section): number;
  /** Size of a piece of rendered text. */
  text(value: string): number;
  /** Whether sizes add up exactly (true for characters; token counts are estimates). */
  additive: boolean;
}

/**
 * Create a size cache for one split.
 *
 * @param lengthFunction
 *   The size unit.
 * @param additive
 *   Whether the size of joined text is the sum of its parts (characters).
 * @returns
 *   The measure.
 */
export function createMeasure(lengthFunction: LengthFunction, additive: boolean): Measure {
  const cache = new WeakMap<Nodes, number>();

  function size(node: Nodes): number {
    const cached = cache.get(node);
    if (cached !== undefined) return cached;
    let result = 0;
    if ('value' in node && typeof node.value === 'string') {
      result = lengthFunction(node.value);
    } else if (node.type === 'image' || node.type === 'imageReference') {
      result = node.alt ? lengthFunction(node.alt) : 0;
    } else if ('children' in node) {
      const children = node.children as Nodes[];
      // A table's header row is repeated as context in every piece and is not counted.
      for (let i = node.type === 'table' ? 1 : 0; i < children.length; i++) {
        result += size(children[i] as Nodes);
      }
    }
    cache.set(node, result);
    return result;
  }

  return { size, section: sectionMeasure(size), text: lengthFunction, additive };
}

/** Section sizes from node sizes, cached per section. */
function sectionMeasure(size: (node: Nodes) => number): (section: Section) => number {
  const cache = new WeakMap<Section, number>();
  const section = (of: Section): number => {
    const cached = cache.get(of);
    if (cached !== undefined) return cached;
    let result = of.heading ? size(of.heading) : 0;
    for (const block of of.lead) result += size(block);
    for (const block of of.blocks) result += size(block);
    for (const subsection of of.subsections) result += section(subsection);
    cache.set(of, result);
    return result;
  };
  return section;
}

/**
 * Estimate the serialized size of nodes from the tree (text plus the markup around it: URLs,
 * fences, markers), without serializing. Used to re-split a chunk over `maxRawSize`; the final
 * text is always measured, so an estimate only has to be close.
 *
 * @param lengthFunction
 *   The size unit.
 * @returns
 *   The measure.
 */
export function createRawMeasure(lengthFunction: LengthFunction): Measure {
  const cache = new WeakMap<Nodes, number>();

  function markup(node: Nodes): string {
    // A docs-dialect container repeats its opener and closer in every piece.
    const container = containerSyntax(node);
    if (container) return `${container.opener}\n\n${container.closer}\n\n`;
    switch (node.type) {
      case 'math':
        return '$$\n\n$$\n\n';
      case 'templateTag':
        return node.tag;
      case 'docfxTag':
        return node.tag;
      case 'mdcInline':
        return node.raw;
      case 'mdxHeadingId':
        return node.raw;
      case 'link':
        return `[](${node.url}${node.title ? ` "${node.title}"` : ''})`;
      case 'image':
        return `![${node.alt ?? ''}](${node.url}${node.title ? ` "${node.title}"` : ''})`;
      case 'linkReference':
      case 'imageReference':
        return `![][${node.label ?? node.identifier}]`;
      case 'footnoteReference':
        return `[^${node.label ?? node.identifier}]`;
      case 'definition':
        return `[${node.label ?? node.identifier}]: ${node.url}${node.title ? ` "${node.title}"` : ''}\n\n`;
      case 'code':
        return `\`\`\`${node.lang ?? ''} ${node.meta ?? ''}\n\n\`\`\`\n\n`;
      case 'inlineCode':
        return '``';
      case 'heading':
        return `${'#'.repeat(node.depth)} \n\n`;
      case 'strong':
      case 'delete':
        return '****';
      case 'emphasis':
        return '**';
      case 'break':
        return '\\\n';
      case 'thematicBreak':
        return '***\n\n';
      case 'listItem':
        return '1.  ';
      case 'tableCell':
        return ' | ';
      case 'tableRow':
        return '|\n';
      case 'blockquote':
        return '> \n>\n';
      case 'paragraph':
      case 'html':
      case 'footnoteDefinition':
        return '\n\n';
      default:
        return '';
    }
  }

  function size(node: Nodes): number {
    const cached = cache.get(node);
    if (cached !== undefined) return cached;
    let result = lengthFunction(markup(node));
    if ('value' in node && typeof node.value === 'string') result += lengthFunction(node.value);
    else if ('children' in node) {
      for (const child of node.children as Nodes[]) result += size(child);
      // The delimiter row of a table.
      if (node.type === 'table') result += lengthFunction('| - '.repeat(node.align?.length ?? 1));
    }
    cache.set(node, result);
    return result;
  }

  return { size, section: sectionMeasure(size), text: lengthFunction, additive: false };
}
