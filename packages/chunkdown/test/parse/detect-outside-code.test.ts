import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { auto } from '../../src/syntax.js';
import { checkInvariants } from '../helpers/invariants.js';

/** The dialects `auto()` reads a document with. */
const detected = (markdown: string) =>
  chunkdown({ chunkSize: 200, syntax: auto() }).split(markdown).syntax;

/** A page that teaches JSX: its components wrap markdown, its code shows the HTML it replaces. */
const jsxLesson = [
  '<Intro>',
  '',
  '*JSX* is a syntax extension for JavaScript that lets you write HTML-like markup inside a file.',
  '',
  '</Intro>',
  '',
  '## Fix the markup',
  '',
  'This HTML was pasted into a component, but it is not valid JSX yet. Fix it:',
  '',
  '<Sandpack>',
  '',
  '```js',
  'export default function Bio() {',
  '  return (',
  '    <div class="intro" style={{ width: 250 }}>',
  '      <h1>Welcome to my website!</h1>',
  '    </div>',
  '  );',
  '}',
  '```',
  '',
  '```html index.html',
  '<!-- Your existing page content -->',
  '<div id="root"></div>',
  '```',
  '',
  '</Sandpack>',
  '',
  '```js [[1, 4, "pending"], [1, 5, "pending"]]',
  'const [pending, start] = useTransition();',
  '```',
  '',
].join('\n');

describe('what code blocks show does not choose a dialect', () => {
  test('components that wrap markdown are MDX though the code shows class="…" and <!-- -->', () => {
    // react.dev's pages: read as CommonMark, `<Intro>` and its text went to different chunks
    // and the chunk with the opener left it open.
    expect(detected(jsxLesson)).toEqual(['mdx']);
    const result = checkInvariants(jsxLesson, { chunkSize: 100, syntax: auto() });
    const intro = result.chunks.find((chunk) => chunk.text.includes('syntax extension'));
    expect(intro?.containers).toEqual([{ kind: 'jsx', name: 'Intro' }]);
  });

  test('HTML comments or class="…" in the prose still say it is no MDX', () => {
    const withComment = jsxLesson.replace(
      '## Fix the markup',
      '<!-- old anchor -->\n\n## Fix the markup',
    );
    expect(detected(withComment)).not.toContain('mdx');
    const withClass = jsxLesson.replace(
      '## Fix the markup',
      '<div class="note">\n\n## Fix the markup\n\n</div>',
    );
    expect(detected(withClass)).not.toContain('mdx');
  });

  test('an HTML comment or class="…" in a code span is no HTML either', () => {
    // Mintlify's code page names `<!-- [!code ++] -->` in a table: read as CommonMark, its
    // `<Accordion>` went to two chunks, the first leaving it open and the second not reopening it.
    const named = jsxLesson.replace(
      '## Fix the markup',
      '| Language | Added | Removed |\n| --- | --- | --- |\n| HTML | `<!-- [!code ++] -->` | ``<div class="x">`` |\n\n## Fix the markup',
    );
    expect(detected(named)).toEqual(['mdx']);
    // A comment between code spans is still a comment.
    const between = named.replace('| HTML |', '| HTML <!-- x --> |');
    expect(detected(between)).not.toContain('mdx');
  });

  test('`{{ … }}` in code is no template tag; in prose it is', () => {
    const code = 'Set the size:\n\n```jsx\n<div style={{ width: 250, height: 250 }} />\n```\n';
    expect(detected(code)).toEqual([]);
    expect(detected(`${code}\nThe page is {{ page.title }}.\n`)).toEqual(['template']);
  });

  test("TOML's `[[tool.uv.index]]` or bash's `[[ -f x ]]` in a code span is no wikilink", () => {
    // uv's docs, Cargo's `[[bin]]` and the Rust reference were read with wikilinks on.
    const markdown =
      'Add a `[[tool.uv.index]]` table. Test for a file with `[[ -f "$file" ]]`, or ``[[ -d dir ]]``.\n';
    expect(detected(markdown)).toEqual([]);
    expect(detected(`${markdown}\nSee [[Other page]].\n`)).toEqual(['obsidian']);
  });

  test('`[[…]]` in a fence or its info string is no wikilink; in prose it is', () => {
    const code = '```js [[1, 1, "actionFunction"]]\nconst x = [[a]];\n```\n';
    expect(detected(code)).toEqual([]);
    expect(detected(`${code}\nSee [[Other page]].\n`)).toEqual(['obsidian']);
  });

  test("a block of components only (Primer's <DoDontContainer>) is MDX: kept whole, not cut by lines", () => {
    const caption = (text: string) => `    <Caption>${text}</Caption>`;
    const markdown = [
      '## Examples',
      '',
      '<DoDontContainer stacked>',
      '  <Do>',
      caption('Do follow a clear heading hierarchy, one level at a time, from the page title down'),
      '    <img src="https://example.com/good.png" alt="Sequential h1, h2, h3 and h4 headings" />',
      '  </Do>',
      '  <Dont>',
      caption(
        "Don't use several h1 headings or skip levels of the hierarchy for the visual effect",
      ),
      '    <img src="https://example.com/bad.png" alt="Two h1 headings, an h3 before the h2" />',
      '  </Dont>',
      '</DoDontContainer>',
      '',
    ].join('\n');
    // Before: read as one HTML block, cut by lines at 200, each piece leaving the element open.
    expect(detected(markdown)).toEqual(['mdx']);
    const result = checkInvariants(markdown, { chunkSize: 200, syntax: auto() });
    const holders = result.chunks.filter((chunk) => chunk.text.includes('DoDontContainer'));
    expect(holders).toHaveLength(1);
    expect(holders[0]?.text).toContain('</DoDontContainer>');
  });
});
