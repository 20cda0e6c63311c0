import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { describe, expect, test } from 'vitest';
import { gfmSyntaxFor } from '../../src/parse/gfm-syntax.js';

/** A document parsed with GFM as shipped and with the syntax made for it. */
function both(markdown: string) {
  const options = { mdastExtensions: gfmFromMarkdown() };
  return {
    shipped: fromMarkdown(markdown, { ...options, extensions: [gfm()] }),
    gated: fromMarkdown(markdown, { ...options, extensions: [gfmSyntaxFor(markdown)] }),
  };
}

describe('gfmSyntaxFor', () => {
  test.each([
    ['literal autolinks', 'Mail a.b+c@example.com, see www.example.com or https://x.dev/a?b.'],
    ['autolink look-alikes', 'wwwx and http:/ no, user@ no @host, h t t p s : //'],
    [
      'a table among paragraphs',
      'Text\n\n| a | b |\n| - | :-: |\n| 1 | 2 |\nlazy row\n\nafter | not a table',
    ],
    ['a table in a block quote', '> | a |\n> | - |\n> | 1 |'],
    ['no table without a delimiter row', '| a | b |\n| 1 | 2 |'],
    ['a byte order mark', '\uFEFFwww.example.com\n\n| a |\n| - |'],
  ])('gives the tree GFM as shipped gives: %s', (_, markdown) => {
    const { shipped, gated } = both(markdown);
    expect(gated).toEqual(shipped);
  });

  test('tries no table and no autolink in a document that cannot hold one', () => {
    const syntax = gfmSyntaxFor('Plain text, nothing to link.');
    const constructs = [...Object.values(syntax.text ?? {}), ...Object.values(syntax.flow ?? {})]
      .flat()
      .map((construct) => (construct as { name?: string }).name);
    for (const name of ['emailAutolink', 'wwwAutolink', 'protocolAutolink', 'table']) {
      expect(constructs).not.toContain(name);
    }
    const linked = gfmSyntaxFor('See www.example.com.');
    expect(
      Object.values(linked.text ?? {})
        .flat()
        .map((construct) => (construct as { name?: string }).name),
    ).toContain('wwwAutolink');
  });
});
