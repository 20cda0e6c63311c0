import { describe, expect, test } from 'vitest';
import { type ChunkdownOptions, chunkdown } from '../src/index.js';
import { checkInvariants } from './helpers/invariants.js';

/**
 * Minimized cases of markup found in real documentation sites (MDX and Astro/Starlight docs,
 * Hugo and Jekyll sites, …): each chunk must stay true on its own (SPEC §4, §6 invariant 7), at
 * sizes where the construct has to be split.
 */
const sizes: ChunkdownOptions[] = [
  { chunkSize: 20 },
  { chunkSize: 60, maxOverflowRatio: 1.5 },
  { chunkSize: 100, maxOverflowRatio: 1.5, maxRawSize: 300 },
  { chunkSize: 500, maxOverflowRatio: 1.5 },
];

function holds(markdown: string): void {
  for (const options of sizes) checkInvariants(markdown, options);
}

describe('text that the source kept plain by its indentation', () => {
  test('an indented `---` under a paragraph line stays text, not a heading underline', () => {
    holds(
      'Add a file with the following content, then build the site again:\n\n{% raw %}\n    ---\n    ---\n    {% include css/theme.scss.liquid color_scheme="foo" %}\n{% endraw %}\n\nThen switch the scheme in the settings.',
    );
  });

  test('an indented `1.` in a list item paragraph stays text, not a nested list', () => {
    holds(
      '  1. **Global**, for the whole project:\n    1. (for designers): in the configuration file,\n       under the extra heading\n    2. (for contributors): in external files\n  2. **Local**, in each page.',
    );
  });

  test('the serializer keeps no escape that the source did not need', () => {
    const [chunk] = chunkdown({ chunkSize: 500 }).splitText(
      'Use 2. as a number, and # as a sign.\nA second line - with a dash.',
    );
    expect(chunk).toBe('Use 2. as a number, and # as a sign.\nA second line - with a dash.');
  });
});
