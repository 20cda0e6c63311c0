import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import {
  fromMarkdown as wikiLinkFromMarkdown,
  toMarkdown as wikiLinkToMarkdown,
} from 'mdast-util-wiki-link';
import { syntax as wikiLink } from 'micromark-extension-wiki-link';
import { describe, expect, test } from 'vitest';
import { type Chunk, chunkdown, type SyntaxExtension } from '../../src/index.js';
import { resolveSyntax } from '../../src/options.js';
import { dialectsFor } from '../../src/parse/dialect.js';
import { reservedNames, withExtensions } from '../../src/parse/extension.js';
import { parseDialects } from '../../src/parse/read-dialects.js';
import { sourceText } from '../../src/parse/source-text.js';
import { auto, syntaxNames } from '../../src/syntax.js';
import type { Syntax } from '../../src/types.js';
import { callout } from '../helpers/callout-extension.js';

/** Obsidian-style links through the real packages, as their READMEs wire them. */
const wikiLinks = (): SyntaxExtension => ({
  name: 'wiki-link',
  micromark: wikiLink(),
  fromMarkdown: wikiLinkFromMarkdown(),
  toMarkdown: wikiLinkToMarkdown(),
});

const LINKS = [
  '[[Llama care:how to care for llamas]]',
  '[[Alpaca]]',
  '[[snake_case_page]]',
  '[[Andes mountains:the mountains]]',
  '[[Fiber *and* wool]]',
];

/** A document of prose, a list, a quote and a table, with wiki links everywhere. */
function wikiDocument(): string {
  const [a, b, c, d, e] = LINKS;
  return [
    '# Llamas',
    '',
    `The llama carries packs, see ${a} for the details, and ${b} for its smaller cousin that lives in the same herds.`,
    '',
    `Names such as ${c} stay as they are, with ${d} around them in a long sentence that needs cutting.`,
    '',
    `* A list item with ${e} inside it and more words after the link.`,
    `* Another item, ${b} again.`,
    '',
    `> A quote that cites ${a} and goes on for a while after that.`,
    '',
    '| Page | Note |',
    '| - | - |',
    `| ${b} | a cell |`,
    '',
  ].join('\n');
}

/** The wiki links (as written) each chunk holds. */
function linksIn(chunks: readonly Chunk[]): string[] {
  return chunks.flatMap((chunk) => chunk.text.match(/\[\[[^\]]*\]\]/g) ?? []);
}

describe('wiki links (micromark-extension-wiki-link + mdast-util-wiki-link)', () => {
  test('stay whole at small sizes and are written byte for byte', () => {
    const markdown = wikiDocument();
    const expected = markdown.match(/\[\[[^\]]*\]\]/g) ?? [];
    for (const chunkSize of [20, 30, 40, 50, 60]) {
      const { chunks, syntax } = chunkdown({
        chunkSize,
        syntax: [auto(), wikiLinks()],
      }).split(markdown);
      expect(syntax).toContain('wiki-link');
      // Every link of the source, in order, exactly as written; no chunk holds half of one.
      expect(linksIn(chunks)).toEqual(expected);
      for (const chunk of chunks) {
        const opens = chunk.text.split('[[').length - 1;
        const closes = chunk.text.split(']]').length - 1;
        expect([chunk.text, opens]).toEqual([chunk.text, closes]);
        // Each chunk reads back, with the extension, to the same links.
        const tree = fromMarkdown(chunk.text, {
          extensions: [wikiLink()],
          mdastExtensions: [wikiLinkFromMarkdown()],
        });
        expect(wikiValues(tree).length).toBe(chunk.text.match(/\[\[[^\]]*\]\]/g)?.length ?? 0);
      }
    }
  });

  test('read by the extension beside auto(), whose obsidian() reads `[[` too', () => {
    const markdown = 'See [[Pack animals:pack animals]] and [[Alpaca]].\n';
    const syntax = resolveSyntax(withExtensions([auto(), wikiLinks()]));
    const tree = parseDialects(
      sourceText(markdown),
      dialectsFor(syntax, sourceText(markdown)),
    ).tree;
    expect(wikiValues(tree)).toEqual(['Pack animals', 'Alpaca']);
  });

  test('without the extension the same links are cut (what the extension changes)', () => {
    const { chunks } = chunkdown({ chunkSize: 20 }).split(wikiDocument());
    const halves = chunks.filter(
      (chunk) => chunk.text.split('[[').length !== chunk.text.split(']]').length,
    );
    expect(halves.length).toBeGreaterThan(0);
  });

  test('update() reads them as split() does', () => {
    const splitter = chunkdown({ chunkSize: 40, syntax: [wikiLinks()] });
    const first = splitter.split(wikiDocument());
    const edited = wikiDocument().replace('carries packs', 'carries heavy packs');
    const updated = splitter.update(first, edited);
    const fresh = chunkdown({ chunkSize: 40, syntax: [wikiLinks()] }).split(edited);
    expect(updated.chunks.map((chunk) => chunk.text)).toEqual(fresh.chunks.map((c) => c.text));
    expect(linksIn(updated.chunks)).toEqual(edited.match(/\[\[[^\]]*\]\]/g));
  });
});

function wikiValues(tree: Nodes): string[] {
  if (tree.type === ('wikiLink' as string)) return [String((tree as { value: string }).value)];
  return 'children' in tree ? (tree.children as Nodes[]).flatMap(wikiValues) : [];
}

describe('containers of an extension', () => {
  const markdown = [
    '# Llamas',
    '',
    'Intro text here.',
    '',
    '%%% warning',
    'First paragraph inside the callout box.',
    '',
    'Second paragraph inside the callout box.',
    '%%%',
    '',
    'After text.',
    '',
  ].join('\n');

  test('split like directive containers: opener repeated, closer added, in `containers`', () => {
    const { chunks } = chunkdown({ chunkSize: 45, syntax: [callout()] }).split(markdown);
    const inside = chunks.filter((chunk) => chunk.text.startsWith('%%% warning'));
    expect(inside.map((chunk) => chunk.text)).toEqual([
      '%%% warning\nFirst paragraph inside the callout box.\n%%%',
      '%%% warning\nSecond paragraph inside the callout box.\n%%%',
    ]);
    for (const chunk of inside) {
      expect(chunk.containers).toEqual([{ kind: 'callout', name: 'warning' }]);
    }
  });

  test('`rules.container` applies, by name too', () => {
    const whole = (rules: object) =>
      chunkdown({ chunkSize: 45, syntax: [callout()], rules })
        .split(markdown)
        .chunks.some(
          (chunk) => chunk.text.includes('First paragraph') && chunk.text.includes('Second'),
        );
    expect(whole({})).toBe(false);
    expect(whole({ container: { split: 'never-split' } })).toBe(true);
    expect(whole({ container: { names: { warning: { split: 'never-split' } } } })).toBe(true);
    expect(whole({ container: { names: { note: { split: 'never-split' } } } })).toBe(false);
  });

  test('`container` may say the name, title and attributes chunks report', () => {
    const extension: SyntaxExtension = {
      ...callout(),
      container: (node) =>
        node.type === ('callout' as string) && {
          name: 'box',
          title: 'A title',
          attributes: { level: (node as unknown as { name: string }).name },
        },
    };
    const { chunks } = chunkdown({ chunkSize: 45, syntax: [extension] }).split(markdown);
    const first = chunks.find((chunk) => chunk.text.startsWith('%%%'));
    expect(first?.containers).toEqual([
      { kind: 'callout', name: 'box', title: 'A title', attributes: { level: 'warning' } },
    ]);
  });

  test('without `container`, the node is one block kept whole, written as the source wrote it', () => {
    const { container: _, ...block } = callout();
    const { chunks } = chunkdown({ chunkSize: 45, syntax: [block] }).split(markdown);
    expect(chunks.map((chunk) => chunk.text)).toContain(
      '%%% warning\nFirst paragraph inside the callout box.\n\nSecond paragraph inside the callout box.\n%%%',
    );
  });

  test('a node no `toMarkdown` handles is written as the source wrote it, never dropped', () => {
    const { toMarkdown: _, container: __, ...bare } = callout();
    const { chunks } = chunkdown({ chunkSize: 45, syntax: [bare] }).split(markdown);
    const text = chunks.map((chunk) => chunk.text).join('\n\n');
    expect(text).toContain('%%% warning\nFirst paragraph inside the callout box.');
    expect(text).toContain('After text.');
  });
});

describe('large documents (parsed in segments)', () => {
  /** About 70 KB of sections, callouts with blank lines inside, and wiki links. */
  function large(): string {
    const parts: string[] = [];
    for (let index = 0; parts.join('\n\n').length < 70_000; index++) {
      parts.push(`## Part ${index}`);
      parts.push(`Prose of part ${index} links [[Page ${index}:page ${index}]] and [[Other]].`);
      const body = Array.from(
        { length: 1 + (index % 7) },
        (_, n) => `Callout ${index} paragraph ${n} with enough words to fill a line.`,
      );
      parts.push(`%%% note\n${body.join('\n\n')}\n%%%`);
    }
    return `${parts.join('\n\n')}\n`;
  }

  test('read in segments to the tree a whole read gives', () => {
    const markdown = large();
    const syntax = withExtensions([callout(), wikiLinks()]) as Syntax[];
    const dialects = dialectsFor(syntax, sourceText(markdown));
    const whole = parseDialects(sourceText(markdown), dialects, undefined, {
      segmentAbove: Infinity,
    }).tree;
    const segmented = parseDialects(sourceText(markdown), dialects).tree;
    expect(shape(segmented)).toEqual(shape(whole));
  });

  test('a callout never closed, across segment cuts, reads as a whole read does', () => {
    // Everything after the opener is the callout's body (as a fence never closed is code): the
    // segment it starts in is left open, so it is read again longer, to the end.
    const before = large().split('\n\n## Part 30\n\n')[0];
    const after = Array.from(
      { length: 1500 },
      (_, index) => `Paragraph ${index} of the open callout, with a link to [[Page ${index}]].`,
    );
    const markdown = `${before}\n\n%%% open\n${after.join('\n\n')}\n`;
    const syntax = withExtensions([callout(), wikiLinks()]) as Syntax[];
    const dialects = dialectsFor(syntax, sourceText(markdown));
    const whole = parseDialects(sourceText(markdown), dialects, undefined, {
      segmentAbove: Infinity,
    }).tree;
    const segmented = parseDialects(sourceText(markdown), dialects).tree;
    expect(shape(segmented)).toEqual(shape(whole));
    const last = whole.children.at(-1);
    expect(last?.type).toBe('callout');
    expect(last?.position?.start?.offset).toBe(markdown.indexOf('%%% open'));
    expect(last?.position?.end?.offset).toBe(markdown.length);
    expect(markdown.length).toBeGreaterThan(100_000);
    const { chunks } = chunkdown({ chunkSize: 300, syntax: [callout(), wikiLinks()] }).split(
      markdown,
    );
    expect(linksIn(chunks)).toEqual(markdown.match(/\[\[[^\]]*\]\]/g));
    expect(chunks.some((chunk) => chunk.text.includes('Paragraph 1499 of the open'))).toBe(true);
  });

  test('split and update() keep every callout and link', () => {
    const markdown = large();
    const splitter = chunkdown({ chunkSize: 200, syntax: [callout(), wikiLinks()] });
    const first = splitter.split(markdown);
    const edited = markdown.replace('Prose of part 40 ', 'Prose of part forty ');
    const updated = splitter.update(first, edited);
    const fresh = chunkdown({ chunkSize: 200, syntax: [callout(), wikiLinks()] }).split(edited);
    expect(updated.chunks.map((chunk) => chunk.text)).toEqual(fresh.chunks.map((c) => c.text));
    expect(linksIn(updated.chunks)).toEqual(edited.match(/\[\[[^\]]*\]\]/g));
    const pieces = updated.chunks.filter((chunk) => chunk.containers.length > 0);
    expect(pieces.length).toBeGreaterThan(50);
    for (const chunk of pieces) expect(chunk.text).toMatch(/^%%% note\n[\s\S]*\n%%%$/);
  });
});

/** A tree's node types, offsets and values, without data. */
function shape(node: Nodes | Root): unknown {
  return {
    type: node.type,
    at: [node.position?.start.offset, node.position?.end.offset],
    ...('value' in node ? { value: node.value } : {}),
    ...('children' in node ? { children: (node.children as Nodes[]).map(shape) } : {}),
  };
}

describe('checked up front', () => {
  const split = (syntax: unknown) => () =>
    chunkdown({ chunkSize: 100, syntax: syntax as never }).split('text');

  test('a missing or invalid name', () => {
    const { name: _, ...unnamed } = wikiLinks();
    expect(split([auto(), unnamed])).toThrow(/`options\.syntax\[1\]\.name`.*`undefined`/);
    expect(split([{ ...wikiLinks(), name: 'wiki link' }])).toThrow(
      /a letter, then letters, digits.*`options\.syntax\[0\]\.name`/,
    );
  });

  test('a name a built-in dialect has, or another extension has', () => {
    for (const name of syntaxNames) {
      expect(reservedNames).toContain(name);
      expect(split([{ ...wikiLinks(), name }])).toThrow(
        new RegExp(`\`options\\.syntax\\[0\\]\\.name\`, not \`"${name}"\`: a built-in dialect`),
      );
    }
    expect(split([wikiLinks(), [auto(), wikiLinks()]])).toThrow(
      /one syntax extension per name.*`options\.syntax\[1\]\[1\]\.name` repeats `"wiki-link"`/,
    );
  });

  test('a micromark field that is not an extension', () => {
    expect(split([auto(), { ...wikiLinks(), micromark: wikiLink }])).toThrow(
      /micromark extension.*`options\.syntax\[1\]\.micromark`, not a function: call it/,
    );
    expect(split([auto(), auto(), { ...wikiLinks(), micromark: { flow: {}, bogus: 1 } }])).toThrow(
      /`options\.syntax\[2\]\.micromark`, not an object with `bogus`/,
    );
    expect(split({ ...wikiLinks(), micromark: [] })).toThrow(/`options\.syntax\.micromark`/);
    expect(split({ ...wikiLinks(), micromark: [wikiLink(), 'x'] })).toThrow(
      /`options\.syntax\.micromark\[1\]`, not `"x"`/,
    );
  });

  test('fromMarkdown, toMarkdown and container of the wrong shape', () => {
    expect(split({ ...wikiLinks(), fromMarkdown: undefined })).toThrow(
      /`options\.syntax\.fromMarkdown`/,
    );
    expect(split({ ...wikiLinks(), fromMarkdown: { enter: { wikiLink: 1 } } })).toThrow(
      /`options\.syntax\.fromMarkdown\.enter\.wikiLink` must be a function/,
    );
    expect(split({ ...wikiLinks(), toMarkdown: wikiLinkToMarkdown })).toThrow(
      /`options\.syntax\.toMarkdown`, not a function/,
    );
    expect(split({ ...wikiLinks(), container: 'yes' })).toThrow(
      /a function .* for `options\.syntax\.container`/,
    );
  });

  test('what `container` returns', () => {
    const bad: SyntaxExtension = { ...callout(), container: () => ({ name: 3 }) as never };
    expect(() => chunkdown({ chunkSize: 100, syntax: [bad] }).split('%%% x\ny\n%%%\n')).toThrow(
      /`options\.syntax\[0\]\.container` to return true, false or \{ name/,
    );
  });

  test('an empty fromMarkdown list is allowed (an extension that makes no tokens of its own)', () => {
    expect(split({ ...wikiLinks(), fromMarkdown: [] })).not.toThrow();
  });
});
