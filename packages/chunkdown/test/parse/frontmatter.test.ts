import { afterEach, describe, expect, test, vi } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { takeFrontmatter } from '../../src/parse/frontmatter.js';
import { findProblems } from '../helpers/invariants.js';

const split = (markdown: string) => chunkdown({ chunkSize: 200 }).split(markdown);
const texts = (markdown: string) => split(markdown).chunks.map((chunk) => chunk.text);

afterEach(() => {
  vi.restoreAllMocks();
});

describe('front matter that parses', () => {
  test('YAML and TOML mappings are data beside the chunks', () => {
    const yaml = split('---\ntitle: Hello\ntags: [a, b]\n---\n\n# Doc\n\nBody.');
    expect(yaml.frontmatter).toEqual({
      format: 'yaml',
      raw: 'title: Hello\ntags: [a, b]',
      data: { title: 'Hello', tags: ['a', 'b'] },
    });
    expect(yaml.chunks.map((chunk) => chunk.text)).toEqual(['# Doc\n\nBody.']);
    const toml = split('+++\ntitle = "Hi"\n+++\nBody.');
    expect(toml.frontmatter).toEqual({
      format: 'toml',
      raw: 'title = "Hi"',
      data: { title: 'Hi' },
    });
  });

  test('the body keeps its offsets: front matter is blanked, line endings kept', () => {
    const markdown = '---\r\ntitle: x\r\n---\r\nBody.';
    const { body } = takeFrontmatter(markdown);
    expect(body).toHaveLength(markdown.length);
    expect(body).toBe('   \r\n        \r\n   \r\nBody.');
    const [chunk] = split(markdown).chunks;
    expect(markdown.slice(chunk?.start, chunk?.end)).toBe('Body.');
  });
});

describe('all of YAML 1.2 is data (the corners a smaller reader used to refuse)', () => {
  const data = (yaml: string) => {
    const { frontmatter, chunks } = split(`---\n${yaml}\n---\n\nBody.`);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
    expect(frontmatter?.error).toBeUndefined();
    return frontmatter?.data;
  };

  test('anchors and aliases', () => {
    expect(
      data(
        'defaults: &defaults\n  draft: false\n  lang: en\npost:\n  <<: *defaults\n  title: Hi\ncopy: *defaults',
      ),
    ).toEqual({
      defaults: { draft: false, lang: 'en' },
      post: { '<<': { draft: false, lang: 'en' }, title: 'Hi' },
      copy: { draft: false, lang: 'en' },
    });
  });

  test('tags, known and unknown', () => {
    expect(data('version: !!str 1.10\ncount: !!int "3"\nicon: !svg logo.svg')).toEqual({
      version: '1.10',
      count: 3,
      icon: 'logo.svg',
    });
  });

  test('complex keys, whose value is on a line starting with `: `', () => {
    expect(data('title: Grid\n? [a, b]\n: both\n? |\n  long key\n: value')).toEqual({
      title: 'Grid',
      '[ a, b ]': 'both',
      'long key\n': 'value',
    });
  });

  test('a document marker and a directive before the one document', () => {
    expect(data('%YAML 1.2\n--- # the front matter\ntitle: Marked')).toEqual({ title: 'Marked' });
  });

  test('a second document is an error, still front matter', () => {
    const { frontmatter, chunks } = split('---\ntitle: One\n--- # two\ntitle: Two\n---\n\nBody.');
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toBe('more than one YAML document (the second starts at line 2)');
  });

  test('an alias inside what it names is an error, not circular data', () => {
    const { frontmatter } = split('---\nloop: &a [1, *a]\n---\n\nBody.');
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toMatch(/circular/);
    expect(() => JSON.stringify(frontmatter)).not.toThrow();
  });

  test('too many aliases (a billion laughs) is an error, quickly', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x, x]'];
    for (let level = 1; level < 10; level++) {
      const previous = String.fromCharCode(96 + level);
      const name = String.fromCharCode(97 + level);
      lines.push(`${name}: &${name} [${Array(10).fill(`*${previous}`).join(', ')}]`);
    }
    const { frontmatter } = split(`---\n${lines.join('\n')}\n---\n\nBody.`);
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toMatch(/\S/);
  });
});

describe('a block whose lines start with `? ` or `: ` is front matter', () => {
  test('when it parses: never chunk text, never a setext heading', () => {
    // Read as markdown, `: value` then `---` is a setext heading.
    const markdown = '---\n? [a, b]\n: value\n---\n\n# Doc\n\nBody.';
    const { frontmatter, chunks } = split(markdown);
    expect(frontmatter).toEqual({
      format: 'yaml',
      raw: '? [a, b]\n: value',
      data: { '[ a, b ]': 'value' },
    });
    expect(chunks.map((chunk) => chunk.text)).toEqual(['# Doc\n\nBody.']);
  });

  test('when it does not parse', () => {
    const markdown = '---\n? [a, b]\n: value\ntitle: "unterminated\n---\n\nBody.';
    const { frontmatter, chunks } = split(markdown);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
    expect(frontmatter?.raw).toBe('? [a, b]\n: value\ntitle: "unterminated');
    expect(frontmatter?.error).toMatch(/\S/);
  });
});

describe('front matter that does not parse is still front matter', () => {
  const hugo = `---
title: "{{ replace .File.ContentBaseName "-" " " | title }}"
date: {{ .Date }}
draft: true
---

# Post

Body text.
`;

  test('a Hugo archetype: never chunk text, no data, the error reported', () => {
    const { frontmatter, chunks } = split(hugo);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['# Post\n\nBody text.']);
    expect(frontmatter?.format).toBe('yaml');
    expect(frontmatter?.raw).toBe(hugo.split('\n---\n')[0]?.slice(4));
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toMatch(/\S/);
    expect(chunks[0]?.start).toBe(hugo.indexOf('# Post'));
  });

  test('a template placeholder as the whole value is not data', () => {
    // YAML reads `{{ .Title }}` as a mapping whose key is a mapping: a template, not data.
    const { frontmatter, chunks } = split('---\ntitle: {{ .Title }}\n---\n\nBody.');
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
    expect(frontmatter).toMatchObject({ format: 'yaml', raw: 'title: {{ .Title }}' });
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toBe('a template placeholder ({{ … }}) at line 1, not YAML data');
  });

  test('an unterminated string', () => {
    const { frontmatter, chunks } = split('---\ntitle: "Hello\nauthor: me\n---\n\nBody.');
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
    expect(frontmatter).toMatchObject({ format: 'yaml', raw: 'title: "Hello\nauthor: me' });
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toMatch(/\S/);
  });

  test('markdown bullets for lists (the authors of a Kubernetes proposal): front matter, not chunk text', () => {
    // `* "@name"` is no YAML (`*` starts an alias): the block was read as markdown, a list and a
    // setext heading in the first chunk.
    const markdown =
      '---\ntitle: Extensible Templating\nauthors:\n* "@wfernandes"\nreviewers:\n* "@ncdc"\n\n\ncreation-date: 2020-04-27\nsee-also:\n* https://github.com/x/y/issues/2339\n---\n\n# Proposal\n\nBody.';
    const { frontmatter, chunks } = split(markdown);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['# Proposal\n\nBody.']);
    expect(frontmatter).toMatchObject({ format: 'yaml' });
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toMatch(/\S/);
    // Prose between two rules is still markdown.
    expect(split('---\nSome prose here.\n* one\n---\n\nBody.').frontmatter).toBeUndefined();
  });

  test('TOML that does not parse', () => {
    const markdown = '+++\ntitle = "{{ replace .Name "-" " " }}"\ndraft = true\n+++\n\nBody.';
    const { frontmatter, chunks } = split(markdown);
    expect(chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
    expect(frontmatter).toMatchObject({ format: 'toml' });
    expect(frontmatter && 'data' in frontmatter).toBe(false);
    expect(frontmatter?.error).toMatch(/\S/);
    // YAML between `+++` fences (Prettier's fixture of a post): front matter that does not parse.
    const yaml = split(
      "+++\ndate: '2017-10-10T22:49:47.369Z'\ntitle: 'My Post Title'\n+++\n\nBody.",
    );
    expect(yaml.chunks.map((chunk) => chunk.text)).toEqual(['Body.']);
    expect(yaml.frontmatter).toMatchObject({ format: 'toml' });
    expect(yaml.frontmatter?.error).toMatch(/\S/);
  });

  test('nothing is printed: no console warning, no process warning', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const log = vi.spyOn(console, 'log').mockImplementation(() => {});
    const emitWarning = vi.spyOn(process, 'emitWarning').mockImplementation(() => {});
    for (const markdown of [
      hugo,
      '---\ntitle: {{ .Title }}\n---\n\nBody.',
      '---\ntitle: "Hello\n---\n\nBody.',
      '---\na: !unknown-tag x\n? [complex, key]\n: value\n---\n\nBody.',
      '+++\ntitle = \n+++\n\nBody.',
    ]) {
      split(markdown);
    }
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
    expect(log).not.toHaveBeenCalled();
    expect(emitWarning).not.toHaveBeenCalled();
  });
});

describe('what is not front matter', () => {
  test('a thematic break and a setext heading at the top', () => {
    const result = split('---\nJust a paragraph\n---\n\nBody.');
    expect(result.frontmatter).toBeUndefined();
    expect(result.chunks.map((chunk) => chunk.text)).toEqual(['## Just a paragraph\n\nBody.']);
  });

  test('prose between two rules, even with a colon that YAML chokes on', () => {
    const markdown = '---\nNote: this part: matters\nand this line is prose.\n---\n\nBody.';
    expect(split(markdown).frontmatter).toBeUndefined();
    expect(texts(markdown).join('\n')).toContain('and this line is prose.');
  });

  test('a list between two rules', () => {
    const markdown = '---\n- one\n- two\n---\n\nBody.';
    expect(split(markdown).frontmatter).toBeUndefined();
    expect(texts(markdown).join('\n')).toContain('* two');
  });

  test('a heading between two rules (YAML would read it as a comment)', () => {
    const markdown = '---\n# Title\n---\n\nBody.';
    expect(split(markdown).frontmatter).toBeUndefined();
    expect(texts(markdown)[0]).toMatch(/^# Title/);
  });

  test('an opening fence that is never closed', () => {
    const markdown = '---\ntitle: x\n\nBody.';
    expect(split(markdown).frontmatter).toBeUndefined();
    expect(texts(markdown).join('\n')).toContain('Body.');
  });

  test('fences that are not on the first line', () => {
    const markdown = '\n---\ntitle: x\n---\n\nBody.';
    expect(split(markdown).frontmatter).toBeUndefined();
  });
});

describe('documents split as plain text', () => {
  test('keep their front matter out of the chunks', () => {
    // Deeper than the parser's stack: the document falls back to plain-text splitting.
    const markdown = `---\ntitle: Deep\n---\n\n${'>'.repeat(20_000)} hello world`;
    const { frontmatter, chunks } = split(markdown);
    expect(chunks[0]?.fallback).toBe('plain-text');
    expect(frontmatter).toEqual({ format: 'yaml', raw: 'title: Deep', data: { title: 'Deep' } });
    expect(chunks.some((chunk) => chunk.text.includes('title'))).toBe(false);
    expect(chunks[0]?.start).toBe(markdown.indexOf('>'));
  });
});

describe('the invariant checks on front matter', () => {
  test('a page that shows its front matter in a code block is not reported as holding it', () => {
    // Jupyter Book's authorship page repeats its front matter as an example: the chunk that holds
    // the example holds code, not the page's front matter.
    const markdown = [
      '---',
      'authors:',
      '- name: Jo the Jovyan',
      '---',
      '',
      '# Authors',
      '',
      'This page was written with the following front matter:',
      '',
      '```markdown',
      '---',
      'authors:',
      '- name: Jo the Jovyan',
      '---',
      '```',
    ].join('\n');
    expect(findProblems(markdown, { chunkSize: 500 }).problems).toEqual([]);
  });
});
