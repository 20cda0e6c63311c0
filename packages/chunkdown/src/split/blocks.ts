import type { Nodes, Parent } from 'mdast';
import type { ResolvedOptions } from '../options.js';
import { isPlainText } from '../parse/nesting.js';
import type { Measure } from '../tree/measure.js';
import { openFences } from '../tree/open-fences.js';
import type { Provenance } from '../tree/provenance.js';
import type { Records } from '../tree/records.js';
import { fenceRegionUnit } from './fence-region.js';
import { closesElement } from './html.js';
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
      const named = rule.names && 'name' in node ? rule.names.get(String(node.name)) : undefined;
      if (size > (named ?? rule).split.keepWholeUpTo) return false;
      // To fit the raw cap, rules give way, but links and images stay whole (their URL is repeated
      // in every piece, so splitting them cannot make them smaller), and so do headings (a heading
      // in two pieces is two headings): the cap cuts them as text.
      return size <= keepWholeLimit || key === 'link' || key === 'image' || key === 'heading';
    },
    block(node, path, section) {
      const splitter = splitters[node.type];
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
      const open = source === undefined ? undefined : openFences(nodes, source);
      for (let index = 0; index < nodes.length; index++) {
        if (!open?.[index]) {
          const node = nodes[index] as Nodes;
          const unit = state.block(node, path, section);
          const previous = units[units.length - 1];
          // An element's closing tag alone (`</Listing>`) stays with what it closes.
          if (previous && node.type === 'html' && !isPlainText(node) && closesElement(node))
            units[units.length - 1] = withTrailer(previous, unit);
          else units.push(unit);
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
      return units;
    },
  };
  return state;
}
