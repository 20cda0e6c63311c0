import { describe, expect, test } from 'vitest';
import { directiveParser, scanFences } from '../../src/parse/directive.js';
import { sourceText } from '../../src/parse/source-text.js';
import { auto } from '../../src/syntax.js';
import { checkInvariants } from '../helpers/invariants.js';

describe('scanFences', () => {
  test('pairs fences as micromark does and leaves the forms it reads to it', () => {
    const { pairs, scanned } = scanFences(
      sourceText(':::note[Title]\ntext\n:::\n\n:::tip\nmore\n:::'),
    );
    expect(pairs).toBe(2);
    expect(scanned).toEqual([]);
  });

  test('finds the VitePress form (a space after the colons) with its title, and its closer', () => {
    const markdown = 'Intro\n\n::: tip Custom Title\nBody.\n:::\n';
    const [found] = scanFences(sourceText(markdown)).scanned;
    expect(found?.container).toEqual({ kind: 'directive', name: 'tip', title: 'Custom Title' });
    expect(markdown.slice(...(found?.open ?? [0, 0]))).toBe('::: tip Custom Title');
    expect(markdown.slice(...(found?.close ?? [0, 0]))).toBe(':::');
    expect([found?.opener, found?.closer, found?.body]).toEqual([
      '::: tip Custom Title',
      ':::',
      'fenced',
    ]);
  });

  test('finds the older Docusaurus form (a title after the name)', () => {
    const [found] = scanFences(sourceText(':::note Before you start\nBody.\n:::')).scanned;
    expect(found?.container).toEqual({
      kind: 'directive',
      name: 'note',
      title: 'Before you start',
    });
  });

  test('a closer closes the innermost container whose opener has at most as many colons', () => {
    const markdown = ':::: info Outer\n::: tip Inner\nx\n:::\nafter\n::::';
    const scanned = scanFences(sourceText(markdown)).scanned;
    expect(
      scanned.map((each) => [each.container.name, markdown.slice(...(each.close ?? [0, 0]))]),
    ).toEqual([
      ['info', '::::'],
      ['tip', ':::'],
    ]);
  });

  test('fences inside fenced code and containers never closed are not containers', () => {
    expect(scanFences(sourceText('```md\n::: tip\nx\n:::\n```')).pairs).toBe(0);
    expect(scanFences(sourceText('::: tip\nnever closed')).scanned).toEqual([]);
  });

  test('finds containers inside list items and block quotes', () => {
    const markdown =
      '1. Step\n\n   ::: warning\n   Careful.\n   :::\n\n> ::: info\n> Quoted.\n> :::';
    expect(scanFences(sourceText(markdown)).scanned.map((each) => each.container.name)).toEqual([
      'warning',
      'info',
    ]);
  });
});

describe('directiveParser', () => {
  test('is detected by fences that pair, not by colons in text', () => {
    const { detect } = directiveParser();
    expect(detect(sourceText('::: tip\nx\n:::'))).toBe(true);
    expect(detect(sourceText(':::note\nx\n:::'))).toBe(true);
    expect(detect(sourceText('Meet at 12:45 or ::: later.'))).toBe(false);
    expect(detect(sourceText(':::note\nnever closed'))).toBe(false);
  });

  test('reads container directives only, unless leaf or text directives are asked for', () => {
    const flowOnly = directiveParser().micromark[0] as {
      flow: Record<number, unknown[]>;
      text?: unknown;
    };
    expect(flowOnly.flow[58]).toHaveLength(1);
    expect(flowOnly.text).toBeUndefined();
    const all = directiveParser({ leaf: true, text: true }).micromark[0] as typeof flowOnly;
    expect(all.flow[58]).toHaveLength(2);
    expect(all.text).toBeDefined();
  });
});

describe("Pandoc's and Quarto's divs", () => {
  const callout = [
    '::: {.callout-note title="Read this first"}',
    '## Note title',
    '',
    'First sentence of the callout body. Second sentence of the callout body.',
    ':::',
    '',
    'Paragraph after the callout with some words.',
    '',
  ].join('\n');

  test('are containers named by their first class, titled by `title`, paired with any closer', () => {
    const { pairs, scanned } = scanFences(
      sourceText(
        `${callout}\n:::: {#intro .aside .wide}\nText.\n:::\n\n::: warning :::\nMore.\n:::\n`,
      ),
    );
    expect(pairs).toBe(3);
    expect(scanned.map((each) => each.container)).toEqual([
      {
        kind: 'directive',
        name: 'callout-note',
        title: 'Read this first',
        attributes: { title: 'Read this first', class: 'callout-note' },
      },
      { kind: 'directive', name: 'aside', attributes: { class: 'aside wide', id: 'intro' } },
      { kind: 'directive', name: 'warning' },
    ]);
    const layout = scanFences(sourceText('::: {layout-ncol=2}\n![a](a.png)\n\n![b](b.png)\n:::\n'));
    expect(layout.scanned.map((each) => each.container)).toEqual([
      { kind: 'directive', name: 'div', attributes: { 'layout-ncol': '2' } },
    ]);
    // MyST's colon fences are MyST's: a name in braces is no Pandoc div.
    expect(scanFences(sourceText(':::{note}\nText.\n:::\n')).scanned).toEqual([]);
  });

  test('every piece of a callout is written inside it, and its heading stays in it', () => {
    const { chunks, syntax } = checkInvariants(callout, { chunkSize: 50, syntax: auto() });
    expect(syntax).toEqual(['directive']);
    const inside = chunks.filter((chunk) => chunk.text.includes('callout body'));
    expect(inside.length).toBeGreaterThan(1);
    for (const chunk of inside) {
      expect(chunk.text).toMatch(/^::: \{\.callout-note title="Read this first"\}\n[\s\S]*\n:::$/);
      expect(chunk.containers?.[0]?.name).toBe('callout-note');
    }
    const after = chunks.find((chunk) => chunk.text.startsWith('Paragraph after'));
    expect(after?.containers).toEqual([]);
    expect(after?.breadcrumbs).toEqual([]);
  });

  test('a tab set inside a callout closes before the callout does (Quarto)', () => {
    const markdown = [
      '::: callout-tip',
      'Tip body.',
      '',
      '::: {.panel-tabset}',
      '## R',
      '',
      'Code for R goes here in this tab.',
      '',
      '## Python',
      '',
      'Code for Python goes here in this tab.',
      ':::',
      '',
      'Still inside the tip.',
      ':::',
      '',
    ].join('\n');
    const { chunks } = checkInvariants(markdown, { chunkSize: 80, syntax: auto() });
    const still = chunks.find((chunk) => chunk.text.includes('Still inside the tip.'));
    expect(still?.containers?.map((each) => each.name)).toEqual(['callout-tip']);
    const python = chunks.find((chunk) => chunk.text.includes('Code for Python'));
    expect(python?.containers?.map((each) => each.name)).toEqual(['callout-tip', 'panel-tabset']);
  });
});
