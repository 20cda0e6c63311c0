import { describe, expect, it } from 'vitest';
import * as quality from '../src/quality.js';

describe('chunkdown/quality', () => {
  it('exports the checks, the report and the outline', () => {
    expect(Object.keys(quality).sort()).toEqual([
      'ReportBuilder',
      'cutsWord',
      'histogram',
      'inspectChunk',
      'isWordBoundary',
      'outline',
      'summarize',
      'tinyChunkChars',
    ]);
  });
});
