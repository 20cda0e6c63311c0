import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, test } from 'vitest';
import { mdxDiagnostic, mdxParser, showsMdx } from '../../src/parse/mdx.js';

describe('showsMdx', () => {
  test('a top-level import or export with a JSX component', () => {
    expect(showsMdx("import Tabs from '@theme/Tabs';\n\n<Tabs>\n</Tabs>")).toBe(true);
    expect(showsMdx('export const meta = {};\n\n<Aside>Hi</Aside>')).toBe(true);
  });

  test('not HTML alone, nor an import without components', () => {
    expect(showsMdx('<div>\nhtml\n</div>')).toBe(false);
    expect(showsMdx('import x from y\n\ntext')).toBe(false);
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
