import { describe, expect, test } from 'vitest';
import type { Resplitter } from '../../src/chunk/cap.js';
import { createHeader } from '../../src/chunk/context.js';
import { finishDrafts } from '../../src/chunk/finish.js';
import { addOverlap, type OverlappedDraft } from '../../src/pack/overlap.js';
import type { Chunk, ChunkdownOptions } from '../../src/types.js';
import { finishContext, packed, resplitterOf, type Staged, stage } from '../helpers/stages.js';

/** The drafts of a document, packed (with overlap when the options ask for it). */
function drafts(staged: Staged): OverlappedDraft[] {
  const { options, state } = staged;
  return options.overlap > 0
    ? addOverlap(packed(staged), options.overlap, state)
    : packed(staged).map((draft) => ({ ...draft, overlap: 0 }));
}

/** Finish a document's drafts as the pipeline does, with its re-splitter or another. */
function finish(markdown: string, options: ChunkdownOptions, splitAgain?: Resplitter): Chunk[] {
  const staged = stage(markdown, options);
  return finishDrafts(drafts(staged), finishContext(staged, splitAgain ?? resplitterOf(staged)));
}

const guide =
  '# Guide\n\n## Install\n\nRun the installer first. Then restart.\n\nAnother paragraph here.\n\n## Use\n\nCall it.';

describe('finishDrafts', () => {
  test('a draft that fits is one chunk: its markdown, source range, breadcrumbs and sizes', () => {
    const [chunk, ...rest] = finish(guide, { chunkSize: 200 });
    expect(rest).toEqual([]);
    expect(chunk?.text).toBe(
      '# Guide\n\n## Install\n\nRun the installer first. Then restart.\n\nAnother paragraph here.\n\n## Use\n\nCall it.',
    );
    expect([chunk?.start, chunk?.end]).toEqual([0, guide.length]);
    expect(chunk?.breadcrumbs).toEqual([]);
    expect(chunk?.rawSize).toBe(chunk?.text.length);
    expect(chunk?.contentSize).toBe(
      'GuideInstallRun the installer first. Then restart.Another paragraph here.UseCall it.'.length,
    );
    expect([chunk?.overflow, chunk?.cut, chunk?.fallback]).toEqual([null, false, null]);
  });

  test('a link piece cut as text ends within its source, where its URL is not', () => {
    // Each word of the link becomes a link to the same URL; "[ภาษา](https://example.com/0)" is
    // over the cap and cut as text, and the cut's end maps past the word "ภาษา" it came from.
    const markdown = '[ภาษาไทย alpha](https://example.com/0)';
    const chunks = finish(markdown, {
      chunkSize: 1,
      maxRawSize: 28,
      rules: { link: { split: 'allow-split', style: 'inline' } },
    });
    const first = chunks[0];
    expect(first?.text).toBe('[ภาษา](https\\://');
    expect(markdown.slice(first?.start, first?.end)).toBe('ภาษา');
    const thai = chunks.find((chunk) => chunk.text.startsWith('[ไทย]'));
    expect(markdown.slice(thai?.start, thai?.end)).toBe('ไทย');
  });

  test('a chunk over the raw cap is split again; its pieces keep the headings above them', () => {
    const chunks = finish(guide, { chunkSize: 200, maxRawSize: 60 });
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      '# Guide\n\n## Install\n\nRun the installer first.',
      'Then restart.\n\nAnother paragraph here.\n\n## Use\n\nCall it.',
    ]);
    expect(chunks.map((chunk) => chunk.breadcrumbs.map((crumb) => crumb.text))).toEqual([
      [],
      ['Guide', 'Install'],
    ]);
    expect(chunks.map((chunk) => [chunk.start, chunk.end])).toEqual([
      [0, guide.indexOf(' Then')],
      [guide.indexOf('Then'), guide.length],
    ]);
    for (const chunk of chunks) {
      expect(chunk.rawSize).toBeLessThanOrEqual(60);
      expect(chunk.cut).toBe(false);
    }
  });

  test('what cannot be split again is cut as text, within the cap, at its source offsets', () => {
    const markdown = 'A verylongwordthatcannotbesplitanywhereatallreally and more words here.';
    const chunks = finish(markdown, { chunkSize: 100, maxRawSize: 20 }, () => []);
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.rawSize).toBeLessThanOrEqual(20);
      expect(chunk.cut).toBe(true);
      expect(markdown.slice(chunk.start, chunk.end)).toBe(chunk.text);
    }
    // Every character but the space at a cut is kept.
    expect(chunks.map((chunk) => chunk.text).join('')).toBe(markdown.replace(' more', 'more'));
  });

  test('a chunk over the cap with its overlap goes without it first', () => {
    const text = 'First sentence is here. Second sentence is here. Third one here.';
    const loose = finish(text, { chunkSize: 30, overlap: 15 });
    expect(loose.map((chunk) => chunk.text)).toEqual([
      'First sentence is here.',
      'is here. Second sentence is here.',
      'is here. Third one here.',
    ]);
    // Pushed past the limit by its overlap, it says so.
    expect(loose[1]?.overflow).toEqual({ reason: 'overlap', nodeType: 'root', size: 33 });
    const capped = finish(text, { chunkSize: 30, overlap: 15, maxRawSize: 30 });
    expect(capped.map((chunk) => chunk.text)).toEqual([
      'First sentence is here.',
      'Second sentence is here.',
      'is here. Third one here.',
    ]);
  });

  test('with a context header, the cap holds for the text to embed', () => {
    const staged = stage(guide, { chunkSize: 200, maxRawSize: 80, context: true });
    const context = {
      ...finishContext(staged),
      header: createHeader(
        { text: 'The guide', fromHeading: false },
        staged.options.lengthFunction,
        80,
      ),
    };
    const chunks = finishDrafts(drafts(staged), context);
    expect(chunks.length).toBeGreaterThan(1);
    expect(chunks[0]?.embedText).toBe(`The guide\n\n${chunks[0]?.text}`);
    for (const chunk of chunks) {
      expect(chunk.embedText?.endsWith(`\n\n${chunk.text}`)).toBe(true);
      expect(chunk.embedText!.length).toBeLessThanOrEqual(80);
      // The header (and the blank line after it) takes at most a quarter of the cap.
      expect(chunk.embedText!.length - chunk.text.length).toBeLessThanOrEqual(20);
    }
  });
});
