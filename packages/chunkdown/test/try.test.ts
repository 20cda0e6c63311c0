import { test } from 'vitest';
import { chunkdown } from '../src/index.js';
import { callout } from './helpers/callout-extension.js';
test('try', () => {
  const md = '# Llamas\n\nIntro text here.\n\n%%% warning\nFirst paragraph inside the callout box.\n\nSecond paragraph inside the callout box.\n\n* a list item\n%%%\n\nAfter text.\n';
  for (const size of [30, 60, 500]) {
    const r = chunkdown({ chunkSize: size, syntax: [callout()] }).split(md);
    console.log(size, r.syntax, JSON.stringify(r.chunks.map((c) => [c.text, c.metadata?.containers ?? c.containers])));
  }
});
