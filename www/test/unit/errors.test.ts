import { chunkdown } from 'chunkdown';
import { describe, expect, it } from 'vitest';
import { humanError } from '../../src/lib/errors.ts';
import { describe as describeError } from '../../src/lib/live-split.ts';

/** The library's own message for these options, as the worker reports it. */
const messageFor = (options: Record<string, unknown>) => {
  try {
    chunkdown(options as never);
  } catch (error) {
    return describeError(error);
  }
  throw new Error('no error');
};

describe('humanError', () => {
  it('names the field and what it accepts, for the library’s own messages', () => {
    expect(humanError(messageFor({ chunkSize: -3 }))).toBe(
      'Chunk size must be a number above 0, not -3',
    );
    expect(humanError(messageFor({ chunkSize: 500, maxOverflowRatio: 0.5 }))).toBe(
      'Overflow ratio must be a number of at least 1, not 0.5',
    );
    expect(humanError(messageFor({ chunkSize: 500, maxRawSize: 0 }))).toBe(
      'Raw size cap must be a whole number above 0, not 0',
    );
    expect(humanError(messageFor({ chunkSize: 500, overlap: 600 }))).toBe(
      'Overlap must be smaller than the chunk size (500), not 600',
    );
  });

  it('keeps another message, without the error class', () => {
    expect(humanError('Error: something else about `options.prefix`')).toBe(
      'something else about Prefix',
    );
  });
});
