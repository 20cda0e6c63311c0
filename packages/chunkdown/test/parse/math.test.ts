import { describe, expect, test } from 'vitest';
import { mathParser, pairedDollarLines } from '../../src/parse/math.js';

describe('pairedDollarLines', () => {
  test('display math: two $$ lines, or $$ … $$ on one line', () => {
    expect(pairedDollarLines('$$\nx^2\n$$')).toBe(true);
    expect(pairedDollarLines('$$ E = mc^2 $$')).toBe(true);
  });

  test('prices and one $$ line are not math, nor $$ inside fenced code', () => {
    expect(pairedDollarLines('It costs $5 or $$10.')).toBe(false);
    expect(pairedDollarLines('$$\nnever closed')).toBe(false);
    expect(pairedDollarLines('```\n$$\nx\n$$\n```')).toBe(false);
  });
});

describe('mathParser', () => {
  test('single-dollar math is off unless asked for', () => {
    expect(mathParser().detect('$$\nx\n$$')).toBe(true);
    expect(mathParser().micromark).toHaveLength(1);
    expect(mathParser({ inline: true }).micromark).toHaveLength(1);
  });
});
