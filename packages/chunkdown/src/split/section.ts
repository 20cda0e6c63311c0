import type { Nodes } from 'mdast';
import type { Section } from '../tree/sections.js';
import type { Leaf, SplitState, Unit } from './types.js';
import { withTrailer } from './unit.js';

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
    // Markup that names the heading (`<a id="old-name"></a>`) leads into it.
    const lead = state.blocks(section.lead as Nodes[], [], section);
    if (lead.length > 0)
      units.push({ ...lead.reduce((run, unit) => withTrailer(run, unit)), leadIn: true });
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

/** Leaves of a whole section: the markup before its heading, its heading, its blocks, then its subsections'. */
function sectionLeaves(section: Section, into: Leaf[]): Leaf[] {
  for (const node of section.lead) into.push({ path: [], node, from: -1, to: -1, section });
  if (section.heading) into.push({ path: [], node: section.heading, from: -1, to: -1, section });
  for (const node of section.blocks) into.push({ path: [], node, from: -1, to: -1, section });
  for (const subsection of section.subsections) sectionLeaves(subsection, into);
  return into;
}
