/**
 * Hostile inputs, each a generator of its size: the unit tests run them small (and compare the
 * work at n and 2n), `FULL=1` runs them at full size, and `pnpm bench` times them.
 */
export interface AdversarialCase {
  name: string;
  make(n: number): string;
  /** Size for the default unit run. */
  small: number;
  /** Size of the hostile input (run with `FULL=1`). */
  full: number;
  /** Whether the work is known to grow faster than linearly (a tracked bug, see the issue). */
  superlinear?: string;
  /**
   * Why the parser's own work grows faster than linearly on this input (a limit of micromark, not
   * of chunkdown): the growth test then counts chunkdown's own work only.
   */
  parserSuperlinear?: string;
}

export const adversarialCases: AdversarialCase[] = [
  { name: 'unmatched (', make: (n) => '('.repeat(n), small: 2_000, full: 100_000 },
  { name: 'unmatched [', make: (n) => '['.repeat(n), small: 1_000, full: 100_000 },
  {
    name: 'one long paragraph',
    make: (n) => 'Word number one. '.repeat(n),
    small: 1_000,
    full: 120_000,
  },
  { name: 'a word without spaces', make: (n) => 'x'.repeat(n), small: 5_000, full: 300_000 },
  {
    name: 'a line of dashes and pipes that is no table',
    make: (n) => `${'-| '.repeat(n)}x`,
    small: 2_000,
    full: 340_000,
  },
  { name: 'emoji', make: (n) => '😀'.repeat(n), small: 2_000, full: 50_000 },
  {
    name: 'table rows',
    make: (n) => `| a | b |\n| - | - |\n${'| x | y |\n'.repeat(n)}`,
    small: 400,
    full: 20_000,
  },
  { name: 'list items', make: (n) => '- item text\n'.repeat(n), small: 400, full: 10_000 },
  { name: 'nested block quotes', make: (n) => `${'>'.repeat(n)} deep`, small: 50, full: 200 },
  {
    name: 'nested lists',
    make: (n) =>
      Array.from({ length: n }, (_, index) => `${'  '.repeat(index)}- item ${index}`).join('\n'),
    small: 40,
    full: 1_000,
  },
  {
    name: 'an unclosed code fence',
    make: (n) => `\`\`\`\n${'line\n'.repeat(n)}`,
    small: 1_000,
    full: 20_000,
  },
  {
    name: 'link definitions',
    make: (n) =>
      `${Array.from({ length: n }, (_, index) => `[d${index}] `).join('')}\n\n${Array.from({ length: n }, (_, index) => `[d${index}]: https://example.com/${index}`).join('\n')}`,
    small: 200,
    full: 5_000,
  },
  {
    name: 'nested images',
    make: (n) => `${'!['.repeat(n)}a${'](u)'.repeat(n)}`,
    small: 200,
    full: 4_000,
  },
  {
    name: 'nested emphasis',
    make: (n) => `${'*'.repeat(n)}x${'*'.repeat(n)}`,
    // Over the raw cap of the growth test's second option set at n and 2n alike.
    small: 200,
    full: 4_000,
    parserSuperlinear:
      "micromark's attention resolution walks back over every open run of `*` (quadratic)",
  },
];
