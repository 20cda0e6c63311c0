import { describe, expect, test } from 'vitest';
// @ts-expect-error: the benchmark's plain JavaScript has no types
import { breakage } from '../bench/quality.mjs';

/** The benchmark's breakage heuristics, which `pnpm bench` reports for every splitter. */
describe('bench breakage: open fences', () => {
  const count = (chunk: string) => breakage([chunk], chunk).openFences as number;

  test('a fence that opens a list item is closed by the item’s fence', () => {
    expect(count('* ```js\n  const a = 1;\n  ```')).toBe(0);
    expect(count('1. ```sh\n   npm i\n   ```\n2) ~~~\n   x\n   ~~~')).toBe(0);
    expect(count('> - ```\n>   quoted\n>   ```')).toBe(0);
  });

  test('a chunk that ends inside code still counts', () => {
    expect(count('* ```js\n  const a = 1;')).toBe(1);
    expect(count('Text.\n\n```js\nconst a = 1;')).toBe(1);
    expect(count('  ```\n  closing a fence it never opened')).toBe(1);
  });
});
