import { describe, expect, test } from 'vitest';
// @ts-expect-error: the benchmark's plain JavaScript has no types
import { breakage } from '../bench/quality.mjs';
import { unbalancedContainers } from './helpers/containers.js';
import { hasOpenFence } from './helpers/invariants.js';

/**
 * The line-based checks of the invariant oracle and the benchmark. The open-fence checks: the benchmark's (`pnpm bench` reports it for every splitter)
 * and the invariant checks' (`hasOpenFence`). Both must see fences in list items and block
 * quotes, and neither may read a code line as a fence.
 */
const checks: [string, (chunk: string) => boolean][] = [
  ['bench', (chunk) => (breakage([chunk], chunk).openFences as number) > 0],
  ['invariants', hasOpenFence],
];

describe.each(checks)('open fences (%s)', (_, isOpen) => {
  test('a fence that opens a list item is closed by the item’s fence', () => {
    expect(isOpen('* ```js\n  const a = 1;\n  ```')).toBe(false);
    expect(isOpen('1. ```sh\n   npm i\n   ```\n2) ~~~\n   x\n   ~~~')).toBe(false);
    expect(isOpen('> - ```\n>   quoted\n>   ```')).toBe(false);
  });

  test('a line of code in an item that starts like a nested item is code', () => {
    // PowerShell's docs: error output under `* \`\`\`Output`, a line `  +   ~~~~` in it.
    expect(isOpen('* ```Output\n  +  Rename-Item\n  +      ~~~~~~~~\n  ```')).toBe(false);
    expect(isOpen('* * ```js\n    a\n  * ```js\n    b\n    ```')).toBe(false);
  });

  test('a fence that opens a footnote definition is closed by its indented fence', () => {
    // Jupyter Book's docs: a piece of a footnote that holds a code block.
    expect(isOpen('[^clean-all]: ```text\n    Deleting paths:\n    ```')).toBe(false);
    expect(isOpen('[^clean-all]: ```text\n    Deleting paths:')).toBe(true);
  });

  test('fence-like lines of a doc comment inside code are code', () => {
    // synckit's README: a TypeScript block whose comments hold ` * ```js` examples.
    const code = '```ts\n/**\n * ```js\n * import a from "a"\n * ```\n */\nlet a\n```';
    expect(isOpen(code)).toBe(false);
    expect(isOpen(`Text.\n\n${code}\n\nMore.`)).toBe(false);
  });

  test('a chunk that ends inside code still counts', () => {
    expect(isOpen('* ```js\n  const a = 1;')).toBe(true);
    expect(isOpen('Text.\n\n```js\nconst a = 1;')).toBe(true);
    expect(isOpen('* ```js\n  a\n* ```js\n  b')).toBe(true);
    expect(isOpen('```ts\n/**\n * ```js\n */')).toBe(true);
  });
});

describe('unbalanced containers', () => {
  test('a directive in a nested list item opens and closes there', () => {
    // vuejs/docs: a `:::tip` in an item of an item; a piece of it starts `* * :::tip`.
    expect(unbalancedContainers('* * :::tip\n    Text.\n    :::')).toEqual([]);
    expect(unbalancedContainers('> 1. - :::note\n>      Text.\n>      :::')).toEqual([]);
  });

  test('a closer without its opener, or an opener without its closer, is reported', () => {
    expect(unbalancedContainers('* * Text.\n    :::')).toHaveLength(1);
    expect(unbalancedContainers('*emphasis* first\n\n:::')).toHaveLength(1);
  });
});
