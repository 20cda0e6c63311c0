import { describe, expect, test } from 'vitest';
import { segmentOffsets } from '../../src/util/segmenter.js';

/** Offsets from one pass of Intl.Segmenter over the whole text (quadratic on long text in V8). */
function direct(text: string, granularity: 'word' | 'grapheme'): number[] {
  const segmenter = new Intl.Segmenter(undefined, { granularity });
  return [...segmenter.segment(text)].map((segment) => segment.index).filter((index) => index > 0);
}

describe('segmentOffsets', () => {
  const samples = [
    '👨‍👩‍👧🇫🇷e\u0301'.repeat(700),
    'x'.repeat(5000),
    '今日は晴れていて、山の上から海がよく見えました。'.repeat(200),
    'ภาษาไทยเป็นภาษาที่ไม่มีการเว้นวรรคระหว่างคำ'.repeat(100),
  ];
  for (const text of samples) {
    test(`gives the same boundaries as one pass (${text.slice(0, 8)}…)`, () => {
      expect(segmentOffsets(text, 'grapheme')).toEqual(direct(text, 'grapheme'));
    });
  }

  test('word boundaries match one pass away from window edges', () => {
    const text = samples[2] as string;
    const windowed = new Set(segmentOffsets(text, 'word'));
    const whole = direct(text, 'word');
    const agree = whole.filter((offset) => windowed.has(offset)).length;
    expect(agree / whole.length).toBeGreaterThan(0.98);
  });
});
