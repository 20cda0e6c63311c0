import { describe, expect, test, vi } from 'vitest';
import { chunkdown } from '../../src/index.js';
import * as lines from '../../src/parse/source-lines.js';
import { sourceText } from '../../src/parse/source-text.js';
import * as tags from '../../src/parse/tag-lines.js';
import { auto } from '../../src/syntax.js';
import { docsPage } from '../helpers/dialect-pages.js';

// The line scanners are watched: how often each text is split into lines, and how often the tag
// lines of a text are paired with each dialect's rules.
vi.mock('../../src/parse/source-lines.js', async (original) => {
  const actual = await original<typeof import('../../src/parse/source-lines.js')>();
  return { ...actual, sourceLines: vi.fn(actual.sourceLines) };
});
vi.mock('../../src/parse/tag-lines.js', async (original) => {
  const actual = await original<typeof import('../../src/parse/tag-lines.js')>();
  return { ...actual, pairTagLines: vi.fn(actual.pairTagLines) };
});

/** A page with every dialect's line forms: templates, MyST, DocFX and MDC besides the docs page's. */
const page = (n: number) => `${docsPage(n)}
{% hint style="info" %}
A hint ${n}.
{% endhint %}

:::{note}
A MyST note ${n}.
:::

::: zone pivot="os-${n}"
A zone ${n}.
::: zone-end

::note
An MDC note ${n}.
::
`;

/** How often the text was split into lines, and paired with each rules (by their first characters). */
function work(text: string) {
  const textOf = (value: unknown) =>
    typeof value === 'string' ? value : (value as { text: string }).text;
  const split = vi
    .mocked(lines.sourceLines)
    .mock.calls.filter(([markdown]) => markdown === text).length;
  const paired = new Map<string, number>();
  for (const [source, rules] of vi.mocked(tags.pairTagLines).mock.calls) {
    if (textOf(source) !== text) continue;
    const key = rules.firstChars.join();
    paired.set(key, (paired.get(key) ?? 0) + 1);
  }
  return { split, paired: [...paired.values()] };
}

describe('a split reads the lines of the document once for every dialect', () => {
  test('detection and the cuts of a large document share its lines and tag-line pairs', () => {
    let document = '';
    for (let n = 0; document.length < 100_000; n++) document += page(n);
    const splitter = chunkdown({ chunkSize: 500, syntax: auto() });
    vi.clearAllMocks();
    const first = splitter.split(document);
    expect(first.syntax).toEqual(
      expect.arrayContaining(['directive', 'math', 'mkdocs', 'template', 'myst', 'docfx', 'mdc']),
    );
    const split = work(document);
    expect(split.split).toBe(1);
    expect(split.paired).toEqual([1, 1, 1, 1]);

    const at = document.indexOf('A hint 7.');
    const edited = `${document.slice(0, at)}One more sentence. ${document.slice(at)}`;
    vi.clearAllMocks();
    splitter.update(first, edited);
    const update = work(edited);
    expect(update.split).toBe(1);
    expect(update.paired).toEqual([1, 1, 1, 1]);
  });

  test('a small document, read whole, scans its text once', () => {
    const document = page(1);
    vi.clearAllMocks();
    chunkdown({ chunkSize: 500, syntax: auto() }).split(document);
    expect(work(document)).toEqual({ split: 1, paired: [1, 1, 1, 1] });
  });
});

describe('sourceText', () => {
  test('splits the lines on the first question, once', () => {
    vi.clearAllMocks();
    const source = sourceText('a\nb');
    expect(lines.sourceLines).not.toHaveBeenCalled();
    expect(source.lines().map((line) => line.text)).toEqual(['a', 'b']);
    expect(source.lines()).toBe(source.lines());
    expect(lines.sourceLines).toHaveBeenCalledTimes(1);
  });

  test('finds what a scanner finds once per scanner', () => {
    const source = sourceText('a\nb');
    const count = vi.fn((given: typeof source) => given.lines().length);
    const other = vi.fn(() => 'other');
    expect(source.once(count)).toBe(2);
    expect(source.once(count)).toBe(2);
    expect(source.once(other)).toBe('other');
    expect(count).toHaveBeenCalledTimes(1);
    expect(other).toHaveBeenCalledTimes(1);
  });
});
