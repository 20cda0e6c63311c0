import { describe, expect, it } from 'vitest';
import { inspectChunk } from '../../src/quality/inspect.js';

describe('inspectChunk', () => {
  it('finds nothing wrong in a well-formed chunk', () => {
    const text = [
      '## Options',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '> ~~~',
      '> quoted code',
      '> ~~~',
      '',
      '* item',
      '',
      '  ````md',
      '  ```',
      '  nested fence text',
      '  ````',
      '',
      '    indented code',
    ].join('\n');
    expect(inspectChunk(text)).toEqual({
      orphanRows: 0,
      unbalancedFences: 0,
      contentChars: expect.any(Number),
    });
  });

  it('counts table rows that lost their header', () => {
    expect(inspectChunk('| 3 | 4 |\n| 5 | 6 |').orphanRows).toBe(2);
    expect(inspectChunk('Intro\n\n> | 3 | 4 |').orphanRows).toBe(1);
    expect(inspectChunk('* | 3 | 4 |').orphanRows).toBe(1);
    // Pipes inside code are code, not rows.
    expect(inspectChunk('```\n| 3 | 4 |\n```').orphanRows).toBe(0);
    expect(inspectChunk('a | b, not a row').orphanRows).toBe(0);
  });

  it('counts fences that are never closed', () => {
    expect(inspectChunk('```ts\nconst a = 1;').unbalancedFences).toBe(1);
    expect(inspectChunk('Text\n\n~~~\ncode').unbalancedFences).toBe(1);
    expect(inspectChunk('````\ncode\n```').unbalancedFences).toBe(1);
    expect(inspectChunk('```\ncode\n~~~').unbalancedFences).toBe(1);
    expect(inspectChunk('> ```\n> code').unbalancedFences).toBe(1);
    expect(inspectChunk('```').unbalancedFences).toBe(1);
    expect(inspectChunk('```\n```\n\n```\nopen').unbalancedFences).toBe(1);
  });

  it('measures the rendered text', () => {
    expect(inspectChunk('**Bold** [link](https://example.com/long/url)').contentChars).toBe(9);
  });

  it('skips parsing when the length is known and nothing looks like a row or a fence', () => {
    expect(inspectChunk('Plain **text** only.', 16)).toEqual({
      orphanRows: 0,
      unbalancedFences: 0,
      contentChars: 16,
    });
    expect(inspectChunk('| 3 | 4 |', 5)).toEqual({
      orphanRows: 1,
      unbalancedFences: 0,
      contentChars: 5,
    });
    expect(inspectChunk('~~~\ncode', 4).unbalancedFences).toBe(1);
  });
});
