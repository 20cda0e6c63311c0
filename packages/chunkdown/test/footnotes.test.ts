import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, test } from 'vitest';
import { type Chunk, type ChunkdownOptions, chunkdown } from '../src/index.js';
import { auto } from '../src/syntax.js';
import { checkInvariants } from './helpers/invariants.js';

/**
 * Footnotes travel (`rules.footnote`): a chunk that cites `[^x]` ends with the definition of
 * `[^x]`, as a definition (it re-parses as a footnote), counted as context, not content.
 */

const llamas = `# Llamas

The llama carries packs[^1] across the Andes. It is a calm animal that walks for hours.

## Wool

Alpacas give finer wool than llamas do, and they are smaller.

## Notes

[^1]: Llamas carry about 25 to 30 percent of their body weight.
`;

const definition = '[^1]: Llamas carry about 25 to 30 percent of their body weight.';

const split = (markdown: string, options: ChunkdownOptions) =>
  chunkdown(options).split(markdown).chunks;
const preserved = (options: ChunkdownOptions): ChunkdownOptions => ({
  ...options,
  rules: { ...options.rules, footnote: { style: 'preserve' } },
});

/** The types of the nodes of a chunk's text read again alone, in document order. */
function reread(text: string): Nodes[] {
  const tree: Root = fromMarkdown(text, {
    extensions: [gfm()],
    mdastExtensions: [gfmFromMarkdown()],
  });
  const nodes: Nodes[] = [];
  const visit = (node: Nodes) => {
    nodes.push(node);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return nodes;
}

const citing = (chunks: Chunk[], label: string) =>
  chunks.filter((chunk) =>
    reread(chunk.text).some(
      (node) => node.type === 'footnoteReference' && node.identifier === label,
    ),
  );

describe('a chunk that cites a footnote ends with its definition', () => {
  const options = { chunkSize: 80 };

  test('as a definition, so it reads again as a footnote', () => {
    const chunks = split(llamas, options);
    const [first] = chunks;
    expect(first?.text).toBe(
      `# Llamas\n\nThe llama carries packs[^1] across the Andes.\n\n${definition}`,
    );
    expect(first?.footnotes).toEqual([{ label: '1', truncated: false }]);
    const nodes = reread(first?.text ?? '');
    expect(nodes.some((node) => node.type === 'footnoteReference')).toBe(true);
    expect(nodes.filter((node) => node.type === 'footnoteDefinition')).toHaveLength(1);
  });

  test('counted as context: the content, offsets and other chunks are as without it', () => {
    const carried = split(llamas, options);
    const plain = split(llamas, preserved(options));
    expect(carried).toHaveLength(plain.length);
    carried.forEach((chunk, index) => {
      const before = plain[index] as Chunk;
      expect(chunk.contentSize).toBe(before.contentSize);
      expect([chunk.start, chunk.end, chunk.breadcrumbs]).toEqual([
        before.start,
        before.end,
        before.breadcrumbs,
      ]);
      expect(chunk.overflow).toEqual(before.overflow);
      if (index === 0) {
        expect(chunk.text).toBe(`${before.text}\n\n${definition}`);
        expect(chunk.rawSize).toBe(before.rawSize + 2 + definition.length);
        expect(chunk.id).not.toBe(before.id);
      } else {
        expect(chunk).toEqual(before);
      }
    });
  });

  test("the definition's own chunk is unchanged and carries nothing", () => {
    const chunks = split(llamas, options);
    const own = chunks.find((chunk) => chunk.text.startsWith('## Notes'));
    expect(own?.text).toBe(`## Notes\n\n${definition}`);
    expect(own?.footnotes).toBeUndefined();
  });

  test("with style: 'preserve' the citation is left alone", () => {
    const chunks = split(llamas, preserved(options));
    expect(chunks[0]?.text).toBe('# Llamas\n\nThe llama carries packs[^1] across the Andes.');
    expect(chunks.some((chunk) => chunk.footnotes)).toBe(false);
    expect(chunks.filter((chunk) => chunk.text.includes('[^1]:'))).toHaveLength(1);
  });

  test('a chunk without footnotes has no footnotes field', () => {
    const [chunk] = split('Just a sentence.', options);
    expect(chunk && 'footnotes' in chunk).toBe(false);
  });
});

describe('edge cases', () => {
  test('repeated citations carry the definition once, footnotes in the order first cited', () => {
    const markdown = [
      'Packs[^b] and wool[^a] and packs again[^b].',
      '',
      'Filler text that keeps the definitions in chunks of their own, far from the citations.',
      '',
      '[^a]: Wool note.',
      '',
      '[^b]: Pack note.',
    ].join('\n');
    const [first] = split(markdown, { chunkSize: 50 });
    expect(first?.text).toBe(
      'Packs[^b] and wool[^a] and packs again[^b].\n\n[^b]: Pack note.\n\n[^a]: Wool note.',
    );
    expect(first?.footnotes?.map((footnote) => footnote.label)).toEqual(['b', 'a']);
  });

  test('nested citations (a list in a quote, a table cell) carry at the top level', () => {
    const markdown = [
      '> * A quoted item cites[^q].',
      '',
      '| name | note |',
      '| --- | --- |',
      '| llama | cited[^t] |',
      '',
      'Filler text that keeps the definitions in chunks of their own, far from the citations.',
      '',
      '[^q]: Quote note.',
      '',
      '[^t]: Table note.',
    ].join('\n');
    const chunks = split(markdown, { chunkSize: 40 });
    for (const label of ['q', 't']) {
      const [chunk] = citing(chunks, label);
      expect(chunk?.text.endsWith(`[^${label}]: ${label === 'q' ? 'Quote' : 'Table'} note.`)).toBe(
        true,
      );
      const definitions = reread(chunk?.text ?? '').filter(
        (node) => node.type === 'footnoteDefinition',
      );
      expect(
        definitions.map((node) => node.type === 'footnoteDefinition' && node.identifier),
      ).toEqual([label]);
    }
  });

  test('a definition that cites another carries that one too (and a cycle ends)', () => {
    const markdown = [
      'The claim[^a] stands.',
      '',
      'Filler text that keeps the definitions in chunks of their own, far from the citations.',
      '',
      '[^a]: See also[^b].',
      '',
      'More filler text between the two definitions, so that each is in a chunk of its own.',
      '',
      '[^b]: And back[^a].',
    ].join('\n');
    const [first] = split(markdown, { chunkSize: 40 });
    expect(first?.text).toBe('The claim[^a] stands.\n\n[^a]: See also[^b].\n\n[^b]: And back[^a].');
    const own = split(markdown, { chunkSize: 40 }).find((chunk) => chunk.text.startsWith('[^a]:'));
    expect(own?.text).toBe('[^a]: See also[^b].\n\n[^b]: And back[^a].');
    // The chunk that holds `[^a]`'s definition cites `[^b]`: it carries `[^b]`, not itself.
    expect(own?.footnotes?.map((footnote) => footnote.label)).toEqual(['b']);
  });

  test('a chunk holding the definition it cites carries nothing', () => {
    const chunks = split('A short note[^n].\n\n[^n]: The note.', { chunkSize: 500 });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['A short note[^n].\n\n[^n]: The note.']);
    expect(chunks[0]?.footnotes).toBeUndefined();
  });

  test('a definition larger than the chunk size is carried as its first sentence', () => {
    const long =
      'Llamas carry about a quarter of their weight. They refuse heavier loads by lying down, spitting or kicking, which herders learned to respect over centuries of work in the high Andes.';
    const markdown = `The llama carries packs[^1].\n\n${'Filler sentence here. '.repeat(8)}\n\n[^1]: ${long}`;
    const chunks = split(markdown, { chunkSize: 100 });
    const [first] = chunks;
    expect(first?.text).toBe(
      'The llama carries packs[^1].\n\n[^1]: Llamas carry about a quarter of their weight.',
    );
    expect(first?.footnotes).toEqual([{ label: '1', truncated: true }]);
    // Its own chunks keep all of it.
    expect(chunks.map((chunk) => chunk.text).join('\n')).toContain('which herders learned');
  });

  test('a first sentence still too large is cut at a word and ends with …', () => {
    const long = `Llamas ${'carry '.repeat(40)}packs.`;
    const markdown = `Packs[^1].\n\n${'Filler sentence here. '.repeat(8)}\n\n[^1]: ${long}`;
    const [first] = split(markdown, { chunkSize: 60 });
    const carried = first?.text.split('\n\n')[1] ?? '';
    expect(carried).toMatch(/^\[\^1\]: Llamas carry( carry)* carry…$/);
    expect(carried.length - '[^1]: '.length).toBeLessThanOrEqual(60);
    expect(first?.footnotes).toEqual([{ label: '1', truncated: true }]);
  });

  test('a definition cut after a bare URL keeps the URL a link to where the source points', () => {
    const url =
      'https://github.com/conda-forge/staged-recipes/pulls?q=is%3Apr+author%3Agoanpeca+created%3A2022-01-01..2022-05-01';
    const markdown = `Pull requests to date [^prs].\n\n${'Filler sentence here. '.repeat(8)}\n\n[^prs]: <${url}> and more words after it.`;
    const [first] = split(markdown, { chunkSize: 60 });
    expect(first?.footnotes).toEqual([{ label: 'prs', truncated: true }]);
    const links = reread(first?.text ?? '').filter((node) => node.type === 'link');
    expect(links.map((node) => (node as { url: string }).url)).toEqual([url]);
  });

  test('under maxRawSize every chunk fits with what it carries, a quarter of the cap at most', () => {
    const long = `Llamas carry about a quarter of their weight. ${'They walk far. '.repeat(10)}`;
    const markdown = `${'The llama carries packs[^1] across the Andes. '.repeat(6)}\n\n${'Filler sentence here. '.repeat(8)}\n\n[^1]: ${long}`;
    const chunks = split(markdown, { chunkSize: 150, maxRawSize: 200 });
    for (const chunk of chunks) expect(chunk.rawSize).toBeLessThanOrEqual(200);
    const carrying = chunks.filter((chunk) => chunk.footnotes);
    expect(carrying.length).toBeGreaterThan(1);
    for (const chunk of carrying) {
      const carried = chunk.text.slice(chunk.text.lastIndexOf('\n\n[^1]: ') + 2);
      expect(carried.length - '[^1]: '.length).toBeLessThanOrEqual(50);
    }
  });

  test('an overlap that cites a footnote carries it', () => {
    const markdown = `${'Words of the first chunk go here. '.repeat(3)}The cited sentence[^1] ends it.\n\n${'Filler sentence here. '.repeat(6)}\n\n[^1]: The note.`;
    const chunks = split(markdown, { chunkSize: 120, overlap: 40 });
    for (const chunk of citing(chunks, '1')) {
      const own = reread(chunk.text).some((node) => node.type === 'footnoteDefinition');
      expect(own).toBe(true);
    }
  });

  test("rules.footnote.split: 'never-split' keeps a definition whole", () => {
    const note = `[^1]: ${'A long note sentence. '.repeat(10).trim()}`;
    const markdown = `Cited[^1].\n\n${note}`;
    const split100 = split(markdown, {
      chunkSize: 60,
      rules: { footnote: { split: 'never-split' } },
    });
    expect(split100.some((chunk) => chunk.text === note)).toBe(true);
    expect(split(markdown, { chunkSize: 60 }).some((chunk) => chunk.text === note)).toBe(false);
  });

  test('a piece of an alert carries its footnote after the quote, and stays in the alert', () => {
    // Docsy's docs: a GitHub alert cites a footnote defined after it.
    const markdown = [
      '### Opt pages out',
      '',
      '> [!TIP]',
      '>',
      "> By default, Hugo's `outputs` map (whether in site config or page front matter) is",
      '> a **full replacement** for each page kind, not a merge [^1].',
      '> When you add `markdown`, keep every format your site already relies on, for',
      '> example `RSS` and `print` on sections as the examples above show.',
      '',
      '[^1]:',
      '    This is contrary to the documented Hugo behavior for front-matter',
      '    configuration, but it is confirmed by testing.',
      '',
      'To opt pages out of Markdown output, set `outputs` in page front matter.',
    ].join('\n');
    const result = checkInvariants(markdown, { chunkSize: 100, syntax: auto() });
    const citing = result.chunks.filter((chunk) => chunk.text.includes('merge [^1]'));
    expect(citing).toHaveLength(1);
    expect(citing[0]?.containers).toEqual([{ kind: 'alert', name: 'tip' }]);
    expect(citing[0]?.footnotes?.map((footnote) => footnote.label)).toEqual(['1']);
  });
});

describe('update', () => {
  test('an edit of the definition reaches the chunks that carry it', () => {
    const splitter = chunkdown({ chunkSize: 80 });
    const before = splitter.split(llamas);
    const edited = llamas.replace('25 to 30 percent', 'a quarter');
    const after = splitter.update(before, edited);
    const { changes, ...result } = after;
    expect(result).toEqual(splitter.split(edited));
    expect(after.chunks[0]?.text).toContain(
      '[^1]: Llamas carry about a quarter of their body weight.',
    );
    expect(changes.added.map((chunk) => chunk.text.split('\n')[0])).toEqual([
      '# Llamas',
      '## Notes',
    ]);
  });
});
