import { describe, expect, test } from 'vitest';
import { createChunk } from '../../src/chunk/chunk.js';
import { chunkId } from '../../src/chunk/id.js';

describe('createChunk', () => {
  test('fills in the usual values and the id of its breadcrumbs and text', () => {
    const chunk = createChunk({ text: 'Text.', start: 3, end: 8, contentSize: 5, rawSize: 5 });
    expect(chunk).toEqual({
      id: chunkId([], 'Text.'),
      text: 'Text.',
      breadcrumbs: [],
      start: 3,
      end: 8,
      contentSize: 5,
      rawSize: 5,
      tableHeaders: [],
      overflow: null,
      cut: false,
      fallback: null,
      containers: [],
    });
    expect('embedText' in chunk).toBe(false);
  });

  test('with a header, the text to embed, and the id covers it', () => {
    const crumbs = [{ text: 'Guide', depth: 1 }];
    const fields = {
      text: 'Text.',
      start: 0,
      end: 5,
      contentSize: 5,
      rawSize: 5,
      breadcrumbs: crumbs,
    };
    const chunk = createChunk({ ...fields, header: 'Doc › Guide' });
    expect(chunk.embedText).toBe('Doc › Guide\n\nText.');
    expect(chunk.id).toBe(chunkId(crumbs, 'Doc › Guide\n\nText.'));
    // An empty header: the text itself is embedded.
    expect(createChunk({ ...fields, header: '' }).embedText).toBe('Text.');
    expect(createChunk({ ...fields, header: '' }).id).toBe(createChunk(fields).id);
  });

  test('keeps what it is given', () => {
    const overflow = { reason: 'word', nodeType: 'text', size: 90 } as const;
    const chunk = createChunk({
      text: 'x',
      start: 0,
      end: 1,
      contentSize: 90,
      rawSize: 91,
      tableHeaders: ['Key'],
      overflow,
      cut: true,
      fallback: 'plain-text',
    });
    expect([chunk.tableHeaders, chunk.overflow, chunk.cut, chunk.fallback]).toEqual([
      ['Key'],
      overflow,
      true,
      'plain-text',
    ]);
  });
});
