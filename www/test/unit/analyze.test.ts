import { countTokens } from 'gpt-tokenizer/encoding/cl100k_base';
import { describe, expect, it } from 'vitest';
import { EXAMPLES, exampleText } from '../../src/examples.ts';
import { analyze, type SplitterReport } from '../../src/lib/analyze.ts';
import { DEFAULT_RULE, DEFAULT_SETTINGS, type Settings, withRule } from '../../src/lib/settings.ts';

const characters = (text: string) => text.length;
const settings = (changes: Partial<Settings> = {}): Settings => ({
  ...DEFAULT_SETTINGS,
  rules: {},
  ...changes,
});

function expectConsistent(report: SplitterReport, source: string): void {
  const { texts, ranges, checks, totals } = report;
  expect(ranges).toHaveLength(texts.length);
  expect(checks).toHaveLength(texts.length);
  expect(totals.chunks).toBe(texts.length);
  expect(totals.orphanRows).toBe(checks.reduce((sum, check) => sum + check.orphanRows, 0));
  expect(totals.tiny).toBe(checks.filter((check) => check.tiny).length);
  expect(report.histogram.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(texts.length);
  for (const range of ranges) {
    if (!range) continue;
    expect(range.start).toBeGreaterThanOrEqual(0);
    expect(range.end).toBeLessThanOrEqual(source.length);
    expect(range.end).toBeGreaterThanOrEqual(range.start);
  }
}

describe('analyze', () => {
  it("passes on the library's kind of document", async () => {
    const releases = Array.from(
      { length: 5 },
      (_, index) => `## 1.${5 - index}.0\n\n* A change in release 1.${5 - index}.0.`,
    ).join('\n\n');
    const changelog = await analyze(`# Changelog\n\n${releases}`, settings(), characters);
    const guide = await analyze('# Guide\n\nSome prose here.', settings(), characters);
    expect(changelog.chunkdown.ok && changelog.chunkdown.kind).toBe('record-list');
    expect(guide.chunkdown.ok && guide.chunkdown.kind).toBe('prose');
  });

  it.each(EXAMPLES.map((example) => [example.id, example.text]))(
    'reports both splitters on the %s example',
    async (_id, text) => {
      const analysis = await analyze(text, settings(), characters);
      if (!analysis.chunkdown.ok) throw new Error(analysis.chunkdown.error);
      if (!analysis.langchain.ok) throw new Error(analysis.langchain.error);
      expectConsistent(analysis.chunkdown.report, text);
      expectConsistent(analysis.langchain.report, text);
      expect(analysis.chunkdown.report.texts).toEqual(
        analysis.chunkdown.chunks.map((chunk) => chunk.text),
      );
      // chunkdown's histogram and statistics are those of its quality report (`--report`).
      expect(analysis.chunkdown.report.histogram).toEqual(analysis.chunkdown.quality.histogram);
      expect(analysis.chunkdown.report.measuredSummary).toEqual(analysis.chunkdown.quality.sizes);
      expect(analysis.sections.length).toBeGreaterThan(0);
    },
  );

  it('keeps a large HTML block whole with the html rule set to never-split', async () => {
    const paragraphs = Array.from(
      { length: 5 },
      (_, index) => `<p>Paragraph ${index + 1} of the block, long enough to need a chunk.</p>`,
    );
    const text = `# Page\n\n<div class="notes">\n${paragraphs.join('\n')}\n</div>\n\nThe end.`;
    const split = await analyze(text, settings({ chunkSize: 120 }), characters);
    const rules = withRule(settings({ chunkSize: 120 }), 'html', {
      ...DEFAULT_RULE,
      split: 'never-split',
    });
    const whole = await analyze(text, rules, characters);
    if (!split.chunkdown.ok || !whole.chunkdown.ok) throw new Error('split failed');
    expect(whole.chunkdown.chunks.length).toBeLessThan(split.chunkdown.chunks.length);
    expect(whole.chunkdown.chunks.map((chunk) => chunk.overflow?.nodeType)).toContain('html');
  });

  it('counts orphan table rows for LangChain on the long table, and none for chunkdown', async () => {
    const text = exampleText('table') ?? '';
    const analysis = await analyze(text, settings(), characters);
    if (!analysis.chunkdown.ok || !analysis.langchain.ok) throw new Error('split failed');
    expect(analysis.chunkdown.report.totals.orphanRows).toBe(0);
    expect(analysis.langchain.report.totals.orphanRows).toBeGreaterThan(0);
  });

  it('locates LangChain chunks in the source', async () => {
    const text = exampleText('wiki') ?? '';
    const analysis = await analyze(text, settings({ chunkSize: 300 }), characters);
    if (!analysis.langchain.ok) throw new Error(analysis.langchain.error);
    const { texts, ranges } = analysis.langchain.report;
    ranges.forEach((range, index) => {
      expect(range).not.toBeNull();
      if (range) expect(text.slice(range.start, range.end)).toBe(texts[index]);
    });
  });

  it('measures with the given size unit', async () => {
    const text = exampleText('code') ?? '';
    const tokens = (chunk: string) => countTokens(chunk);
    const analysis = await analyze(text, settings({ chunkSize: 100 }), tokens);
    if (!analysis.chunkdown.ok) throw new Error(analysis.chunkdown.error);
    for (const [index, chunk] of analysis.chunkdown.chunks.entries()) {
      expect(analysis.chunkdown.report.rawSizes[index]).toBe(chunk.rawSize);
    }
    if (!analysis.langchain.ok) throw new Error(analysis.langchain.error);
    const { texts, rawSizes } = analysis.langchain.report;
    expect(rawSizes).toEqual(texts.map(tokens));
    // Token counts are smaller than character counts for English prose and code.
    expect(analysis.langchain.report.raw?.max).toBeLessThan(400);
  });

  it('returns the library’s error for an invalid option, and still splits with LangChain', async () => {
    const analysis = await analyze(
      '# Hi\n\nText.',
      settings({ maxOverflowRatio: 0.5 }),
      characters,
    );
    expect(analysis.chunkdown.ok).toBe(false);
    if (!analysis.chunkdown.ok) {
      expect(analysis.chunkdown.error).toMatch(/^RangeError: .*maxOverflowRatio/);
    }
    expect(analysis.langchain.ok).toBe(true);
  });

  it('returns LangChain’s error when its options are invalid', async () => {
    const analysis = await analyze('text', settings({ chunkSize: 50, overlap: 80 }), characters);
    expect(analysis.langchain.ok).toBe(false);
  });

  it('gives empty reports for an empty document', async () => {
    const analysis = await analyze('', settings(), characters);
    if (!analysis.chunkdown.ok) throw new Error(analysis.chunkdown.error);
    expect(analysis.chunkdown.report.totals.chunks).toBe(0);
    expect(analysis.chunkdown.report.measuredSummary).toBeNull();
    expect(analysis.chunkdown.report.raw).toBeNull();
    expect(analysis.sections).toEqual([]);
  });
});
