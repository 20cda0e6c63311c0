import { describe, expect, it } from 'vitest';
import {
  type ChunkedFile,
  createFormatter,
  describeDiagnostics,
  formatText,
  toRecords,
} from '../../src/cli/format.js';
import type { Chunk } from '../../src/types.js';

function chunk(text: string, extra: Partial<Chunk> = {}): Chunk {
  return {
    id: '0123456789abcdef',
    text,
    breadcrumbs: [],
    start: 0,
    end: text.length,
    contentSize: text.length,
    rawSize: text.length,
    tableHeaders: [],
    containers: [],
    overflow: null,
    cut: false,
    fallback: null,
    ...extra,
  };
}

const guide: ChunkedFile = {
  file: 'docs/guide.md',
  chunks: [
    chunk('# Guide\n\nIntro.'),
    chunk('More text.', {
      breadcrumbs: [{ text: 'Guide', depth: 1 }],
      start: 17,
      end: 27,
      overflow: { reason: 'never-split', nodeType: 'table', size: 1234 },
      cut: true,
    }),
  ],
  frontmatter: { format: 'yaml', raw: 'title: Guide', data: { title: 'Guide' } },
  kind: 'prose',
};

const empty: ChunkedFile = { file: 'empty.md', chunks: [], frontmatter: undefined, kind: 'prose' };

describe('toRecords', () => {
  it('adds the file and index, and the front matter on the first chunk only', () => {
    const records = toRecords(guide);
    expect(records).toHaveLength(2);
    expect(records[0]).toEqual({
      file: 'docs/guide.md',
      index: 0,
      kind: 'prose',
      ...guide.chunks[0],
      frontmatter: guide.frontmatter,
    });
    expect(records[1]).toMatchObject({ file: 'docs/guide.md', index: 1, start: 17, end: 27 });
    expect(records[1]).not.toHaveProperty('frontmatter');
  });
});

describe('formatters', () => {
  const write = (format: 'jsonl' | 'json' | 'text', files: ChunkedFile[]) => {
    const formatter = createFormatter(format);
    return formatter.start() + files.map((file) => formatter.file(file)).join('') + formatter.end();
  };

  it('writes one JSON object per line for jsonl', () => {
    const lines = write('jsonl', [guide, empty, guide]).trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.map((line) => JSON.parse(line).index)).toEqual([0, 1, 0, 1]);
    expect(JSON.parse(lines[0] ?? '').frontmatter.data).toEqual({ title: 'Guide' });
  });

  it('writes one valid JSON array for json, also when empty', () => {
    const parsed = JSON.parse(write('json', [guide, empty, guide]));
    expect(parsed).toHaveLength(4);
    expect(parsed[3]).toMatchObject({ file: 'docs/guide.md', index: 1, text: 'More text.' });
    expect(JSON.parse(write('json', []))).toEqual([]);
    expect(JSON.parse(write('json', [empty]))).toEqual([]);
  });

  it('writes text with a separator line per chunk', () => {
    const text = formatText(guide, 'tokens');
    expect(text).toBe(
      [
        `── docs/guide.md · chunk 0 of 2 · 15 tokens · raw 15 · id 0123456789abcdef ──`,
        'front matter (yaml): {"title":"Guide"}',
        '',
        '# Guide\n\nIntro.',
        '',
        `── docs/guide.md · chunk 1 of 2 · 10 tokens · raw 10 · id 0123456789abcdef ──`,
        'in: Guide',
        'note: over the limit: never-split table (1,234); cut by the raw size cap',
        '',
        'More text.',
        '',
        '',
      ].join('\n'),
    );
    expect(write('text', [empty])).toBe('');
  });

  it('gives every record the kind of its file, and says so above a record list in text', () => {
    const changelog: ChunkedFile = { ...guide, file: 'CHANGELOG.md', kind: 'record-list' };
    const lines = write('jsonl', [changelog]).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).kind)).toEqual(['record-list', 'record-list']);
    const text = write('text', [changelog]);
    expect(text.match(/^kind: record-list/gm)).toHaveLength(1);
    expect(write('text', [guide])).not.toContain('kind:');
  });

  it('shows the context header of embedText on its own line in text, and embedText in JSON', () => {
    const withContext: ChunkedFile = {
      file: 'guide.md',
      kind: 'prose',
      chunks: [
        chunk('Intro.', { embedText: 'Intro.' }),
        chunk('More text.', {
          breadcrumbs: [{ text: 'Setup', depth: 2 }],
          embedText: 'Guide › Setup\n\nMore text.',
        }),
      ],
      frontmatter: undefined,
    };
    const text = formatText(withContext, 'chars');
    expect(text.match(/^context: .*$/gm)).toEqual(['context: Guide › Setup']);
    expect(text).toContain('in: Setup\ncontext: Guide › Setup\n\nMore text.\n');
    const [first, second] = write('jsonl', [withContext])
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(first).toMatchObject({ id: '0123456789abcdef', embedText: 'Intro.' });
    expect(second.embedText).toBe('Guide › Setup\n\nMore text.');
  });
});

describe('describeDiagnostics', () => {
  it('describes each diagnostic', () => {
    expect(describeDiagnostics(chunk(''))).toBe('');
    expect(
      describeDiagnostics(
        chunk('', {
          overflow: { reason: 'word', nodeType: 'text', size: 70 },
          fallback: 'plain-text',
        }),
      ),
    ).toBe('note: over the limit: word (70); split as plain text');
  });
});
