import type { Code, Heading, Html, Nodes, Paragraph, Parent } from 'mdast';
import type { ResolvedOptions, RuleKey } from '../options.js';
import { isPlainText } from '../parse/nesting.js';
import { openFences } from '../tree/fence-regions.js';
import type { Measure } from '../tree/measure.js';
import type { Provenance } from '../tree/provenance.js';
import type { Records } from '../tree/records.js';
import type { Section } from '../tree/sections.js';
import { type OpenFence, scanFences } from '../util/fence-lines.js';
import { closesElement, htmlUnit, opensElement } from './html.js';
import { linesUnit } from './lines.js';
import { phrasingUnit } from './phrasing.js';
import { tableUnit } from './table.js';
import type { Atomic, Leaf, NodeSplitter, SplitState, Unit } from './types.js';
import { nodeUnit, withTrailer } from './unit.js';

/** Why a node is kept whole by its rule, or `undefined` when it may be split. */
function ruleKeepsWhole(state: SplitState, key: RuleKey, node: Nodes): Atomic | undefined {
  return state.keepsWhole(key, node) ? { reason: 'never-split', nodeType: node.type } : undefined;
}

/** A unit that is placed whole, or split into the units of its block children. */
function containerUnit(
  node: Parent & Nodes,
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  whole: Atomic | undefined,
  children: () => Unit[],
): Unit {
  return nodeUnit(node, path, section, state.measure.size(node), () => whole ?? children());
}

/** Whether a paragraph ends with a colon, introducing the block after it. */
function introduces(paragraph: Paragraph): boolean {
  const last = paragraph.children[paragraph.children.length - 1];
  return last?.type === 'text' && /:\s*$/.test(last.value);
}

/**
 * Blocks held together by a fence read line by line: kept whole unless far larger than a chunk
 * (a fence that never closes would otherwise hold the rest of the section). A larger region is
 * cut where the fence, read line by line, is closed: after a line of an indented code block that
 * closes it (MDX: a ```` ```js ```` line in an HTML block, the example and its closing fence in
 * the indented code after it, then more examples). A region with no such line is split between
 * its blocks.
 */
function fenceRegionUnit(
  nodes: readonly Nodes[],
  members: Unit[],
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  source: string,
): Unit {
  const size = members.reduce((sum, unit) => sum + unit.size, 0);
  return {
    kind: 'block',
    size,
    content: members.some((unit) => unit.content),
    leaves: () => members.flatMap((unit) => unit.leaves()),
    split: () => {
      if (size <= Math.max(state.options.maxSize * FENCE_REGION_SPLIT, FENCE_REGION_FLOOR)) {
        return { reason: 'never-split', nodeType: 'html' };
      }
      const pieces = regionPieces(nodes, members, path, section, state, source);
      return pieces.length > 1 ? pieces : members;
    },
  };
}

/** One part of a piece of a fence region: a whole member, or lines `[from, to)` of indented code. */
type RegionPart = { member: Unit } | { code: Code; from: number; to: number };

/**
 * The pieces of a fence region, cut after the lines of its indented code blocks where the fence
 * read line by line is closed. Each piece is kept whole.
 */
function regionPieces(
  nodes: readonly Nodes[],
  members: Unit[],
  path: readonly Parent[],
  section: Section,
  state: SplitState,
  source: string,
): Unit[] {
  const pieces: RegionPart[][] = [];
  let current: RegionPart[] = [];
  let fence: OpenFence | undefined;
  nodes.forEach((node, index) => {
    const member = members[index] as Unit;
    const start = node.position?.start.offset ?? 0;
    const end = node.position?.end.offset ?? 0;
    const written = source.slice(start, end);
    if (node.type !== 'code' || node.lang || node.meta || /^[ \t]{0,3}(`{3}|~{3})/.test(written)) {
      fence = scanFences(written, fence);
      current.push({ member });
      return;
    }
    // Indented code: its lines are the source's, without four columns of indentation.
    const value = node.value;
    let from = 0;
    let lineStart = 0;
    while (lineStart <= value.length) {
      let lineEnd = value.indexOf('\n', lineStart);
      if (lineEnd === -1) lineEnd = value.length;
      fence = scanFences(value.slice(lineStart, lineEnd), fence);
      if (fence === undefined && lineEnd < value.length && lineEnd > from) {
        current.push({ code: node, from, to: lineEnd });
        pieces.push(current);
        current = [];
        from = lineEnd + 1;
        while (from < value.length && value.charCodeAt(from) === 10) from++;
        lineStart = from;
        continue;
      }
      lineStart = lineEnd + 1;
    }
    if (from < value.length) current.push({ code: node, from, to: value.length });
  });
  if (current.length > 0) pieces.push(current);
  return pieces.map((parts) => regionPiece(parts, path, section, state));
}

function regionPiece(
  parts: RegionPart[],
  path: readonly Parent[],
  section: Section,
  state: SplitState,
): Unit {
  const sizeOf = (part: RegionPart) =>
    'member' in part
      ? part.member.size
      : state.measure.text(part.code.value.slice(part.from, part.to));
  return {
    kind: 'block',
    size: parts.reduce((sum, part) => sum + sizeOf(part), 0),
    content: true,
    leaves: () =>
      parts.flatMap((part): Leaf[] =>
        'member' in part
          ? part.member.leaves()
          : [{ path, node: part.code, from: part.from, to: part.to, section }],
      ),
    split: () => ({ reason: 'never-split', nodeType: 'html' }),
  };
}

/**
 * A fence region larger than this many chunks (at their maximum), and than the floor, is split
 * between its blocks.
 */
const FENCE_REGION_SPLIT = 4;
const FENCE_REGION_FLOOR = 2000;

/** Node splitters, keyed by node type; anything else is kept whole. */
export const splitters: Record<string, NodeSplitter> = {
  paragraph: (node, path, section, state) => {
    const unit = phrasingUnit(node as Paragraph, path, section, state);
    return introduces(node as Paragraph) && unit.size <= state.options.chunkSize / 4
      ? { ...unit, leadIn: true }
      : unit;
  },
  heading: (node, path, section, state) => {
    const unit = phrasingUnit(node as Heading, path, section, state, 'heading');
    const whole = ruleKeepsWhole(state, 'heading', node);
    return whole ? { ...unit, split: () => whole } : unit;
  },
  code: (node, path, section, state) =>
    linesUnit(node as never, path, section, state, ruleKeepsWhole(state, 'code', node)),
  html: (node, path, section, state) => {
    // A block nested too deep to split structurally is cut like plain text.
    if (isPlainText(node)) return linesUnit(node as never, path, section, state, undefined);
    const unit = htmlUnit(node as never, path, section, state, ruleKeepsWhole(state, 'html', node));
    // An element's opening tag alone (`<Listing …>`, `<details>`) stays with what it opens.
    return opensElement(node as Html) && unit.size <= state.options.maxSize
      ? { ...unit, leadIn: true }
      : unit;
  },
  table: (node, path, section, state) =>
    tableUnit(node as never, path, section, state, ruleKeepsWhole(state, 'table', node)),
  list: (node, path, section, state) => {
    const list = node as Parent & Nodes;
    const itemPath = [...path, list];
    const records = state.records?.lists.has(list as never) === true;
    return containerUnit(list, path, section, state, ruleKeepsWhole(state, 'list', node), () =>
      list.children.map((item) => {
        const unit = containerUnit(
          item as Parent & Nodes,
          itemPath,
          section,
          state,
          undefined,
          () =>
            state.blocks(
              (item as Parent).children as Nodes[],
              [...itemPath, item as Parent],
              section,
            ),
        );
        return records ? { ...unit, record: true } : unit;
      }),
    );
  },
  blockquote: (node, path, section, state) => {
    const quote = node as Parent & Nodes;
    return containerUnit(
      quote,
      path,
      section,
      state,
      ruleKeepsWhole(state, 'blockquote', node),
      () => state.blocks(quote.children as Nodes[], [...path, quote], section),
    );
  },
  footnoteDefinition: (node, path, section, state) => {
    const definition = node as Parent & Nodes;
    return containerUnit(definition, path, section, state, undefined, () =>
      state.blocks(definition.children as Nodes[], [...path, definition], section),
    );
  },
  thematicBreak: (node, path, section) => ({
    kind: 'break',
    size: 0,
    content: false,
    leaves: () => [{ path, node, from: -1, to: -1, section }],
    split: () => ({ reason: 'never-split', nodeType: 'thematicBreak' }),
  }),
};

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
      if (size > options.rules[key].split.keepWholeUpTo) return false;
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

/**
 * A unit for a section: its heading (kept with what follows), its content (split into parts at
 * thematic breaks), then its subsections.
 *
 * @param section
 *   The section.
 * @param state
 *   Split state.
 * @returns
 *   The unit.
 */
export function sectionUnit(section: Section, state: SplitState): Unit {
  const records = state.records?.sections;
  const record = records?.has(section) === true;
  // A record that holds records (releases nested under the last release of a higher rank) splits
  // into its own part (heading, blocks, the subsections before the first nested record), a record
  // of its own, and what follows, in document order.
  const firstNested = record ? section.subsections.findIndex((each) => records?.has(each)) : -1;
  const children = (): Unit[] => {
    if (firstNested >= 0) {
      const own: Section = { ...section, subsections: section.subsections.slice(0, firstNested) };
      return [
        { ...sectionUnit(own, state), record: true },
        ...section.subsections.slice(firstNested).map((each) => sectionUnit(each, state)),
      ];
    }
    const units: Unit[] = [];
    if (section.heading) units.push(state.block(section.heading, [], section));
    units.push(...parts(section, state));
    for (const subsection of section.subsections) units.push(sectionUnit(subsection, state));
    return units;
  };
  let cached: Unit[] | undefined;
  const units = () => {
    cached ??= children();
    return cached;
  };
  return {
    kind: 'section',
    size: state.measure.section(section),
    content: hasContent(section),
    ...(record ? { record: true } : {}),
    leaves: () => sectionLeaves(section, []),
    split: () => units(),
  };
}

/** The section's blocks, grouped into parts between thematic breaks. */
function parts(section: Section, state: SplitState): Unit[] {
  const blocks = section.blocks as Nodes[];
  if (!blocks.some((node) => node.type === 'thematicBreak'))
    return state.blocks(blocks, [], section);
  const units: Unit[] = [];
  let group: Nodes[] = [];
  const flush = () => {
    if (group.length === 0) return;
    const members = state.blocks(group, [], section);
    units.push({
      kind: 'block',
      size: members.reduce((sum, unit) => sum + unit.size, 0),
      content: members.some((unit) => unit.content),
      leaves: () => members.flatMap((unit) => unit.leaves()),
      split: () => members,
    });
    group = [];
  };
  for (const node of blocks) {
    if (node.type === 'thematicBreak') {
      flush();
      units.push(state.block(node, [], section));
    } else group.push(node);
  }
  flush();
  return units;
}

function hasContent(section: Section): boolean {
  return (
    section.blocks.some((node) => node.type !== 'thematicBreak') ||
    section.subsections.some(hasContent)
  );
}

/** Leaves of a whole section: its heading, its blocks, then its subsections'. */
function sectionLeaves(section: Section, into: Leaf[]): Leaf[] {
  if (section.heading) into.push({ path: [], node: section.heading, from: -1, to: -1, section });
  for (const node of section.blocks) into.push({ path: [], node, from: -1, to: -1, section });
  for (const subsection of section.subsections) sectionLeaves(subsection, into);
  return into;
}
