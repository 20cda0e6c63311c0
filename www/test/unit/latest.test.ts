import { describe, expect, it } from 'vitest';
import { latestQueue } from '../../src/lib/latest.ts';

describe('latestQueue', () => {
  it('runs a job at once when idle', () => {
    const ran: number[] = [];
    const queue = latestQueue<number>((job) => ran.push(job));
    queue.push(1);
    expect(ran).toEqual([1]);
    expect(queue.busy).toBe(true);
    queue.done();
    expect(queue.busy).toBe(false);
  });

  it('keeps only the newest job while busy', () => {
    const ran: number[] = [];
    const queue = latestQueue<number>((job) => ran.push(job));
    queue.push(1);
    queue.push(2);
    queue.push(3);
    queue.push(4);
    expect(ran).toEqual([1]);
    queue.done();
    expect(ran).toEqual([1, 4]);
    expect(queue.busy).toBe(true);
    queue.done();
    expect(queue.busy).toBe(false);
    queue.push(5);
    expect(ran).toEqual([1, 4, 5]);
  });
});
