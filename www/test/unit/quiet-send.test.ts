import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { quietSender } from '../../src/lib/quiet-send.ts';

describe('quietSender', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  test('sends a small job at once', () => {
    const sent: number[] = [];
    const sender = quietSender<number>((job) => sent.push(job), { from: 100, delay: 700 });
    expect(sender.push(1, 99)).toBe(true);
    expect(sent).toEqual([1]);
    expect(sender.waiting).toBe(false);
  });

  test('sends only the newest large job, once no new one came for the delay', () => {
    const sent: number[] = [];
    const sender = quietSender<number>((job) => sent.push(job), { from: 100, delay: 700 });
    for (let job = 1; job <= 5; job++) {
      expect(sender.push(job, 1_000_000)).toBe(false);
      vi.advanceTimersByTime(300);
    }
    expect(sent).toEqual([]);
    expect(sender.waiting).toBe(true);
    vi.advanceTimersByTime(400);
    expect(sent).toEqual([5]);
    expect(sender.waiting).toBe(false);
    vi.advanceTimersByTime(5_000);
    expect(sent).toEqual([5]);
  });

  test('flush sends the waiting job now, and only once', () => {
    const sent: number[] = [];
    const sender = quietSender<number>((job) => sent.push(job), { from: 100, delay: 700 });
    sender.push(1, 500);
    sender.flush();
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(1_000);
    sender.flush();
    expect(sent).toEqual([1]);
  });

  test('waits while something is busy, then sends', () => {
    const sent: number[] = [];
    let busy = true;
    const sender = quietSender<number>((job) => sent.push(job), {
      from: 100,
      delay: 700,
      busy: () => busy,
    });
    sender.push(1, 500);
    vi.advanceTimersByTime(3_000);
    expect(sent).toEqual([]);
    busy = false;
    vi.advanceTimersByTime(700);
    expect(sent).toEqual([1]);
  });

  test('a small job replaces a large one waiting', () => {
    const sent: number[] = [];
    const sender = quietSender<number>((job) => sent.push(job), { from: 100, delay: 700 });
    sender.push(1, 500);
    sender.push(2, 50);
    vi.advanceTimersByTime(1_000);
    expect(sent).toEqual([2]);
  });
});
