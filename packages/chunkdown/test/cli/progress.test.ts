import { describe, expect, it } from 'vitest';
import { Progress, renderProgress } from '../../src/cli/progress.js';

describe('renderProgress', () => {
  it('draws a bar with counts', () => {
    expect(renderProgress({ done: 5, total: 10, chunks: 1234 }, 80)).toBe(
      `[${'█'.repeat(20)}${'░'.repeat(20)}] 5/10 files · 1,234 chunks · 50%`,
    );
  });

  it('fits narrow terminals', () => {
    const line = renderProgress({ done: 1, total: 3, chunks: 7 }, 30);
    expect(line.length).toBeLessThan(30);
    expect(line).toContain('1/3 files');
    expect(renderProgress({ done: 0, total: 0, chunks: 0 }, 80)).toContain('100%');
  });
});

describe('renderProgress for a large file', () => {
  const file = { name: 'big.md', stage: 'parsing' as const, done: 4_000_000, total: 16_000_000 };

  it('shows the characters parsed of the only file, on a bar of its own', () => {
    const line = renderProgress({ done: 0, total: 1, chunks: 0, file }, 100);
    expect(line).toMatch(/^\[█+░+\] big\.md 4\.0\/16\.0M characters parsed · 17%$/);
    const splitting = renderProgress(
      { done: 0, total: 1, chunks: 0, file: { ...file, stage: 'splitting' } },
      100,
    );
    expect(splitting.endsWith('] big.md splitting · 70%')).toBe(true);
  });

  it('adds the file to the counts of several files', () => {
    const line = renderProgress({ done: 1, total: 2, chunks: 9, file }, 120);
    expect(line).toContain('1/2 files · 9 chunks · big.md 4.0/16.0M characters parsed · 58%');
  });
});

describe('Progress', () => {
  function setup() {
    let time = 0;
    const written: string[] = [];
    const stream = { write: (text: string) => written.push(text), isTTY: true, columns: 60 };
    const progress = new Progress(stream, { now: () => time, delay: 500, interval: 100 });
    return {
      progress,
      written,
      advance: (ms: number) => {
        time += ms;
      },
    };
  }

  it('draws nothing during a short run', () => {
    const { progress, written, advance } = setup();
    progress.update({ done: 1, total: 2, chunks: 3 });
    advance(499);
    progress.update({ done: 2, total: 2, chunks: 6 });
    progress.clear();
    expect(written).toEqual([]);
  });

  it('draws after the delay, at most once per interval, and clears', () => {
    const { progress, written, advance } = setup();
    advance(600);
    progress.update({ done: 1, total: 4, chunks: 10 });
    advance(50);
    progress.update({ done: 2, total: 4, chunks: 20 });
    advance(60);
    progress.update({ done: 3, total: 4, chunks: 30 });
    expect(written).toHaveLength(2);
    expect(written[0]?.startsWith('\r\x1b[K[')).toBe(true);
    expect(written[0]?.endsWith('] 1/4 files · 10 chunks · 25%')).toBe(true);
    expect(written[1]).toContain('3/4 files');
    progress.clear();
    expect(written[2]).toBe('\r\x1b[K');
    progress.clear();
    expect(written).toHaveLength(3);
    // After a clear (for a message), the next update redraws at once.
    progress.update({ done: 4, total: 4, chunks: 40 });
    expect(written[3]).toContain('4/4 files');
  });

  it('assumes 80 columns when the terminal reports none', () => {
    const written: string[] = [];
    const stream = { write: (text: string) => written.push(text), isTTY: true, columns: 0 };
    const progress = new Progress(stream, { now: () => 0, delay: 0 });
    progress.update({ done: 1, total: 2, chunks: 5 });
    expect(written[0]).toContain('] 1/2 files · 5 chunks · 50%');
  });
});
