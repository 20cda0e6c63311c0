import type { Heading, Html, Nodes, Paragraph, Parent } from 'mdast';
import type { RuleKey } from '../options.js';
import { containerSyntax } from '../parse/containers.js';
import { isPlainText } from '../parse/nesting.js';
import { isMystTarget, soleText } from '../util/markup.js';
import { htmlUnit, opensElement } from './html.js';
import { linesUnit, mathUnit } from './lines.js';
import { opensAlert, phrasingUnit } from './phrasing.js';
import { tableUnit } from './table.js';
import type { Atomic, NodeSplitter, SplitState } from './types.js';
import { containerUnit } from './unit.js';

/** Why a node is kept whole by its rule, or `undefined` when it may be split. */
function ruleKeepsWhole(state: SplitState, key: RuleKey, node: Nodes): Atomic | undefined {
  return state.keepsWhole(key, node) ? { reason: 'never-split', nodeType: node.type } : undefined;
}

/**
 * A paragraph ending with a colon leads in while it holds at most this share of `chunkSize`
 * (longer, it is content of its own). It is a threshold a sentence added to the paragraph crosses,
 * after which the paragraph may end a chunk: at a quarter it cost 0.005–0.009 changed chunks per
 * one-sentence edit at size 500 more than at half (issue 26).
 */
const LEAD_IN_SHARE = 0.5;

/**
 * Whether a paragraph is an alert's marker line alone (`> [!TIP]`, `> [!tip]- Title`, then a
 * `>` line): it names what follows, as a heading does, and every piece of the alert repeats it.
 */
function marksAlert(paragraph: Paragraph, path: readonly Parent[]): boolean {
  if (!opensAlert(paragraph, path) || !isOneLine(paragraph)) return false;
  // Text alone, or more than text (`> [!NOTE] Positioning <a id="x"></a>`) with a body after it.
  return (path[path.length - 1] as Parent).children.length > 1 || soleText(paragraph) !== undefined;
}

/** Whether a paragraph is one line: no soft or hard line break in it. */
function isOneLine(paragraph: Paragraph): boolean {
  return !paragraph.children.some(
    (child) => child.type === 'break' || (child.type === 'text' && child.value.includes('\n')),
  );
}

/** Whether a paragraph ends with a colon, introducing the block after it. */
function introduces(paragraph: Paragraph): boolean {
  const last = paragraph.children[paragraph.children.length - 1];
  return last?.type === 'text' && /:\s*$/.test(last.value);
}

/** Whether a list's last item ends with a paragraph that introduces what follows (`…:`). */
function endsIntroducing(list: Parent): boolean {
  const item = list.children[list.children.length - 1] as Parent | undefined;
  const last = item?.children[item.children.length - 1];
  return last?.type === 'paragraph' && introduces(last);
}

/**
 * A docs-dialect container (a directive, an MkDocs admonition or tab, a JSX element with content):
 * whole while it fits, else split at its children, each piece reopened with the container's
 * opener and closed with its closer (the assembler copies it around every piece). Anything else
 * of the type (a JSX element without content) is kept whole.
 */
const containerSplitter: NodeSplitter = (node, path, section, state) => {
  const container = node as Parent & Nodes;
  const whole = containerSyntax(node)
    ? ruleKeepsWhole(state, 'container', node)
    : { reason: 'never-split' as const, nodeType: node.type };
  return containerUnit(container, path, section, state, whole, () =>
    state.blocks(container.children as Nodes[], [...path, container], section),
  );
};

/**
 * Whether a paragraph is an MDC slot line (`#title`, `#description`) in a component: it names the
 * blocks after it, so it leads into them.
 */
function isSlot(node: Nodes, path: readonly Parent[]): boolean {
  const text = soleText(node);
  return (
    text !== undefined &&
    slotLine.test(text) &&
    path.some((each) => containerSyntax(each as Nodes)?.container.kind === 'mdc')
  );
}

/** An MDC slot line: `#` and the slot's name. */
const slotLine = /^#[A-Za-z][\w-]*$/;

/** Node splitters, keyed by node type; anything else is kept whole. */
export const splitters: Record<string, NodeSplitter> = {
  paragraph: (node, path, section, state) => {
    const unit = phrasingUnit(node as Paragraph, path, section, state);
    if (isMystTarget(node) || marksAlert(node as Paragraph, path) || isSlot(node, path)) {
      return { ...unit, leadIn: true };
    }
    return introduces(node as Paragraph) && unit.size <= state.options.chunkSize * LEAD_IN_SHARE
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
  math: (node, path, section, state) =>
    mathUnit(node as never, path, section, state, ruleKeepsWhole(state, 'math', node)),
  containerDirective: containerSplitter,
  mdxJsxFlowElement: containerSplitter,
  html: (node, path, section, state) => {
    // A block nested too deep to split structurally is cut like plain text.
    if (isPlainText(node)) return linesUnit(node as never, path, section, state, undefined);
    const unit = htmlUnit(node as never, path, section, state, ruleKeepsWhole(state, 'html', node));
    // An element's opening tag alone (`<Listing …>`, `<details>`) stays with what it opens, also
    // when it is over the limit itself (a long caption): alone, it leaves the element open.
    return opensElement(node as Html) ? { ...unit, leadIn: true } : unit;
  },
  table: (node, path, section, state) =>
    tableUnit(node as never, path, section, state, ruleKeepsWhole(state, 'table', node)),
  list: (node, path, section, state) => {
    const list = node as Parent & Nodes;
    const itemPath = [...path, list];
    const records = state.records?.lists.has(list as never) === true;
    // The rows of a MyST list table (its items) are kept whole, as a table's rows are.
    const parent = path[path.length - 1] as Nodes | undefined;
    const row =
      parent && containerSyntax(parent)?.rows
        ? { reason: 'never-split' as const, nodeType: 'listItem' }
        : undefined;
    const unit = containerUnit(
      list,
      path,
      section,
      state,
      ruleKeepsWhole(state, 'list', node),
      () =>
        list.children.map((item) => {
          const unit = containerUnit(item as Parent & Nodes, itemPath, section, state, row, () =>
            state.blocks(
              (item as Parent).children as Nodes[],
              [...itemPath, item as Parent],
              section,
            ),
          );
          return records ? { ...unit, record: true } : unit;
        }),
    );
    // A small list whose last item introduces what follows it (`- List running containers:`,
    // then the command), as a paragraph does.
    return !records && endsIntroducing(list) && unit.size <= state.options.chunkSize * LEAD_IN_SHARE
      ? { ...unit, leadIn: true }
      : unit;
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
    return containerUnit(
      definition,
      path,
      section,
      state,
      ruleKeepsWhole(state, 'footnote', node),
      () => state.blocks(definition.children as Nodes[], [...path, definition], section),
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
