import type { Nodes, Parent } from 'mdast';
import type { ResolvedOptions } from '../options.js';
import { containerSyntax } from '../parse/containers.js';
import { isPlainText } from '../parse/nesting.js';
import type { Measure } from '../tree/measure.js';
import { openFences } from '../tree/open-fences.js';
import type { Provenance } from '../tree/provenance.js';
import type { Records } from '../tree/records.js';
import { anchorCount, rawMarkup } from '../util/markup.js';
import { fenceRegionUnit } from './fence-region.js';
import { endsOpening, isMarkupOnly, MARKUP_SHARE } from './html.js';
import { splitters } from './splitters.js';
import type { SplitState, Unit } from './types.js';
import { containerUnit, withTrailer } from './unit.js';

/** What a split state is made of. */
export interface SplitSetup {
  options: ResolvedOptions;
  /** Size cache. */
  measure: Measure;
  /** The split's provenance, where splitters record the nodes they make. */
  provenance: Provenance;
  /**
   * The document the nodes' positions point into (to keep blocks together that a fence read line
   * by line holds together); absent when the nodes were rebuilt without positions.
   */
  source?: string | undefined;
  /**
   * When set (re-splitting for `maxRawSize`), rules keep a node whole only while it is at most
   * this size, and words may be split.
   */
  relaxTo?: number | undefined;
  /** The records of the document, when it is a record list. */
  records?: Records | undefined;
}

/**
 * Create the split state: the record of node splitters, called through `state.block`.
 *
 * @param setup
 *   Options, measure, provenance, and what the split works on.
 * @returns
 *   The state.
 */
export function createSplitState(setup: SplitSetup): SplitState {
  const { options, measure, provenance, source, relaxTo, records } = setup;
  const keepWholeLimit = relaxTo ?? Number.POSITIVE_INFINITY;
  const wordLimit = Math.min(options.rules.word.split.keepWholeUpTo, keepWholeLimit);
  const state: SplitState = {
    options,
    measure,
    provenance,
    records,
    keepWholeLimit,
    cutsWord: (size) => size > wordLimit,
    keepsWhole(key, node) {
      const size = measure.size(node);
      const rule = options.rules[key];
      const name =
        containerSyntax(node)?.container.name ?? ('name' in node ? node.name : undefined);
      const named = rule.names && name != null ? rule.names.get(String(name)) : undefined;
      if (size > (named ?? rule).split.keepWholeUpTo) return false;
      // To fit the raw cap, rules give way, but links and images stay whole (their URL is repeated
      // in every piece, so splitting them cannot make them smaller), and so do headings (a heading
      // in two pieces is two headings): the cap cuts them as text.
      return size <= keepWholeLimit || key === 'link' || key === 'image' || key === 'heading';
    },
    block(node, path, section) {
      // Any other node with container syntax (a syntax extension's) splits as containers do;
      // a node of a type no splitter knows is kept whole, never dropped nor cut inside.
      const splitter =
        splitters[node.type] ?? (containerSyntax(node) ? splitters.containerDirective : undefined);
      if (splitter) return splitter(node, path, section, state);
      return containerUnit(
        node as Parent & Nodes,
        path,
        section,
        state,
        { reason: 'never-split', nodeType: node.type },
        () => [],
      );
    },
    blocks(nodes, path, section) {
      const units: Unit[] = [];
      /** The units that are markup alone (see `attachMarkup`), and whether each leads in. */
      const markup = new Map<Unit, boolean>();
      const open = source === undefined ? undefined : openFences(nodes, source);
      for (let index = 0; index < nodes.length; index++) {
        if (!open?.[index]) {
          const node = nodes[index] as Nodes;
          const unit = state.block(node, path, section);
          const previous = units[units.length - 1];
          if (previous && !markup.has(previous) && namesBlockBefore(node)) {
            // Obsidian's block id of a list or a table (`^id`, on its own line after it) goes
            // with the block's last piece.
            units[units.length - 1] = withTrailer(previous, unit);
            continue;
          }
          if (leadsInWithMarkup(node, unit, state.options.chunkSize * MARKUP_SHARE)) {
            units.push({ ...unit, leadIn: true });
            continue;
          }
          units.push(unit);
          // Raw HTML, or a paragraph of inline HTML alone (`<img alt="…"\nsrc="…" />` over
          // lines is a paragraph to CommonMark), that a reader sees nothing of.
          if (unit.size > state.options.chunkSize * MARKUP_SHARE) continue;
          const html =
            node.type === 'html' ? (isPlainText(node) ? undefined : node) : rawMarkup(node);
          if (html !== undefined && isMarkupOnly(html)) markup.set(unit, endsOpening(html));
          continue;
        }
        // Blocks that a fence read line by line holds together go as one unit.
        let last = index;
        while (last < nodes.length - 1 && open[last]) last++;
        const members = nodes
          .slice(index, last + 1)
          .map((node) => state.block(node, path, section));
        units.push(
          fenceRegionUnit(
            nodes.slice(index, last + 1),
            members,
            path,
            section,
            state,
            source as string,
          ),
        );
        index = last;
      }
      return markup.size > 0 ? attachMarkup(units, markup, state.options.maxSize) : units;
    },
  };
  return state;
}

/** Whether a block is an Obsidian block id alone (`^steps`), which names the block before it. */
function namesBlockBefore(node: Nodes): boolean {
  return (
    node.type === 'paragraph' &&
    node.children.length === 1 &&
    node.children[0]?.type === 'obsidianBlockId'
  );
}

/**
 * Whether a block is a paragraph of anchors alone (`<a id="old-name"></a>` on a line of its own),
 * up to `limit`: it names what follows it, so it leads into it like a heading.
 */
function leadsInWithMarkup(node: Nodes, unit: Unit, limit: number): boolean {
  if (node.type !== 'paragraph' || unit.size > limit) return false;
  const html = rawMarkup(node);
  return html !== undefined && anchorCount(html) > 0;
}

/**
 * Put markup a reader does not see (comments, closing tags: `<!-- TL;DR -->`,
 * `</div></div></details>`) with a neighbour, so that it never is a chunk of its own: its content
 * size counts its markup, so the size rules alone would let it stand. A run of such units goes
 * with the unit before it when they fit `maxSize` together and the run does not end with an
 * opening tag; else it leads into the unit after it (when they fit, or there is none before);
 * else it goes with the unit before it all the same.
 *
 * @param units
 *   The units of a list of blocks.
 * @param markup
 *   Which of them are markup alone, and whether each ends with an opening tag.
 * @param maxSize
 *   `chunkSize × maxOverflowRatio`.
 * @returns
 *   The units, markup attached.
 */
function attachMarkup(units: Unit[], markup: Map<Unit, boolean>, maxSize: number): Unit[] {
  const result: Unit[] = [];
  for (let index = 0; index < units.length; index++) {
    const unit = units[index] as Unit;
    if (!markup.has(unit)) {
      result.push(unit);
      continue;
    }
    // The run of markup from here.
    let run = unit;
    let opens = markup.get(unit) === true;
    while (index + 1 < units.length && markup.has(units[index + 1] as Unit)) {
      const next = units[++index] as Unit;
      run = withTrailer(run, next);
      opens = markup.get(next) === true;
    }
    const previous = result[result.length - 1];
    const next = units[index + 1];
    const fits = (unit: Unit | undefined) =>
      unit !== undefined && unit.size + (unit.trail ?? 0) + run.size <= maxSize;
    if (previous && !opens && (fits(previous) || !fits(next))) {
      result[result.length - 1] = withTrailer(previous, run);
    } else {
      result.push({ ...run, leadIn: true });
    }
  }
  return result;
}
