import { describe, expect, it } from 'vitest';
import { chunkIssues, describeIssue, plural } from '../../src/quality/issues.js';

const clean = { orphanRows: 0, unbalancedFences: 0, unbalancedContainers: 0, contentChars: 400 };
const settings = { chunkSize: 500, maxOverflowRatio: 1.5, maxRawSize: 800 };

describe('chunkIssues', () => {
  it('finds none in a chunk that stands on its own', () => {
    expect(
      chunkIssues({ chunk: { contentSize: 400, rawSize: 420 }, quality: clean, settings }),
    ).toEqual([]);
  });

  it('takes a chunk over chunkSize but within the allowed limit, or a tiny one, as no issue', () => {
    const within = { contentSize: 700, rawSize: 720 };
    expect(chunkIssues({ chunk: within, quality: clean, settings })).toEqual([]);
    const tiny = { ...clean, contentChars: 12 };
    expect(
      chunkIssues({ chunk: { contentSize: 12, rawSize: 14 }, quality: tiny, settings }),
    ).toEqual([]);
  });

  it('lists what breaks a chunk, with counts and plurals', () => {
    const issues = chunkIssues({
      chunk: { contentSize: 751, rawSize: 900 },
      quality: { orphanRows: 3, unbalancedFences: 1, unbalancedContainers: 2, contentChars: 751 },
      settings,
      cutsWord: true,
    });
    expect(issues.map((issue) => issue.message)).toEqual([
      '1 code fence left open',
      '2 containers not closed or not opened',
      '3 table rows without their header',
      '1 word cut in two',
      '1 chunk over the size limit',
      '1 chunk over the raw size cap',
    ]);
  });

  it('finds a chunk of markup without text', () => {
    const issues = chunkIssues({
      chunk: { contentSize: 0, rawSize: 7 },
      quality: { ...clean, contentChars: 0 },
      settings: { chunkSize: 500, maxOverflowRatio: 1 },
    });
    expect(issues.map((issue) => issue.kind)).toEqual(['markup-only']);
  });
});

describe('describeIssue and plural', () => {
  it('say one and many right', () => {
    expect(describeIssue('orphan-row', 1)).toBe('1 table row without its header');
    expect(describeIssue('orphan-row', 1200)).toBe('1,200 table rows without their header');
    expect(plural(1, 'issue')).toBe('1 issue');
    expect(plural(0, 'issue')).toBe('0 issues');
    expect(plural(2, 'match', 'matches')).toBe('2 matches');
  });
});
