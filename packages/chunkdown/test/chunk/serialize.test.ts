import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { visit } from 'unist-util-visit';
import { describe, expect, test } from 'vitest';
import { assemble, createItemIndexes } from '../../src/chunk/assemble.js';
import { createSerializer } from '../../src/chunk/serialize.js';
import { packed, stage } from '../helpers/stages.js';

/** Each draft of a document packed at `chunkSize`, rebuilt as its chunk's tree. */
function chunkTrees(markdown: string, chunkSize: number) {
  const staged = stage(markdown, { chunkSize });
  const itemIndexes = createItemIndexes();
  const trees = packed(staged).map((draft) =>
    assemble(draft.leaves, { provenance: staged.provenance, itemIndexes }),
  );
  const serializer = () => createSerializer(staged.sourceMap, markdown, staged.provenance);
  return { trees, serializer };
}

/** The document serialized whole, as one chunk. */
function written(markdown: string): string {
  const staged = stage(markdown, { chunkSize: 10_000 });
  const [draft] = packed(staged);
  const root = assemble(draft!.leaves, {
    provenance: staged.provenance,
    itemIndexes: createItemIndexes(),
  });
  return createSerializer(staged.sourceMap, markdown, staged.provenance).stringify(root);
}

describe('createSerializer', () => {
  test('normalizes markers: * bullets and emphasis, ** strong, *** breaks, ATX headings', () => {
    expect(written('Some __bold__ and _italic_ text\n\n- a\n- b\n\n___\n\nSetext\n======')).toBe(
      'Some **bold** and *italic* text\n\n* a\n* b\n\n***\n\n# Setext',
    );
  });

  test('adds no escape the source did not need, keeps those it did', () => {
    const plain = 'Compute 2 * 3 * 4 and a_b_c, see [1] or 50% off & <not a tag.';
    expect(written(plain)).toBe(plain);
    expect(written('Literal \\*stars\\* here.')).toBe('Literal \\*stars\\* here.');
  });

  test('text after a literal autolink stays out of its URL', () => {
    // cert-manager's docs: `&lt;https://…/4.0&gt;, via` was written `\<https://…/4.0>, via`,
    // which links `https://…/4.0>`.
    const source =
      'CC BY-SA 4.0 &lt;https://creativecommons.org/licenses/by-sa/4.0&gt;, via Commons';
    const out = written(source);
    expect(out).toContain('https://creativecommons.org/licenses/by-sa/4.0&gt;, via');
    const urls = (markdown: string) => {
      const tree = fromMarkdown(markdown, {
        extensions: [gfm()],
        mdastExtensions: [gfmFromMarkdown()],
      });
      const found: string[] = [];
      visit(tree, 'link', (link) => {
        found.push(link.url);
      });
      return found;
    };
    expect(urls(source)).toEqual(['https://creativecommons.org/licenses/by-sa/4.0']);
    expect(urls(out)).toEqual(urls(source));
    // Punctuation GFM leaves out anyway is written as it was.
    expect(written('See https://example.com/docs. Then more.')).toBe(
      'See https://example.com/docs. Then more.',
    );
  });

  test('writes strikethrough with the tildes the source wrote', () => {
    // Two for one changed text with single tildes: a URL in `{:src "https://…~yT…~AkZ…"}`.
    expect(written('Strike ~one~ and ~~two~~ here.')).toBe('Strike ~one~ and ~~two~~ here.');
    // (Paths are no strikethrough: a tilde before `/` after a space opens none that closes.)
    const paths = 'Copy ~/.config/app to ~/backup before the upgrade.';
    expect(written(paths)).toBe(paths);
    const url = '[:img {:src "https://cdn.example.com/a.jpeg?Signature=h~yT-Tq1~AkZ"}]';
    expect(written(url)).toBe(url);
    const { trees, serializer } = chunkTrees(
      `Some words first. ${'More words here. '.repeat(4)}Then ~a struck phrase~ ends it.`,
      40,
    );
    const pieces = trees.map((tree) => serializer().stringify(tree));
    expect(pieces.join(' ')).toContain('~a struck phrase~');
    expect(pieces.join(' ')).not.toContain('~~');
  });

  test('fences code with the shortest fence its lines cannot close, keeping the language', () => {
    expect(written('~~~js\nconst a = 1;\n~~~')).toBe('```js\nconst a = 1;\n```');
    expect(written('`````md\n```\ninner\n```\n`````')).toBe('````md\n```\ninner\n```\n````');
  });

  test('keeps the checkbox of a task list item, in every piece of a split item', () => {
    // GFM writes the check with its paragraph handler: a paragraph handler of chunkdown's own
    // must still ask it, or every `[x]` and `[ ]` of a document is lost.
    expect(written('- [x] Done\n- [ ] Open\n\n1. [ ] numbered')).toBe(
      '* [x] Done\n* [ ] Open\n\n1. [ ] numbered',
    );
    const { trees, serializer } = chunkTrees(
      '- [x] Shipped the first part of the work.\n- [ ] Still open: the second part of it.',
      30,
    );
    const texts = trees.map((tree) => serializer().stringify(tree));
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text).toMatch(/^\* \[[x ]\] /);
  });

  test('writes a list that repeats its number so in every piece, and numbers the others', () => {
    const items = ['First step of the work.', 'Second step of it.', 'Third and last step.'];
    const pieces = (markdown: string) => {
      const { trees, serializer } = chunkTrees(markdown, 25);
      return trees.map((tree) => serializer().stringify(tree));
    };
    const repeated = pieces(items.map((item) => `1. ${item}`).join('\n'));
    expect(repeated.length).toBe(3);
    for (const piece of repeated) expect(piece).toMatch(/^1\. /);
    const numbered = pieces(items.map((item, index) => `${index + 1}. ${item}`).join('\n'));
    expect(numbered.map((piece) => piece.slice(0, 3))).toEqual(['1. ', '2. ', '3. ']);
  });

  test('writes a literal autolink as it was written', () => {
    expect(written('Visit https://example.com/path or www.example.com today.')).toBe(
      'Visit https://example.com/path or www.example.com today.',
    );
  });

  test('writes a hard break after a literal autolink with spaces, so the URL keeps its end', () => {
    // `https://x.dev\\` re-parses as a link to `https://x.dev\\` (proxy-from-env's README).
    const source = 'See:\n  https://example.com/a#ENV  \n  www.example.com/b  \n  done';
    const text = written(source);
    expect(text).toBe('See:\nhttps://example.com/a#ENV  \nwww.example.com/b  \ndone');
    const links = (markdown: string) =>
      stage(markdown, { chunkSize: 10_000 }).tree.children.flatMap((block) =>
        'children' in block
          ? block.children.flatMap((node) => (node.type === 'link' ? [node.url] : []))
          : [],
      );
    expect(links(text)).toEqual(links(source));
    // With the sentence's full stop between: `….json.\\` linked `….json.\\` (a Cluster API proposal).
    const dotted = 'Image configuration: https://github.com/a/b/blob/x.json.  \nAnother example.';
    expect(written(dotted)).toBe(
      'Image configuration: https://github.com/a/b/blob/x.json.  \nAnother example.',
    );
    expect(links(written(dotted))).toEqual(['https://github.com/a/b/blob/x.json']);
    // Elsewhere a hard break stays a backslash.
    expect(written('A line  \nand [a link](https://example.com)  \nend')).toBe(
      'A line\\\nand [a link](https://example.com)\\\nend',
    );
  });

  test('writes each chunk of a document as a serializer of its own would', () => {
    // One serializer writes every chunk of a split with the state its first chunk made: what a
    // chunk leaves in it (the last list's bullet, open stacks) must not reach the next one.
    const markdown = [
      // Chunks that end with a list, then chunks that start with one.
      '- alpha beta gamma delta\n- delta epsilon zeta\n\n+ zeta eta theta iota\n+ iota kappa',
      'A paragraph between, long enough to be a chunk of its own here.',
      '- three\n- four\n\n+ five\n+ six',
      '> * quoted\n> * list',
      '1. first\n1. again',
      '| a | b |\n| - | - |\n| `x|y` | 2 |',
      'Text with [a link](https://example.com "title") and *emphasis*.',
    ].join('\n\n');
    const { trees, serializer } = chunkTrees(markdown, 25);
    expect(trees.length).toBeGreaterThan(4);
    const shared = serializer();
    const together = trees.map((tree) => shared.stringify(tree));
    const alone = trees.map((tree) => serializer().stringify(tree));
    expect(together).toEqual(alone);
    // And in another order: a state is reused whatever came before.
    expect([...trees].reverse().map((tree) => shared.stringify(tree))).toEqual(
      [...alone].reverse(),
    );
  });

  test('writes tables unpadded', () => {
    expect(written('| a | longer |\n|:--|--:|\n| 1 | 2 |')).toBe(
      '| a | longer |\n| :- | -: |\n| 1 | 2 |',
    );
  });
});
