import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/cli/report-text.js';
import { ReportBuilder } from '../../src/quality/report.js';
import { sampleReport, summary } from '../helpers/report.js';

describe('formatReport', () => {
  it('renders every section', () => {
    const text = formatReport(sampleReport());
    expect(text).toContain('chunkdown report: 2 files (1 failed, 1 without chunks), 5 chunks');
    expect(text).toContain(
      'sizes in characters: chunk size 100, limit 150 (ratio 1.5), raw cap 200',
    );
    expect(text).toContain('Content size: min 10 · median 120 · p90 180 · max 180 · mean 113');
    expect(text).toMatch(/100 – 150 +█+ +1 +20\.0% {2}over the chunk size, within the limit/);
    expect(text).toMatch(/> 150 +█+ +2 +40\.0% {2}over the limit/);
    expect(text).toMatch(/✗ orphan table rows +2 {3}e\.g\. a\.md chunk 1/);
    expect(text).toMatch(/✗ unbalanced code fences +1 {3}e\.g\. a\.md chunk 4/);
    // Tiny chunks are information (·), not an issue.
    expect(text).toMatch(/· tiny chunks \(< 50 chars\) +1 \(20\.0%\)/);
    expect(text).toMatch(/✗ over the raw cap +1/);
    // Only what breaks a chunk is an issue: 120 chars is over the chunk size, within the limit.
    expect(text).toMatch(
      /Checks: 3 chunks with an issue .* e\.g\. a\.md chunk 1, a\.md chunk 3, a\.md chunk 4/,
    );
    expect(text).toMatch(/✗ over the limit \(150 chars\) +2/);
    expect(text).toMatch(/✓ unbalanced containers +0/);
    expect(text).toMatch(/✓ chunks of markup only +0/);
    expect(text).toMatch(/never-split code +1 {3}e\.g\. a\.md chunk 3/);
    expect(text).toMatch(/95 chars \(raw 105\) {2}a\.md chunk 0 {2}in Guide/);
    expect(text.endsWith('\n')).toBe(true);
  });

  it('checks cut words: an issue, with its examples', () => {
    const builder = new ReportBuilder({
      chunkSize: 100,
      maxOverflowRatio: 1,
      maxRawSize: undefined,
      unit: 'characters',
    });
    builder.addChunk({ ...summary('c.md', 0, 80, { contentChars: 80 }), cutsWord: false });
    builder.addChunk({ ...summary('c.md', 1, 80, { contentChars: 80 }), cutsWord: true });
    const report = builder.build();
    expect(report.cutWords).toEqual({ count: 1, examples: [{ file: 'c.md', index: 1 }] });
    const text = formatReport(report);
    expect(text).toMatch(/✗ words cut in two +1 {3}e\.g\. c\.md chunk 1\n/);
    expect(text).toMatch(/^Checks: 1 chunk with an issue /m);
  });

  it('lists three examples per line (the JSON report keeps five)', () => {
    const builder = new ReportBuilder({
      chunkSize: 100,
      maxOverflowRatio: 1,
      maxRawSize: undefined,
      unit: 'cl100k_base',
    });
    for (let index = 0; index < 50; index++) {
      builder.addChunk(summary('b.md', index, index, { contentChars: 10 }));
    }
    const text = formatReport(builder.build());
    expect(text).toMatch(
      /tiny chunks \(< 50 chars\) +50 \(100%\) {3}e\.g\. b\.md chunk 0, b\.md chunk 1, b\.md chunk 2\n/,
    );
    expect(text).toContain('sizes in cl100k_base tokens');
    // Without a raw cap, the report says so and has no checks of it.
    expect(text).toContain('raw cap none');
    expect(text).not.toContain('over the raw cap');
  });

  it('says so for no files and no chunks', () => {
    const report = new ReportBuilder({
      chunkSize: 10,
      maxOverflowRatio: 1,
      maxRawSize: undefined,
      unit: 'characters',
    }).build();
    const text = formatReport(report);
    expect(text).toContain('0 files, 0 chunks');
    expect(text).not.toContain('Content size');
  });
});
