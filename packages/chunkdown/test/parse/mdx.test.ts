import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { jsxFlowSpans, mdxDiagnostic, mdxParser, showsMdx } from '../../src/parse/mdx.js';
import { sourceText } from '../../src/parse/source-text.js';
import { auto, mdx } from '../../src/syntax.js';

describe('jsxFlowSpans', () => {
  const spanned = (markdown: string) =>
    jsxFlowSpans(sourceText(markdown)).map(([start, end]) => markdown.slice(start, end));

  test('spans an element from the line that opens it to the line that closes it', () => {
    const markdown =
      '# Title\n\n<Tabs groupId="pm">\n\n<TabItem value="a">\n\nText.\n\n</TabItem>\n\n</Tabs>\n\nAfter.\n';
    expect(spanned(markdown)).toEqual([
      '<Tabs groupId="pm">\n\n<TabItem value="a">\n\nText.\n\n</TabItem>\n\n</Tabs>',
    ]);
  });

  test('no span for an element on one line or a self-closing tag; a tag over lines is one', () => {
    expect(
      spanned('<Badge text="x" />\n\n<kbd>Ctrl</kbd>\n\n<img\n  src="a.png"\n/>\n\nText.\n'),
    ).toEqual(['<img\n  src="a.png"\n/>']);
  });

  test('an opening tag over several lines, tags in fenced code, and an element left open', () => {
    const markdown =
      '<Steps\n  start={2}\n>\n\n1. One\n\n</Steps>\n\n```jsx\n<Tabs>\n```\n\n<Aside>\n\nNever closed.\n';
    // An element never closed spans nothing: it would hold every cut after it.
    expect(spanned(markdown)).toEqual(['<Steps\n  start={2}\n>\n\n1. One\n\n</Steps>']);
  });

  test('an element left open inside others: the closed ones still span', () => {
    const markdown =
      '<Tabs>\n\n<Aside>\n\nOpen.\n\n<TabItem>\n\nIn.\n\n</TabItem>\n\n</Tabs>\n\n<Card>\n\nC.\n\n</Card>\n\nAfter.\n';
    expect(spanned(markdown)).toEqual([
      '<Tabs>\n\n<Aside>\n\nOpen.\n\n<TabItem>\n\nIn.\n\n</TabItem>\n\n</Tabs>',
      '<Card>\n\nC.\n\n</Card>',
    ]);
    // Left open at the top, the elements after it still span.
    expect(spanned('<Aside>\n\nOpen.\n\n<Card>\n\nC.\n\n</Card>\n')).toEqual([
      '<Card>\n\nC.\n\n</Card>',
    ]);
  });
});

describe('showsMdx', () => {
  test('a top-level import or export with a JSX component', () => {
    expect(showsMdx(sourceText("import Tabs from '@theme/Tabs';\n\n<Tabs>\n</Tabs>"))).toBe(true);
    expect(showsMdx(sourceText('export const meta = {};\n\n<Aside>Hi</Aside>'))).toBe(true);
  });

  test('not a page whose code blocks show an export and a component (a VitePress page)', () => {
    const page = [
      '## Props <sup class="vt-badge" data-text="3.5+" /> {#props}',
      '',
      'Declare them with `props`:',
      '',
      '```js',
      'export default {',
      "  props: ['foo'],",
      '}',
      '```',
      '',
      '```vue-html',
      '<BlogPost title="My journey with Vue" />',
      '```',
      '',
    ].join('\n');
    expect(showsMdx(sourceText(page))).toBe(false);
    const { chunks, syntax } = chunkdown({ chunkSize: 500, syntax: auto() }).split(page);
    expect(syntax).not.toContain('mdx');
    expect(chunks[0]?.text.split('\n')[0]).toBe(
      '## Props <sup class="vt-badge" data-text="3.5+" /> {#props}',
    );
    // Nor a page whose `<script setup>` imports the component it shows.
    const vue = "<script setup>\nimport Demo from './Demo.vue'\n</script>\n\n# Demo\n\n<Demo />\n";
    expect(showsMdx(sourceText(vue))).toBe(false);
    // Nor a VuePress page whose component wraps markdown, with Vue's `<script setup>` and `@click`.
    const vuepress = [
      '_Hello, {{ msg }}_',
      '',
      '<RedDiv>',
      '',
      '_Current count is: {{ count }}_',
      '',
      '</RedDiv>',
      '',
      '<button @click="count++">Click Me!</button>',
      '',
    ].join('\n');
    expect(showsMdx(sourceText(vuepress))).toBe(false);
    expect(showsMdx(sourceText(vuepress.replace(' @click="count++"', '')))).toBe(true);
    // The same lines outside code are MDX.
    expect(showsMdx(sourceText("export const meta = {};\n\n<BlogPost title='x' />\n"))).toBe(true);
  });

  test('a Hugo or Jekyll page that wraps markdown in a capitalized element is no MDX', () => {
    // Grafana's k6 docs: `<Glossary>` around a shortcode, `<br/><br>` in the text.
    const hugo = [
      '# Glossary',
      '',
      '<Glossary>',
      '',
      '{{< column-list >}}',
      '- [Checks](#checks)',
      '{{< /column-list >}}',
      '',
      '</Glossary>',
      '',
      'Checks are conditions.<br/><br>[Checks reference](https://grafana.com/docs/k6/checks)',
      '',
    ].join('\n');
    expect(showsMdx(sourceText(hugo))).toBe(false);
    expect(showsMdx(sourceText(hugo.replace('{{< column-list >}}', '{% raw %}')))).toBe(false);
    // In inline code, a tag is no sign: the page is MDX.
    const mdx = hugo.replace(/\{\{< (\/?)column-list >\}\}/g, '`{{< $1column-list >}}`');
    expect(showsMdx(sourceText(mdx.replace('<br/><br>', '')))).toBe(true);
  });

  test('not HTML alone, nor an import without components', () => {
    expect(showsMdx(sourceText('<div>\nhtml\n</div>'))).toBe(false);
    expect(showsMdx(sourceText('import x from y\n\ntext'))).toBe(false);
  });
});

describe('mdxDiagnostic', () => {
  const parse = (markdown: string) => {
    const { micromark, mdast } = mdxParser();
    try {
      fromMarkdown(markdown, { extensions: [...micromark], mdastExtensions: [...mdast] });
      return undefined;
    } catch (error) {
      return error;
    }
  };

  test('names the line, the column and the reason of an MDX error', () => {
    const diagnostic = mdxDiagnostic(parse('# Title\n\nA stray { in prose.'));
    expect(diagnostic).toMatchObject({ syntax: 'mdx', line: 3 });
    expect(diagnostic?.reason).toMatch(/brace/);
  });

  test('an unclosed element: the place named in the reason', () => {
    expect(mdxDiagnostic(parse('\n\n<Tabs>\n\ntext'))).toMatchObject({ syntax: 'mdx', line: 3 });
  });

  test('other errors are not MDX errors', () => {
    expect(mdxDiagnostic(new RangeError('Maximum call stack size exceeded'))).toBeUndefined();
    expect(mdxDiagnostic('nope')).toBeUndefined();
  });
});

describe('heading ids (Docusaurus)', () => {
  test('`{#id}` is an atom: no diagnostic, written as it was, no content, not in breadcrumbs', () => {
    const markdown = [
      "import Tabs from '@theme/Tabs';",
      '',
      '# Guide',
      '',
      '## Custom heading {#custom-id}',
      '',
      'The first sentence of the section is long enough to fill a chunk. The section goes on in a second sentence, in a chunk of its own.',
      '',
      '<Tabs>',
      '',
      'Text in a tab, {props.name}.',
      '',
      '</Tabs>',
      '',
    ].join('\n');
    const result = chunkdown({ chunkSize: 80, syntax: [mdx()] }).split(markdown);
    expect(result.diagnostics ?? []).toEqual([]);
    const text = result.chunks.map((chunk) => chunk.text).join('\n');
    expect(text).toContain('## Custom heading {#custom-id}');
    const after = result.chunks.find((chunk) => chunk.text.startsWith('The section goes on'));
    expect(after?.breadcrumbs.map((crumb) => crumb.text)).toEqual(['Guide', 'Custom heading']);
    const heading = result.chunks.find((chunk) => chunk.text.includes('{#custom-id}'));
    // The id is no content: a shorter one measures the same.
    const shorter = chunkdown({ chunkSize: 80, syntax: [mdx()] }).split(
      heading?.text.replace('{#custom-id}', '{#c}') ?? '',
    );
    expect(heading?.contentSize).toBe(shorter.chunks[0]?.contentSize);
  });
});
