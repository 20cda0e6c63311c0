import { chunkdown } from 'chunkdown';
import { describe, expect, it } from 'vitest';
import { exampleText } from '../../src/examples.ts';
import { toJson, toJsonl } from '../../src/lib/export.ts';
import { DEFAULT_SETTINGS, toChunkdownOptions } from '../../src/lib/settings.ts';

const settings = { ...DEFAULT_SETTINGS, chunkSize: 300, rules: {} };
const text = exampleText('api') ?? '';
const { chunks, frontmatter } = chunkdown(toChunkdownOptions(settings)).split(text);

describe('export', () => {
  it('writes one parseable chunk per JSONL line', () => {
    const jsonl = toJsonl(chunks);
    expect(jsonl.endsWith('\n')).toBe(true);
    const lines = jsonl.trimEnd().split('\n');
    expect(lines).toHaveLength(chunks.length);
    expect(lines.map((line) => JSON.parse(line))).toEqual(chunks);
    expect(toJsonl([])).toBe('');
  });

  it('writes the chunks with their options and front matter as JSON', () => {
    const parsed = JSON.parse(toJson(chunks, frontmatter, settings));
    expect(parsed.options).toMatchObject({ chunkSize: 300, sizeUnit: 'characters' });
    expect(parsed.frontmatter).toMatchObject({
      format: 'yaml',
      data: { title: 'Larkspur Notes API' },
    });
    expect(parsed.chunks).toEqual(chunks);
    expect(JSON.parse(toJson([], undefined, settings)).frontmatter).toBeNull();
  });
});
