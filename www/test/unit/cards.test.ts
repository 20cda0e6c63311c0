import type { Chunk } from 'chunkdown';
import { chunkdown } from 'chunkdown';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../src/lib/analyze.ts';
import { DEFAULT_SETTINGS, hasContextOption, toChunkdownOptions } from '../../src/lib/settings.ts';
import { chunkdownCards } from '../../src/view/cards.ts';

const text = '# Title\n\nOne sentence here. Another one there.';

describe('chunk cards', () => {
  it('show id and the text to embed when the library gives them', async () => {
    const analysis = await analyze(text, { ...DEFAULT_SETTINGS, rules: {} }, (t) => t.length);
    if (!analysis.chunkdown.ok) throw new Error(analysis.chunkdown.error);
    const { chunks, report } = analysis.chunkdown;
    const richer = chunks.map((chunk, index) => ({
      ...chunk,
      id: `id-${index}`,
      embedText: `Title\n\n${chunk.text}`,
    })) as Chunk[];
    const [card] = chunkdownCards(richer, report, 'chars');
    expect(card).toMatchObject({ id: 'id-0', embedText: `Title\n\n${chunks[0]?.text}` });
  });

  it('show the library’s own id and embedText', async () => {
    const settings = { ...DEFAULT_SETTINGS, chunkSize: 20, context: true, rules: {} };
    const analysis = await analyze(text, settings, (t) => t.length);
    if (!analysis.chunkdown.ok) throw new Error(analysis.chunkdown.error);
    const { chunks, report } = analysis.chunkdown;
    const cards = chunkdownCards(chunks, report, 'chars');
    expect(cards.length).toBeGreaterThan(1);
    for (const [index, card] of cards.entries()) {
      expect(card.id).toMatch(/^[0-9a-f]{16}$/);
      expect(card.id).toBe(chunks[index]?.id);
    }
    expect(cards[1]?.embedText).toBe(`Title\n\n${chunks[1]?.text}`);
  });

  it('leave them out when the library does not', async () => {
    const analysis = await analyze(text, { ...DEFAULT_SETTINGS, rules: {} }, (t) => t.length);
    if (!analysis.chunkdown.ok) throw new Error(analysis.chunkdown.error);
    const plain = analysis.chunkdown.chunks.map(({ text: chunkText, ...rest }) => ({
      ...rest,
      text: chunkText,
      id: 42,
    })) as unknown as Chunk[];
    const [card] = chunkdownCards(plain, analysis.chunkdown.report, 'chars');
    expect(card?.id).toBeUndefined();
    expect(card?.embedText).toBeUndefined();
  });
});

describe('the context option', () => {
  it('is offered exactly when the library accepts it, and passed only when on', () => {
    let accepted = true;
    try {
      chunkdown({ chunkSize: 1, context: true } as Parameters<typeof chunkdown>[0]);
    } catch {
      accepted = false;
    }
    expect(hasContextOption()).toBe(accepted);
    const off = toChunkdownOptions({ ...DEFAULT_SETTINGS, rules: {} });
    expect('context' in off).toBe(false);
    const on = toChunkdownOptions({ ...DEFAULT_SETTINGS, context: true, rules: {} });
    expect(on).toMatchObject({ context: true });
  });
});
