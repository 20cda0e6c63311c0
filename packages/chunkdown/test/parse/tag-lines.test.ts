import { describe, expect, test } from 'vitest';
import { sourceText } from '../../src/parse/source-text.js';
import { pairTagLines, type TagLineRules, tagAttributes } from '../../src/parse/tag-lines.js';

// A toy dialect: `@@ name` opens, `@@ /name` closes it, `@@` closes the innermost open tag,
// `@@ name +` opens a tag whose opener runs over the next line, `@@ keep` is literal.
const rules: TagLineRules = {
  firstChars: [64],
  read(line, lines, index) {
    const match = /^@@(?: (\/)?([a-z]+)( \+)?)?$/.exec(line.text);
    if (!match) return undefined;
    const name = match[2] ?? '';
    if (match[1] || name === '') return { family: 'at', name, role: 'close', rest: '', line };
    const next = lines[index + 1];
    return {
      family: 'at',
      name,
      role: 'open',
      rest: '',
      line,
      end: match[3] && next ? next.end : undefined,
    };
  },
  literal: (tag) => tag.name === 'keep',
  container: (opener) => ({ kind: 'template', name: opener.name }),
};

const pairs = (markdown: string) =>
  pairTagLines(sourceText(markdown), rules).scanned.map((each) => [each.opener, each.closer]);

describe('pairTagLines', () => {
  test('a closer closes the innermost open tag of its name; a nameless closer the innermost of its family', () => {
    const markdown = ['@@ a', '@@ b', 'x', '@@', '@@ c', 'y', '@@ /a'].join('\n');
    const found = pairTagLines(sourceText(markdown), rules);
    expect(found.scanned.map((each) => each.opener)).toEqual(['@@ a', '@@ b']);
    // `@@ c` opened inside `a` and never closed is a line of text.
    expect(found.unpaired.map((tag) => tag.line.text)).toEqual(['@@ c']);
    expect(found.spans).toEqual([
      [0, markdown.length],
      [5, markdown.indexOf('@@ c') - 1],
    ]);
  });

  test('an opener may run over more lines; a literal block holds no tags; code holds no tags', () => {
    const markdown = [
      '@@ a +',
      ':option: 1',
      'Body.',
      '@@ keep',
      '@@ b',
      '@@ /keep',
      '```',
      '@@',
      '```',
      '@@ /a',
    ].join('\n');
    const found = pairTagLines(sourceText(markdown), rules);
    expect(pairs(markdown)).toEqual([['@@ a +\n:option: 1', '@@ /a']]);
    expect(found.literals.map(({ open, close }) => [open.line.text, close.line.text])).toEqual([
      ['@@ keep', '@@ /keep'],
    ]);
    expect(found.unpaired).toEqual([]);
  });

  test('a tag without its pair is left unpaired', () => {
    expect(pairs('@@ a\ntext')).toEqual([]);
    expect(
      pairTagLines(sourceText('@@ /a\n@@ b'), rules).unpaired.map((tag) => tag.line.text),
    ).toEqual(['@@ /a', '@@ b']);
  });
});

describe('tagAttributes', () => {
  test('reads double-quoted, single-quoted and bare values', () => {
    expect(tagAttributes(`title="npm i" pivot='win' color=red`)).toEqual({
      title: 'npm i',
      pivot: 'win',
      color: 'red',
    });
  });
});
