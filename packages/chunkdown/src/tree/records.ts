import type { Heading, List, ListItem, Nodes, PhrasingContent, Root } from 'mdast';
import { toString as textOf } from 'mdast-util-to-string';
import type { DocumentKind } from '../types.js';
import type { Measure } from './measure.js';
import type { Section } from './sections.js';

/** The records of a document: sections or list items that are each a document of their own. */
export interface Records {
  kind: DocumentKind;
  /**
   * The section tree to split: the document's, or for a record list the same with each record
   * holding the sections of its rank that follow it up to the next record (`### [1.0.1]` then
   * `### Bug Fixes`: the fixes belong to the release).
   */
  document: Section;
  /** The sections of `document` that are records. */
  sections: ReadonlySet<Section>;
  /** The lists whose items are records. */
  lists: ReadonlySet<List>;
}

/** Fewest records that make a record list. */
const MIN_RECORDS = 4;
/** Fewest releases (version or date headings) that make a changelog. */
const MIN_RELEASES = 2;
/** Share of the sections beside the outermost records that must be records too. */
const RECORD_SHARE = 0.6;
/** Share of the document the records must hold (in content size: rendered text, `measure.ts`). */
const COVERAGE = 0.5;

/**
 * Record-like headings: a version (`1.2.3`, `v1.2.0`, `[2.0.0](…) - 2024-01-01`, `Version 2.0`),
 * a date (`2024-05-01`, `May 1, 2024`), an identifier or signature (`` `fetch(url)` ``,
 * `crashReporter.start(options)`, `Array.prototype.at`), a ticket (`#123`, `ABC-123`), or a
 * question (an FAQ).
 */
const VERSION = 0;
const DATE = 1;
const WRITTEN_DATE = 2;
const recordHeadings = [
  /^(?:(?:version|release|v)\s*)?\[?v?\d+\.\d+(?:\.\d+)*(?:[-+][0-9A-Za-z.-]+)?\]?(?=$|[\s\])/:,–-])/i,
  /^\d{4}-\d{2}(?:-\d{2})?\b/,
  /^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2},? \d{4}\b/i,
  /^[\w$]+(?:\.[\w$]+)*\s*\(.*\)\s*$/,
  /^[A-Za-z_$][\w$]*(?:\.[\w$#]+)+$/,
  /^(?:#\d+|[A-Z][A-Z0-9]+-\d+)\b/,
  /\?$/,
];

/**
 * Find the records of a document from its structure (SPEC §4 "Record lists"): changelogs (one
 * section per release, at whatever rank), API references (one section per function), FAQ and
 * ticket exports (one section or one list item per entry), awesome lists (items that start with
 * a link or a bold title). The record headings are the most common record-like kind of heading;
 * the document is a record list when there are at least `MIN_RECORDS` of them (`MIN_RELEASES`
 * for versions and dates), most sections
 * beside the outermost ones are records too, and the records hold at least half of the text.
 *
 * @param document
 *   The document's section tree.
 * @param root
 *   The normalized tree (for the lists).
 * @param measure
 *   The split's content sizes.
 * @returns
 *   The records, the tree to split, and the document's kind.
 */
export function findRecords(document: Section, root: Root, measure: Measure): Records {
  const total = measure.section(document) || 1;
  const { headings, pattern } = recordHeadingSet(document);
  const outermost: Section[] = [];
  const parents = new Set<Section>();
  const visit = (section: Section) => {
    for (const subsection of section.subsections) {
      if (subsection.heading && headings.has(subsection.heading)) {
        outermost.push(subsection);
        parents.add(section);
      } else visit(subsection);
    }
  };
  visit(document);
  let siblings = 0;
  for (const parent of parents) siblings += parent.subsections.length;
  const sectionsHold = headings.size > 0 && outermost.length >= RECORD_SHARE * siblings;
  const lists = recordLists(root);
  let covered = 0;
  if (sectionsHold) for (const section of outermost) covered += measure.section(section);
  for (const list of lists) covered += measure.size(list);
  if ((!sectionsHold && lists.size === 0) || covered < COVERAGE * total) {
    return { kind: 'prose', document, sections: new Set(), lists: new Set() };
  }
  if (!sectionsHold) return { kind: 'record-list', document, sections: new Set(), lists };
  const sections = new Set<Section>();
  // Releases own the sections of their rank after them (`### [1.0.1]`, then `### Bug Fixes`);
  // an API entry or a question does not (`#### \`test\``, then `#### Examples` of the whole).
  const adopt = pattern === VERSION || pattern === DATE || pattern === WRITTEN_DATE;
  return {
    kind: 'record-list',
    document: regroup(document, headings, adopt, sections),
    sections,
    lists,
  };
}

/** The headings of the most common record-like kind, when there are enough of them, and the kind. */
function recordHeadingSet(document: Section): { headings: Set<Heading>; pattern: number } {
  const byPattern = new Map<number, Heading[]>();
  const visit = (section: Section) => {
    for (const subsection of section.subsections) {
      const pattern = subsection.heading ? recordPattern(subsection.heading) : -1;
      if (pattern >= 0) {
        const list = byPattern.get(pattern) ?? [];
        list.push(subsection.heading as Heading);
        byPattern.set(pattern, list);
      }
      visit(subsection);
    }
  };
  visit(document);
  let best: Heading[] = [];
  let pattern = -1;
  for (const [index, list] of byPattern) {
    if (list.length > best.length) {
      best = list;
      pattern = index;
    }
  }
  const releases = pattern === VERSION || pattern === DATE || pattern === WRITTEN_DATE;
  return best.length >= (releases ? MIN_RELEASES : MIN_RECORDS)
    ? { headings: new Set(best), pattern }
    : { headings: new Set(), pattern: -1 };
}

/**
 * The section tree with its trails rebuilt and, when `adopt`, each record holding the sibling
 * sections that follow it up to the next record; the records of the new tree are added to
 * `records`.
 */
function regroup(
  section: Section,
  headings: ReadonlySet<Heading>,
  adopt: boolean,
  records: Set<Section>,
): Section {
  const subsections: Section[] = [];
  let last: Section | undefined;
  for (const subsection of section.subsections) {
    const isRecord = subsection.heading !== undefined && headings.has(subsection.heading);
    if (!isRecord && last && adopt) last.subsections.push(subsection);
    else {
      last = isRecord ? { ...subsection, subsections: [...subsection.subsections] } : undefined;
      subsections.push(last ?? subsection);
    }
  }
  const rebuilt: Section = { ...section, subsections: [] };
  for (const subsection of subsections) {
    const child = regroup(
      { ...subsection, trail: subsection.heading ? [...section.trail, subsection.heading] : [] },
      headings,
      adopt,
      records,
    );
    if (child.heading && headings.has(child.heading)) records.add(child);
    rebuilt.subsections.push(child);
  }
  return rebuilt;
}

/**
 * Which record-like pattern a heading matches: an index into `recordHeadings`, the length of it
 * for a heading that is only inline code, or -1 when it names no record.
 */
function recordPattern(heading: Heading): number {
  const text = textOf(heading).trim();
  const index = recordHeadings.findIndex((pattern) => pattern.test(text));
  if (index >= 0) return index;
  // A heading that is only inline code (`` ### `useState(initial)` ``) names an identifier.
  const meaningful = heading.children.filter(
    (child) => !(child.type === 'text' && child.value.trim() === ''),
  );
  return meaningful.length === 1 && meaningful[0]?.type === 'inlineCode'
    ? recordHeadings.length
    : -1;
}

/**
 * The lists whose items are records: at least `MIN_RECORDS` items, most of them starting with a
 * link, bold text or inline code (`- [name](url) - what it is`, `- **Title**: …`).
 */
function recordLists(root: Root): Set<List> {
  const lists = new Set<List>();
  const visit = (node: Nodes, depth: number) => {
    if (node.type === 'list') {
      const titled = node.children.filter(startsWithTitle).length;
      if (node.children.length >= MIN_RECORDS && titled >= RECORD_SHARE * node.children.length) {
        lists.add(node);
      }
      return;
    }
    // Records are lists of the document's flow, not lists inside other blocks.
    if ((node.type === 'root' || node.type === 'blockquote') && depth < 2) {
      for (const child of node.children) visit(child as Nodes, depth + 1);
    }
  };
  visit(root, 0);
  return lists;
}

function startsWithTitle(item: ListItem): boolean {
  const paragraph = item.children[0];
  if (paragraph?.type !== 'paragraph') return false;
  const first = paragraph.children.find(
    (child: PhrasingContent) => !(child.type === 'text' && child.value.trim() === ''),
  );
  return (
    first?.type === 'link' ||
    first?.type === 'linkReference' ||
    first?.type === 'strong' ||
    first?.type === 'inlineCode'
  );
}
