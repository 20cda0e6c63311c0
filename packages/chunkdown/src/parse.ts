import type { Nodes, Root } from 'mdast';
import type { Extension, Transform } from 'mdast-util-from-markdown';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';

/**
 * CommonMark + GFM, the tree `remark-parse` with `remark-gfm` builds, with two changes in how it
 * is built, both about GFM's literal autolinks (`a@b.co`, `www.x.dev`, `https://x.dev`):
 *
 * - The tokenizer tries them only where the document has what they need at that place. As GFM
 *   ships them, the email one is tried at the start of every word (it must read the word to find
 *   out there is no `@` after it) and splits the text into one event per word, the `www.` one at
 *   every `w`, the `http` one at every `h`: 15–20 % of the parse time of documents, two thirds
 *   of it on a long paragraph. Dropping tries that cannot succeed changes no token.
 * - The second pass that finds them in text (where the tokenizer could not see them) runs only on
 *   the paragraphs, headings and cells whose text could hold one: it matches four regular
 *   expressions against every text node, and each needs an `@`, `http://`, `https://` or `www.`.
 */
const syntax = gfm();

const mdastExtensions = gfmFromMarkdown().map(
  (extension): Extension =>
    extension.transforms
      ? { ...extension, transforms: extension.transforms.map(whereTextCouldLink) }
      : extension,
);

/**
 * Parse markdown (CommonMark + GFM) into mdast, with positions.
 *
 * @param markdown
 *   The document (front matter already blanked).
 * @returns
 *   The tree.
 */
export function parse(markdown: string): Root {
  return fromMarkdown(markdown, { extensions: [syntaxFor(markdown)], mdastExtensions });
}

type Syntax = typeof syntax;
type ConstructRecord = NonNullable<Syntax['text']>;
type Construct = Extract<ConstructRecord[string], { tokenize: unknown }>;

/**
 * Where each literal autolink construct can succeed: the offsets it must start at. The email
 * one needs a run of `[-+._a-zA-Z0-9]` that ends at an `@` (it starts where the run does: it is
 * never tried after such a character); the others need `www.` or `http(s)://` right there.
 */
const literalStarts: Record<string, (markdown: string) => Set<number>> = {
  emailAutolink: emailStarts,
  wwwAutolink: (markdown) => matchStarts(markdown, /www\./gi),
  protocolAutolink: (markdown) => matchStarts(markdown, /https?:\/\//gi),
};

/**
 * GFM's syntax for one document: each literal autolink construct kept only under the characters
 * its candidate starts begin with, and turned down at once anywhere but at those starts.
 */
function syntaxFor(markdown: string): Syntax {
  // The tokenizer's offsets start after a byte order mark; keep GFM as it is there.
  if (markdown.charCodeAt(0) === 0xfeff || !syntax.text) return syntax;
  const gated = new Map<Construct, { construct: Construct; firsts: Set<number> }>();
  const text: ConstructRecord = {};
  for (const [key, value] of Object.entries(syntax.text)) {
    const kept: Construct[] = [];
    for (const construct of [value].flat() as Construct[]) {
      const find = construct.name ? literalStarts[construct.name] : undefined;
      if (!find) {
        kept.push(construct);
        continue;
      }
      let entry = gated.get(construct);
      if (!entry) {
        const starts = find(markdown);
        const firsts = new Set([...starts].map((offset) => markdown.charCodeAt(offset)));
        entry = { construct: onlyAt(construct, starts), firsts };
        gated.set(construct, entry);
      }
      if (entry.firsts.has(Number(key))) kept.push(entry.construct);
    }
    if (kept.length > 0) text[key] = kept;
  }
  return { ...syntax, text };
}

/** A construct that fails at once unless the tokenizer stands at one of `starts`. */
function onlyAt(construct: Construct, starts: Set<number>): Construct {
  const { tokenize } = construct;
  return {
    ...construct,
    tokenize(effects, ok, nok) {
      return starts.has(this.now().offset) ? tokenize.call(this, effects, ok, nok) : nok;
    },
  };
}

/** Where the runs of email characters before each `@` start. */
function emailStarts(markdown: string): Set<number> {
  const starts = new Set<number>();
  for (let at = markdown.indexOf('@'); at !== -1; at = markdown.indexOf('@', at + 1)) {
    let start = at;
    while (start > 0 && isEmailCharacter(markdown.charCodeAt(start - 1))) start--;
    if (start < at) starts.add(start);
  }
  return starts;
}

/** `[-+._a-zA-Z0-9]`: what GFM allows before the `@` of an email autolink. */
function isEmailCharacter(code: number): boolean {
  return (
    code === 43 ||
    code === 45 ||
    code === 46 ||
    code === 95 ||
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122)
  );
}

function matchStarts(markdown: string, pattern: RegExp): Set<number> {
  const starts = new Set<number>();
  for (const match of markdown.matchAll(pattern)) starts.add(match.index);
  return starts;
}

/** Block types whose children are phrasing content: every text node has one as an ancestor. */
const phrasingRoots = new Set(['paragraph', 'heading', 'tableCell']);

/** What every literal autolink holds: an `@` (email, `mailto:`, `xmpp:`), a scheme or `www.`. */
const linkable = /@|https?:\/\/|www\./i;

/**
 * Run a tree transform of text only on the phrasing blocks that have linkable text. The
 * autolink transform changes text nodes one at a time and never looks past one, so running it
 * on each such block gives the tree running it on the whole document gives.
 */
function whereTextCouldLink(transform: Transform): Transform {
  return (tree) => {
    for (const block of linkableBlocks(tree)) transform(block as Root);
  };
}

/**
 * The paragraphs, headings and table cells with a text node that could hold an autolink, in
 * document order; the whole tree if such text had none of them above it (mdast puts text only in
 * those, but a transform must not miss any).
 */
function linkableBlocks(tree: Root): Nodes[] {
  const found: Nodes[] = [];
  let unplaced = false;
  const visit = (node: Nodes, block: Nodes | undefined) => {
    if (node.type === 'text') {
      if (!linkable.test(node.value)) return;
      if (!block) unplaced = true;
      else if (found[found.length - 1] !== block) found.push(block);
      return;
    }
    if (!('children' in node)) return;
    const own = phrasingRoots.has(node.type) ? node : block;
    for (const child of node.children as Nodes[]) visit(child, own);
  };
  visit(tree, undefined);
  return unplaced ? [tree] : found;
}
