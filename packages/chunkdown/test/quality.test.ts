import { describe, expect, it } from 'vitest';
import * as quality from '../src/quality.js';
import { median, summarize } from '../src/quality.js';

describe('chunkdown/quality', () => {
  it('exports the checks, the report and the outline', () => {
    expect(Object.keys(quality).sort()).toEqual([
      'ReportBuilder',
      'chunkIssues',
      'cutsWord',
      'describeIssue',
      'histogram',
      'inspectChunk',
      'isWordBoundary',
      'median',
      'outline',
      'plural',
      'summarize',
      'tinyChunkChars',
      'unbalancedContainers',
      'unindentBodies',
    ]);
  });
});

describe('median', () => {
  it('is the middle size of an odd count', () => {
    expect(median([7])).toBe(7);
    expect(median([5, 1, 3])).toBe(3);
  });

  it('is the mean of the two middle sizes of an even count', () => {
    expect(median([4, 1, 3, 10])).toBe(3.5);
    expect(median([2, 1])).toBe(1.5);
    expect(median([6, 6, 1, 9])).toBe(6);
  });

  it('is null for no sizes, and leaves its input in order', () => {
    expect(median([])).toBeNull();
    const sizes = [3, 1, 2];
    median(sizes);
    expect(sizes).toEqual([3, 1, 2]);
  });

  it('is the median of summarize', () => {
    const sizes = [120, 95, 10, 180, 160, 33];
    expect(summarize(sizes)?.median).toBe(median(sizes));
  });
});
