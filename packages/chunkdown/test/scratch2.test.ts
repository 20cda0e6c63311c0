import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { test } from 'vitest';
import { chunkdown } from '../src/index.js';

test('scratch', () => {
  const p = unified().use(remarkStringify);
  console.log(
    JSON.stringify(
      p.stringify({
        type: 'root',
        children: [{ type: 'paragraph', children: [{ type: 'text', value: '1. Then a' }] }],
      } as never),
    ),
  );
  const quote = `> [!WARNING]\n> ${'Be careful with this setting. '.repeat(3).trim()}\n>\n> ${'It can delete your data. '.repeat(3).trim()}`;
  console.log(
    chunkdown({ chunkSize: 80 })
      .split(quote)
      .chunks.map((c) => [c.text, c.contentSize]),
  );
});
