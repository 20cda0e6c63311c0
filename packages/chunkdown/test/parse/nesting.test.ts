import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import {
  isPlainText,
  MAX_NESTING,
  MAX_SOURCE_NESTING,
  nestingDepth,
} from '../../src/parse/nesting.js';
import { parse, parseWhole } from '../../src/parse/parse.js';
import { documentLines } from '../../src/parse/segmented.js';
import { checkInvariants } from '../helpers/invariants.js';

const nestedList = (depth: number) =>
  Array.from({ length: depth }, (_, index) => `${'  '.repeat(index)}- item ${index}`).join('\n');
const nestedQuote = (depth: number) => `${'> '.repeat(depth)}deep text`;

/** Container levels only: block quotes, list items, footnote definitions. */
function containerDepth(node: Nodes): number {
  const own = ['blockquote', 'listItem', 'footnoteDefinition'].includes(node.type) ? 1 : 0;
  if (!('children' in node)) return own;
  let deepest = 0;
  for (const child of node.children as Nodes[]) deepest = Math.max(deepest, containerDepth(child));
  return own + deepest;
}

describe('the nesting limit', () => {
  test(`a block nested ${MAX_NESTING} deep is split structurally, one more level is plain text`, () => {
    for (const make of [nestedList, nestedQuote]) {
      const at = parse(make(MAX_NESTING));
      expect(at).toEqual(parseWhole(make(MAX_NESTING)));
      expect(at.children.some(isPlainText)).toBe(false);
      const over = parse(make(MAX_NESTING + 1));
      expect(over.children).toHaveLength(1);
      expect(isPlainText(over.children[0] as Nodes)).toBe(true);
      expect((over.children[0] as { value: string }).value).toBe(make(MAX_NESTING + 1));
    }
  });

  test('counts block containers and formatting together', () => {
    const tree = parseWhole('> - **[*a*](u)**');
    expect(nestingDepth(tree)).toBe(5);
    // Asked only whether it goes past a depth, it may stop there: any depth over it.
    expect(nestingDepth(tree, 5)).toBe(5);
    expect(nestingDepth(tree, 2)).toBeGreaterThan(2);
    expect(nestingDepth(tree, 2)).toBeLessThanOrEqual(5);
    const deep = `${'> '.repeat(MAX_NESTING - 2)}**[x](u)**`;
    expect(parse(deep).children.some(isPlainText)).toBe(false);
    expect(parse(`${'> '.repeat(MAX_NESTING - 1)}**[x](u)**`).children.some(isPlainText)).toBe(
      true,
    );
  });

  test('only the block that nests too deep goes plain text, found before it is parsed', () => {
    const list = nestedList(MAX_SOURCE_NESTING + 10);
    const markdown = `# Title\n\nIntro.\n\n${list}\n\nAfter it.\n\n## Next\n\nText [x].\n\n[x]: /u\n`;
    const parsed = parse(markdown);
    const whole = parseWhole(markdown);
    expect(parsed.children.map((node) => node.type)).toEqual(
      whole.children.map((node) => node.type).map((type) => (type === 'list' ? 'html' : type)),
    );
    parsed.children.forEach((node, index) => {
      const original = whole.children[index] as Nodes;
      if (isPlainText(node)) {
        expect(node.position).toEqual(original.position);
        expect((node as { value: string }).value).toBe(list);
      } else expect(node).toEqual(original);
    });
  });

  test('a block too deep to parse in a later segment starts where its block does', () => {
    const list = nestedList(MAX_SOURCE_NESTING + 10);
    const markdown = `# A\n\nOne.\n\n# B\n\nTwo.\n\n${list}\n\nAfter.\n\n# C\n\nThree.\n`;
    const whole = parseWhole(markdown);
    for (const size of [1, 8, 30]) {
      const parsed = parse(markdown, { segmentAbove: 0, size });
      expect(parsed.children).toHaveLength(whole.children.length);
      parsed.children.forEach((node, index) => {
        const original = whole.children[index] as Nodes;
        if (isPlainText(node)) {
          expect(original.type).toBe('list');
          expect(node.position).toEqual(original.position);
        } else expect(node).toEqual(original);
      });
    }
  });

  test('a block too deep to parse after nothing but blank lines starts at its own line', () => {
    const quote = nestedQuote(MAX_SOURCE_NESTING + 1);
    const [node] = parse(`\n  \n\n${quote}`).children;
    expect(node?.position?.start).toEqual({ line: 4, column: 1, offset: 5 });
    expect((node as { value: string }).value).toBe(quote);
  });

  test('a definition right before a block too deep to parse still defines its label', () => {
    const markdown = `See [x].\n\n[x]: /u\n${nestedQuote(MAX_SOURCE_NESTING + 1)}\n`;
    const parsed = parse(markdown, { segmentAbove: 0, size: 1 });
    const whole = parseWhole(markdown);
    expect(parsed.children.slice(0, 2)).toEqual(whole.children.slice(0, 2));
    expect(parsed.children.map((node) => node.type)).toEqual(['paragraph', 'definition', 'html']);
  });

  test('deeply indented lines inside fenced code are code, not nesting', () => {
    const code = Array.from(
      { length: MAX_SOURCE_NESTING + 5 },
      (_, index) => `${' '.repeat(index * 3)}- ${index}`,
    ).join('\n');
    const markdown = `Text\n\n\`\`\`yaml\n${code}\n\`\`\`\n\nMore.`;
    expect(parse(markdown)).toEqual(parseWhole(markdown));
  });

  test('a plain-text block keeps every word, says so on its chunks, and holds the raw cap', () => {
    const markdown = `# Deep\n\n${nestedList(150)}\n\n## After\n\nSome text after the list.`;
    for (const options of [{ chunkSize: 300 }, { chunkSize: 100, maxRawSize: 400 }]) {
      const { chunks } = checkInvariants(markdown, options, { repeat: false, links: false });
      const plain = chunks.filter((chunk) => chunk.fallback === 'plain-text');
      expect(plain.length).toBeGreaterThan(10);
      for (const chunk of plain) {
        expect(chunk.breadcrumbs.map((crumb) => crumb.text)).toEqual(
          chunk.text.startsWith('# Deep') ? [] : ['Deep'],
        );
      }
      expect(chunks[chunks.length - 1]?.text).toContain('Some text after the list.');
    }
  });

  test('images nested in images past the source limit are plain text, before they are parsed', () => {
    const images = `${'!['.repeat(MAX_SOURCE_NESTING + 1)}a${'](u)'.repeat(MAX_SOURCE_NESTING + 1)}`;
    const markdown = `Before.\n\n${images}\n\nAfter.`;
    const parsed = parse(markdown);
    expect(parsed.children.map((node) => node.type)).toEqual(['paragraph', 'html', 'paragraph']);
    expect((parsed.children[1] as { value: string }).value).toBe(images);
    // Nested just under the limit, they are parsed (an image's alt text is flat: no nesting).
    const under = `${'!['.repeat(MAX_SOURCE_NESTING)}a${'](u)'.repeat(MAX_SOURCE_NESTING)}`;
    expect(parse(under)).toEqual(parseWhole(under));
  });

  test('the html rule and its transform leave a plain-text block alone', () => {
    const markdown = `<div>kept</div>\n\n${nestedQuote(MAX_NESTING + 1)}\n`;
    const seen: string[] = [];
    const { chunks } = chunkdown({
      chunkSize: 20,
      rules: {
        html: {
          split: 'never-split',
          transform: (node) => {
            seen.push(node.value);
            return undefined;
          },
        },
      },
    }).split(markdown);
    expect(seen).toEqual(['<div>kept</div>']);
    // Never-split is for HTML: the plain-text block is still cut to size.
    const plain = chunks.filter((chunk) => chunk.fallback === 'plain-text');
    expect(plain.length).toBeGreaterThan(1);
  });

  test('nested emphasis past the limit is plain text, quickly, with nothing lost', () => {
    const markdown = `Before.\n\n${'*'.repeat(400)}x${'*'.repeat(400)}\n\nAfter.`;
    const { chunks } = checkInvariants(markdown, { chunkSize: 100 }, { repeat: false });
    expect(
      chunks.some((chunk) => chunk.fallback === 'plain-text' && chunk.text.includes('x')),
    ).toBe(true);
    expect(chunkdown({ chunkSize: 100 }).splitText(markdown)[0]).toBe('Before.');
  });
});

describe('a block too deep to parse, anywhere in a document', () => {
  const deep = fc
    .tuple(fc.integer({ min: MAX_SOURCE_NESTING + 1, max: MAX_SOURCE_NESTING + 8 }), fc.boolean())
    .map(([depth, quote]) => (quote ? nestedQuote(depth) : nestedList(depth)));
  const block = fc.oneof(
    fc.constantFrom(
      '# Heading',
      'A paragraph.',
      'Two\nlines',
      '- a\n- b',
      '> quote',
      '| a |\n| - |',
    ),
    fc.constantFrom('```\ncode\n\n# not a heading\n```', '<!--\n\n# hidden\n-->', '<div>'),
    fc.constantFrom(`\`\`\`\n${nestedList(MAX_SOURCE_NESTING + 3)}\n\`\`\``, 'See [x].'),
    deep,
  );
  // The definition comes first: one inside a block split as plain text defines nothing.
  const documents = fc
    .array(fc.tuple(block, fc.constantFrom('\n\n', '\n', '\n\n\n')), { maxLength: 8 })
    .map((parts) => `[x]: /u\n\n${parts.map(([item, after]) => item + after).join('')}`);

  test('leaves every other top-level node as the whole parse has it, and loses nothing', () => {
    fc.assert(
      fc.property(documents, fc.integer({ min: 1, max: 200 }), (markdown, size) => {
        const parsed = parse(markdown, { segmentAbove: 0, size }).children;
        const whole = parseWhole(markdown).children;
        const plain = parsed.filter(isPlainText).map((node) => node.position);
        // A node is in plain text when it starts there (a plain-text block may run on over a
        // block after it, up to the next line that surely starts a fresh one).
        const inside = (node: Nodes) =>
          plain.some((range) => {
            const start = node.position?.start.offset ?? -1;
            return (range?.start.offset ?? 0) <= start && start <= (range?.end.offset ?? 0);
          });
        for (const node of whole) {
          if (inside(node)) continue;
          expect(parsed).toContainEqual(node);
        }
        for (const node of parsed) {
          if (!isPlainText(node)) expect(whole).toContainEqual(node);
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 100) },
    );
  }, 600_000);
});

describe('the estimate from the source', () => {
  // Lines of block quote markers, list markers, indentation and footnote labels in any mix: the
  // estimate of a line must never be below the depth the parser puts it at.
  const piece = fc.constantFrom('> ', '>', '- ', '* ', '1. ', '10) ', '  ', '    ', '\t', '[^a]: ');
  const line = fc
    .tuple(fc.array(piece, { maxLength: 8 }), fc.constantFrom('text', '', '```', '- ', '# h'))
    .map(([prefix, rest]) => prefix.join('') + rest);
  test('is never below the depth the parser finds', () => {
    fc.assert(
      fc.property(
        fc.array(line, { maxLength: 12 }),
        fc.constantFrom('\n', '\n\n'),
        (lines, end) => {
          const markdown = lines.join(end);
          const tree: Root = parseWhole(markdown);
          const found = containerDepth(tree);
          const { deep } = documentLines(markdown, -1);
          const estimate = Math.max(0, ...deep.map((entry) => entry.depth));
          expect(estimate).toBeGreaterThanOrEqual(found);
        },
      ),
      {
        numRuns: Number(process.env.PROPERTY_RUNS ?? 100) * 5,
        ...(process.env.SEED ? { seed: Number(process.env.SEED) } : {}),
      },
    );
  }, 600_000);

  test('counts footnote definitions opened on one line for each column of indentation', () => {
    // Found by the property above: one four-column indentation continues all three definitions.
    for (const markdown of [
      '[^a]: [^a]: [^a]: text\n    > text',
      '[^a]: [^a]: [^a]: text\n    [^a]: text',
    ]) {
      const { deep } = documentLines(markdown, -1);
      const estimate = Math.max(0, ...deep.map((entry) => entry.depth));
      expect(estimate).toBeGreaterThanOrEqual(containerDepth(parseWhole(markdown)));
    }
  });

  test('is exact for a list indented two columns a level and for block quotes', () => {
    for (const markdown of [nestedList(40), nestedQuote(40)]) {
      const { deep } = documentLines(markdown, -1);
      expect(Math.max(...deep.map((entry) => entry.depth))).toBe(40);
    }
  });
});
