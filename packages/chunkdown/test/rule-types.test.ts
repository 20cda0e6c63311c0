// Each rule key's transform is typed with the nodes it receives. The types are checked by
// `pnpm typecheck` (expectTypeOf, @ts-expect-error); the tests check at run time which nodes each
// transform really receives: only those its type names, and each of them with some style.
import type {
  Blockquote,
  Code,
  Delete,
  Emphasis,
  Heading,
  Html,
  Image,
  ImageReference,
  InlineCode,
  Link,
  LinkReference,
  List,
  Strong,
  Table,
} from 'mdast';
import { describe, expect, expectTypeOf, test } from 'vitest';
import { chunkdown, type NodeRule, type NodeRules } from '../src/index.js';

const document = `# Title

A [link](https://example.com), a [reference][ref], a [missing][nope] one, and an
![image](data:image/png;base64,AAAA) beside ![another][pic] and ![lost][gone].
Some \`inline code\`, **strong**, *emphasis* and ~~deleted~~ text.

> A quote.

<div>Raw HTML</div>

* one
* two

| a | b |
| - | - |
| 1 | 2 |

\`\`\`js
code();
\`\`\`

[ref]: https://example.com/ref
[pic]: https://example.com/pic.png
`;

/** The node types each key's transform received, with the given styles. */
function received(style: 'inline' | 'preserve') {
  const seen: Record<string, Set<string>> = {};
  const note = (key: string) => (node: { type: string }) => {
    seen[key] ??= new Set();
    seen[key].add(node.type);
    return undefined;
  };
  const rules: NodeRules = {
    link: { style, transform: note('link') },
    image: { style, transform: note('image') },
    inlineCode: { transform: note('inlineCode') },
    code: { transform: note('code') },
    strong: { transform: note('strong') },
    emphasis: { transform: note('emphasis') },
    formatting: { transform: note('formatting') },
    list: { transform: note('list') },
    table: { transform: note('table') },
    blockquote: { transform: note('blockquote') },
    heading: { transform: note('heading') },
    html: { transform: note('html') },
  };
  chunkdown({ chunkSize: 1000, rules }).split(document);
  return Object.fromEntries(Object.entries(seen).map(([key, types]) => [key, [...types].sort()]));
}

describe('rule transforms', () => {
  test('receive the node types their keys name', () => {
    const types = {
      link: ['link', 'linkReference'],
      image: ['image', 'imageReference'],
      inlineCode: ['inlineCode'],
      code: ['code'],
      strong: ['strong'],
      emphasis: ['emphasis'],
      // `strong` and `emphasis` have their own transforms here; `delete` falls back.
      formatting: ['delete'],
      list: ['list'],
      table: ['table'],
      blockquote: ['blockquote'],
      heading: ['heading'],
      html: ['html'],
    };
    // A reference whose label has no definition is text, not a reference: with the inline
    // style, every reference has become a link or an image before the transforms run.
    expect(received('inline')).toEqual({ ...types, link: ['link'], image: ['image'] });
    expect(received('preserve')).toEqual(types);
  });

  test('a typed image transform needs no cast', () => {
    const rules: NodeRules = {
      image: {
        transform: (node) =>
          node.type === 'image' && node.url.startsWith('data:') ? null : undefined,
      },
    };
    const [text] = chunkdown({ chunkSize: 1000, rules }).splitText(document);
    expect(text).not.toContain('data:image');
    expect(text).toContain('![another](https://example.com/pic.png)');
  });

  test('the word rule takes no transform', () => {
    expect(() => chunkdown({ chunkSize: 10, rules: { word: { transform: () => null } } })).toThrow(
      /`options.rules.word.transform` is not supported: words are not nodes/,
    );
  });

  test('a rule built for any key still fits every key', () => {
    // Code that fills the rules by key (as the visualizer does) types a rule as `NodeRule`.
    const rules: NodeRules = {};
    for (const key of ['list', 'table', 'word'] as const) {
      const rule: NodeRule = { split: 'allow-split' };
      rules[key] = rule;
    }
    expect(chunkdown({ chunkSize: 10, rules }).splitText('* a\n* b')).toEqual(['* a\n* b']);
  });

  test('types', () => {
    const rules: NodeRules = {
      link: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Link | LinkReference>() },
      image: {
        transform: (node) => void expectTypeOf(node).toEqualTypeOf<Image | ImageReference>(),
      },
      inlineCode: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<InlineCode>() },
      code: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Code>() },
      strong: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Strong>() },
      emphasis: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Emphasis>() },
      delete: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Delete>() },
      formatting: {
        transform: (node) => void expectTypeOf(node).toEqualTypeOf<Strong | Emphasis | Delete>(),
      },
      list: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<List>() },
      table: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Table>() },
      blockquote: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Blockquote>() },
      heading: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Heading>() },
      html: { transform: (node) => void expectTypeOf(node).toEqualTypeOf<Html>() },
    };
    const mistakes: NodeRules[] = [
      // @ts-expect-error an image reference has no `url`: narrow on `node.type` first.
      { image: { transform: (node) => (node.url === '' ? null : undefined) } },
      // @ts-expect-error a code transform does not receive images.
      { code: { transform: (node: Image) => node } },
    ];
    expect(Object.keys(rules)).toHaveLength(13);
    expect(mistakes).toHaveLength(2);
  });
});
