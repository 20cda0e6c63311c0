// The front matter reader against the `yaml` package (a dev dependency, the reference): on
// generated documents, on front matter shaped like real sites' and on edits of it, and on the
// front matter of real documentation pages, it must give the same value, or say it does not
// read that YAML; it must never accept what `yaml` refuses.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isCollection, parseDocument, visit } from 'yaml';
import { readYaml } from '../../src/parse/yaml/read-yaml.js';
import { importsOf } from '../helpers/layers.js';

/** Runs of a property: more with `FRONTMATTER_RUNS` (a long local search). */
const runs = (base: number) => Number(process.env.FRONTMATTER_RUNS ?? base);

/** What `yaml` makes of a block (a key that is a collection counts as an error). */
function reference(raw: string): { ok: true; value: unknown } | { ok: false } {
  const document = parseDocument(raw, { logLevel: 'silent' });
  if (document.errors.length > 0) return { ok: false };
  let collectionKey = false;
  visit(document, {
    Pair(_, pair) {
      if (isCollection(pair.key)) {
        collectionKey = true;
        return visit.BREAK;
      }
      return undefined;
    },
  });
  if (collectionKey) return { ok: false };
  try {
    return { ok: true, value: document.toJS() };
  } catch {
    return { ok: false };
  }
}

const show = (value: unknown) =>
  JSON.stringify(value, (_, item) =>
    typeof item === 'number' && !Number.isFinite(item) ? `#${item}` : item,
  );

const unsupportedReasons: string[] = [];
type Outcome = 'same' | 'unsupported' | 'both refuse' | 'refused, yaml reads it';

/**
 * Compare on one block; returns what happened, throws on a disagreement: a value other than
 * `yaml`'s, or a value where `yaml` refuses. With `strict`, refusing what `yaml` reads must say
 * that the reader does not read that YAML (anything else is a bug of the reader); without, it
 * may be an error (`yaml` reads some broken YAML leniently, as `auth\n  : x`).
 */
function agree(raw: string, strict = true): Outcome {
  const theirs = reference(raw);
  const ours = readYaml(raw);
  if (!theirs.ok) {
    expect(ours, `yaml refuses ${JSON.stringify(raw)}`).toMatchObject({ ok: false });
    return 'both refuse';
  }
  if (!ours.ok) {
    if (!strict && !/does not read/.test(ours.error)) return 'refused, yaml reads it';
    if (process.env.FRONTMATTER_STATS)
      unsupportedReasons.push(ours.error.replace(/ at line.*/, ''));
    expect(ours.error, `we refuse ${JSON.stringify(raw)}`).toMatch(/does not read/);
    return 'unsupported';
  }
  expect(show(ours.value), JSON.stringify(raw)).toBe(show(theirs.value));
  return 'same';
}

// ---- Generated documents: values written in the styles front matter uses. ----

const word = fc.stringMatching(/^[a-z][a-z0-9_-]{0,6}$/);
const plainText = fc.constantFrom(
  'hello',
  'Hello world',
  'a: b',
  'a:b',
  'x #y',
  'x#y',
  'true',
  'False',
  'null',
  '~',
  '12',
  '-7',
  '+3',
  '0o17',
  '0x1F',
  '1.5',
  '.5',
  '1.',
  '1e3',
  '-1.5E-2',
  '.inf',
  '-.Inf',
  '.NaN',
  '2024-01-01',
  '1_000',
  'v1.2.0',
  'http://example.com/a?b=c#d',
  "it's",
  'say "hi"',
  '- not a list',
  '-5',
  'a, b',
  '[x]',
  '{x}',
  '@me',
  '`code`',
  '%x',
  '*star',
  '&amp',
  '!bang',
  '|pipe',
  '>gt',
  '? q',
  ': c',
  'tab\there',
  'üñí',
  'one two three',
  'a longer sentence, with a comma and more words',
  'ends with a colon:',
  'has  two spaces',
  '',
);

type Node =
  | { kind: 'scalar'; text: string }
  | { kind: 'map'; entries: Array<[string, Node]> }
  | { kind: 'seq'; items: Node[] };

const node: fc.Memo<Node> = fc.memo((depth) =>
  depth <= 1
    ? fc.record({ kind: fc.constant('scalar' as const), text: plainText })
    : fc.oneof(
        {
          weight: 3,
          arbitrary: fc.record({ kind: fc.constant('scalar' as const), text: plainText }),
        },
        {
          weight: 2,
          arbitrary: fc.record({
            kind: fc.constant('map' as const),
            entries: fc.array(fc.tuple(fc.oneof(word, plainText), node(depth - 1)), {
              minLength: 1,
              maxLength: 4,
            }),
          }),
        },
        {
          weight: 1,
          arbitrary: fc.record({
            kind: fc.constant('seq' as const),
            items: fc.array(node(depth - 1), { minLength: 1, maxLength: 3 }),
          }),
        },
      ),
);

/** Choices for writing the values (styles, line breaks, comments), consumed in turn. */
const choices = fc.array(fc.nat(99), { minLength: 64, maxLength: 64 });

function render(root: Node, picks: number[]): string {
  let pick = 0;
  const next = (modulo: number) => (picks[pick++ % picks.length] ?? 0) % modulo;
  const step = next(3) === 0 ? 4 : 2;
  const styles = ['plain', 'single', 'double', 'literal', 'folded', 'strip', 'keep'];
  /** Spread the words of a text over lines (continuations indented by `pad`), with blank lines. */
  const spread = (text: string, pad: string) => {
    const words = text.split(' ');
    if (words.length < 2 || next(2) === 0) return text;
    return words
      .map((word, index) =>
        index === 0
          ? word
          : `${next(4) === 0 ? '\n' : ''}\n${pad}${next(5) === 0 ? ' ' : ''}${word}`,
      )
      .join('');
  };
  const scalar = (text: string, indent: number, inFlow: boolean, key = false): string => {
    const style = styles[next(styles.length)];
    const pad = ' '.repeat(indent + step);
    if (style === 'single') {
      const quoted = text.replace(/'/g, "''");
      return `'${key || inFlow ? quoted : spread(quoted, pad)}'`;
    }
    if (style === 'double') {
      const quoted = JSON.stringify(text);
      return key || inFlow ? quoted : spread(quoted, pad);
    }
    if (!inFlow && !key && style !== 'plain' && text !== '') {
      const head =
        style === 'literal' ? '|' : style === 'folded' ? '>' : style === 'strip' ? '|-' : '>+';
      const lines = text.split(' ').map((word) => (next(6) === 0 ? ` ${word}` : word));
      const body = lines
        .map((line, index) => (index === 0 ? line : `${next(4) === 0 ? '\n' : ''}\n${pad}${line}`))
        .join('');
      return `${head}\n${next(5) === 0 ? '\n' : ''}${pad}${body}${next(3) === 0 ? '\n' : ''}`;
    }
    return key || inFlow ? text : spread(text, pad);
  };
  const flow = (value: Node, indent: number): string => {
    if (value.kind === 'scalar') return scalar(value.text, 0, true);
    const breakLine = () => (next(6) === 0 ? `\n${' '.repeat(indent + step)}` : ' ');
    if (value.kind === 'seq') {
      return `[${value.items.map((item) => flow(item, indent)).join(`,${breakLine()}`)}${next(4) === 0 ? ',' : ''}]`;
    }
    return `{${value.entries.map(([key, item]) => `${scalar(key, 0, true, true)}: ${flow(item, indent)}`).join(`,${breakLine()}`)}}`;
  };
  const block = (value: Node, indent: number): string => {
    const pad = ' '.repeat(indent);
    if (value.kind === 'scalar') return scalar(value.text, indent, false);
    if (next(5) === 0) return flow(value, indent);
    if (value.kind === 'seq') {
      return `\n${value.items.map((item) => `${pad}- ${block(item, indent + 2).replace(/^\n\s*/, '')}`).join('\n')}`;
    }
    return `\n${value.entries
      .map(([key, item]) => {
        const comment = next(6) === 0 ? ' # note' : '';
        const above = next(8) === 0 ? `${pad}# about ${key}\n` : '';
        const written = block(item, indent + step);
        return `${above}${pad}${scalar(key, indent, true, true)}:${written.startsWith('\n') ? `${comment}${written}` : ` ${written}${written.includes('\n') ? '' : comment}`}`;
      })
      .join(next(7) === 0 ? '\n\n' : '\n')}`;
  };
  return block(root, 0).replace(/^\n/, '');
}

describe('the front matter reader agrees with the yaml package', () => {
  test('on generated front matter', () => {
    const seen: Record<Outcome, number> = {
      same: 0,
      unsupported: 0,
      'both refuse': 0,
      'refused, yaml reads it': 0,
    };
    fc.assert(
      fc.property(node(4), choices, (root, picks) => {
        seen[agree(render(root, picks))]++;
      }),
      { numRuns: runs(3000) },
    );
    if (process.env.FRONTMATTER_STATS) {
      const counts: Record<string, number> = {};
      for (const reason of unsupportedReasons) counts[reason] = (counts[reason] ?? 0) + 1;
      console.log('generated', seen, counts);
    }
    // Most generated documents are read; refusing everything would pass the checks above.
    expect(seen.same).toBeGreaterThan(seen.unsupported * 3);
  });

  test('on lines of front matter put together at random', () => {
    const fragment = fc.constantFrom(
      'title: Hello',
      'title: "Hello',
      "title: 'it''s'",
      'tags: [a, b',
      'tags: [a, b]',
      '  - x',
      '- y',
      '  key: value',
      'key:',
      '    nested: 1',
      '# comment',
      '',
      '   ',
      'desc: |',
      'desc: >-',
      '  folded text',
      '   more indented',
      'x: {a: 1, b: [2, 3]}',
      'x: {{ .Title }}',
      'date: {{ .Date }}',
      'weight: 10',
      'a: b: c',
      '"quoted key": v',
      'k: v # c',
      'k: v#c',
      'url: http://x.y/z',
      '  continued plain',
      '\ttab: x',
      'k:\tv',
      'list:',
      '  -',
      '  - - deep',
      '- a: 1',
      '  b: 2',
      '? complex',
      'a: &anchor x',
      'b: *alias',
      'c: !tag x',
      '<<: {a: 1}',
      'k: "multi',
      '  line"',
      "k: 'multi",
      "  line'",
      'x: [1,',
      '  2]',
      'x: -',
      'Just prose here.',
      'Note: prose: with colons',
    );
    const seen: Record<Outcome, number> = {
      same: 0,
      unsupported: 0,
      'both refuse': 0,
      'refused, yaml reads it': 0,
    };
    fc.assert(
      fc.property(fc.array(fragment, { minLength: 1, maxLength: 8 }), (parts) => {
        seen[agree(parts.join('\n'))]++;
      }),
      { numRuns: runs(5000) },
    );
    if (process.env.FRONTMATTER_STATS) console.log('random lines', seen);
    expect(seen.same).toBeGreaterThan(100);
  });

  test('on known corners', () => {
    const cases = {
      same: [
        'null: x',
        'true: x\n1: y',
        '"1": a\n1: b',
        'a:\tb',
        'a: b\n  c',
        'a: b\n\n  c\n\n\n  d',
        // Only spaces and tabs are white space in YAML: a continuation row keeps a leading
        // ideographic space, no-break space or byte order mark.
        'a: b\n  \u3000c',
        'a: b\n  \u00a0c\n  \ufeffd',
        'a:\n- x\n- y',
        'a:\n  - x\n  -\n  - - y',
        '- a: 1\n  b: 2\n- c',
        'a: "x\n  y"',
        'a: "a\\\n   b"',
        'title: "C\n  \\\n  0e9"',
        'a: "x \\ \n  y"',
        'a: "x\n\n\n  y  \n  z"',
        "a: 'x\n\n  y'",
        'a: "\\x41\\u00e9\\t\\N\\_"',
        'a: |\n  l1\n   l2\n\n  l3\n\n',
        'a: >\n  f1\n  f2\n\n  f3\n   more\n  f4\n',
        'a: >-\n  x\n\n',
        'a: |+\n  x\n\n',
        'a: |\n\n  x',
        'a: [a, "b", {c: d}, ]',
        'a: {a, b: }',
        'a: [x,\n  y]',
        'a: {a:1}',
        'a: {"a":1}',
        '  a: 1\n  b: 2',
        'a: x:y',
        'a: 1_000\nb: 0x1F\nc: 0o17\nd: +1\ne: .5\nf: 1.\ng: 1e3\nh: .inf\ni: -.Inf\nj: .NaN',
        '__proto__: 1',
        'a: [a #c\n ]',
        'a: #c\n  b',
        'a:\n  # c\n  b: 1',
        'key with spaces: v\na b: c d',
        '-a: 1',
        'a: {b: [1, 2], c: {d: e}}',
        'a: "x"\n  # c\nb: 1',
        '',
        '# only a comment',
        'Just a paragraph',
        '- one\n- two',
      ],
      'both refuse': [
        '1: a\n01: b',
        'a: b\n  c: d',
        'a: "x\ny"',
        'a: "\\q"',
        'a: [x,\ny]',
        'a: 1\n b: 2',
        'a: - b',
        'a: @x',
        'a: `x`',
        'a: %x',
        'a: |\n    \n  x',
        'a: "x" y',
        'title: {{ .Title }}',
        'title: "{{ replace .Name "-" " " }}"\ndraft: true',
        'title: "Hello\nauthor: me',
        'Note: this part: matters\nand this line is prose.',
        'title: {#each ...}\ntags: template-each',
      ],
      // A node property after a comment in a flow collection: valid YAML the reader does not
      // read, which it must say rather than call an error (found by the generated test).
      unsupported: ['hello: {x #y: [hello,],\n        !bang: &amp}'],
    };
    for (const [expected, blocks] of Object.entries(cases)) {
      for (const raw of blocks) expect(agree(raw), JSON.stringify(raw)).toBe(expected);
    }
  });
});

/** Front matter as documentation sites write it (written for this test, after common shapes). */
const realistic = [
  // Jekyll
  'layout: post\ntitle:  "Welcome to Jekyll!"\ndate:   2015-11-17 16:16:01 -0600\ncategories: jekyll update',
  'title: Installation\npermalink: /docs/installation/\nredirect_from:\n  - /docs/install/\n  - /docs/setup/\nnav_order: 2',
  // Hugo (YAML)
  'title: "Getting started"\ndescription: "How to install and run the tool."\ndate: 2023-04-01T10:00:00+02:00\ndraft: false\nweight: 10\ntags: ["install", "setup"]\ncategories:\n- docs',
  'title: Configure\nlinkTitle: Config\nmenu:\n  main:\n    parent: guides\n    weight: 20\naliases: [/config/, /configuration/]',
  // Docusaurus
  'id: intro\ntitle: Introduction\nsidebar_label: Intro\nsidebar_position: 1\nslug: /\nkeywords:\n  - docs\n  - docusaurus\nhide_table_of_contents: false',
  'title: API\ndescription: >-\n  The complete reference of the public API,\n  with examples.\nimage: ./img/api.png\ntags: [reference]',
  // Astro / Starlight
  "title: Getting Started\ndescription: Learn how to start.\nsidebar:\n  order: 1\n  badge:\n    text: New\n    variant: tip\nhero:\n  tagline: 'Build fast, ship faster'\n  actions:\n    - text: Get started\n      link: /guides/start/\n      icon: right-arrow\n      variant: primary\n    - text: GitHub\n      link: https://github.com/example/example",
  'title: Changelog\ntableOfContents:\n  minHeadingLevel: 2\n  maxHeadingLevel: 3\nlastUpdated: 2024-02-29\npagefind: false',
  // MkDocs / Material
  'title: Setup\nicon: material/cog\nstatus: new\nsearch:\n  boost: 2\nhide:\n  - navigation\n  - toc',
  // GitHub docs style
  "title: About pull requests\nintro: 'Pull requests let you tell others about changes.'\nredirect_from:\n  - /articles/using-pull-requests\nversions:\n  fpt: '*'\n  ghes: '*'\n  ghec: '*'\ntopics:\n  - Pull requests\nshortTitle: About pull requests",
  // Kubernetes enhancement proposal metadata
  'title: Indexed Job\nkep-number: 2214\nauthors:\n  - "@alculquicondor"\nowning-sig: sig-apps\nstatus: implemented\ncreation-date: 2021-01-20\nreviewers:\n  - "@soltysh"\napprovers:\n  - "@janetkuo"\nsee-also:\n  - "/keps/sig-apps/2232-suspend-jobs"\nlatest-milestone: "v1.24"\nstage: stable',
  // A blog post with a literal block and comments
  '# The post\ntitle: "Notes: on chunking" # a colon inside quotes\nsummary: |\n  First line.\n  Second line.\n\n  A paragraph.\nauthors:\n  - name: Ada\n    url: https://example.com/ada\n  - name: Bo\nfeatured: true\nrating: 4.5\nviews: 0x10',
  // Empty values and nulls
  'title: Draft\nsubtitle:\ndescription: ~\ntags: []\nextra: {}',
  // Unicode and escapes
  'title: "Caf\\u00e9 \\"quoted\\""\nauthor: Zoë\nlang: zh-CN\nsummary: 中文摘要',
];

describe("on front matter shaped like real sites'", () => {
  test('of the shapes documentation sites use', () => {
    for (const raw of realistic) expect(agree(raw), raw).toBe('same');
  });

  test('with a few characters changed at random', () => {
    const edit = fc.record({
      at: fc.nat(),
      remove: fc.nat(2),
      insert: fc.constantFrom(
        '',
        ' ',
        '\n',
        '  ',
        '-',
        ': ',
        ':',
        '#',
        ' #',
        "'",
        '"',
        '[',
        ']',
        '{',
        '}',
        ',',
        '|',
        '>',
        '\t',
        '\\',
        'x',
        '\n  ',
        '\n- ',
      ),
    });
    const seen: Record<Outcome, number> = {
      same: 0,
      unsupported: 0,
      'both refuse': 0,
      'refused, yaml reads it': 0,
    };
    fc.assert(
      fc.property(
        fc.constantFrom(...realistic),
        fc.array(edit, { minLength: 1, maxLength: 3 }),
        (raw, edits) => {
          let text = raw;
          for (const { at, remove, insert } of edits) {
            const position = at % (text.length + 1);
            text = text.slice(0, position) + insert + text.slice(position + remove);
          }
          seen[agree(text, false)]++;
        },
      ),
      { numRuns: runs(4000) },
    );
    if (process.env.FRONTMATTER_STATS) console.log('mutated', seen);
    expect(seen.same).toBeGreaterThan(seen.unsupported);
    // Broken YAML that `yaml` reads anyway is rare and stays front matter (with an error).
    expect(seen['refused, yaml reads it']).toBeLessThan(runs(4000) * 0.02);
  });
});

/**
 * The YAML front matter of real documentation pages: 291 distinct blocks from 292 of the 370
 * pages of the web docs corpus (19 documentation sites, among them Deno, Electron, Node.js,
 * Svelte, Tauri, webpack, Starlight and Docsy). `yaml-front-matter.md` beside this file names
 * the repositories, commits and licenses; `scripts/front-matter-fixture.mjs` regenerates it.
 */
const pages: Array<{ file: string; raw: string }> = JSON.parse(
  readFileSync(new URL('./yaml-front-matter.json', import.meta.url), 'utf8'),
);

const isMapping = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

describe('on the front matter of real documentation pages', () => {
  test('the fixture holds distinct blocks, each with its page', () => {
    expect(pages.length).toBe(291);
    expect(new Set(pages.map(({ raw }) => raw)).size).toBe(pages.length);
    for (const { file, raw } of pages) {
      expect(file).toMatch(/^[\w.-]+_[\w.-]+__.+\.mdx?$/);
      expect(typeof raw).toBe('string');
    }
  });

  test("every block gets yaml's value, is YAML the reader does not read, or both refuse it", () => {
    const seen = { same: 0, unsupported: 0, 'both refuse': 0 };
    /** Blocks that are none of the three: each fails the test. */
    const neither: string[] = [];
    for (const { file, raw } of pages) {
      const theirs = reference(raw);
      const ours = readYaml(raw);
      if (!theirs.ok) {
        if (ours.ok) neither.push(`${file}: yaml refuses it, the reader reads it`);
        else seen['both refuse']++;
      } else if (!isMapping(theirs.value)) {
        neither.push(`${file}: yaml reads ${show(theirs.value)}, not a mapping`);
      } else if (ours.ok) {
        expect(ours.value, file).toStrictEqual(theirs.value);
        // Same keys in the same order (toStrictEqual does not compare the order).
        expect(show(ours.value), file).toBe(show(theirs.value));
        seen.same++;
      } else if (
        / at line \d+ is YAML that chunkdown's front matter reader does not read;/.test(ours.error)
      ) {
        seen.unsupported++;
      } else neither.push(`${file}: yaml reads it, the reader refuses it: ${ours.error}`);
    }
    expect(neither).toEqual([]);
    expect(seen.same + seen.unsupported + seen['both refuse']).toBe(pages.length);
    // Both refuse three Svelte pages whose title is a template directive written unquoted,
    // which is not YAML (`title: {#each ...}`, `title: bind:`, `title: transition:`).
    expect(seen).toEqual({ same: 288, unsupported: 0, 'both refuse': 3 });
  });
});

describe('the modules of the reader', () => {
  test('import each other without a cycle', () => {
    const src = fileURLToPath(new URL('../../src', import.meta.url));
    const graph = new Map(
      [...importsOf(src)]
        .filter(([path]) => path.startsWith('parse/yaml/'))
        .map(([path, targets]) => [path, targets.filter((to) => to.startsWith('parse/yaml/'))]),
    );
    expect(graph.size).toBeGreaterThan(5);
    const done = new Set<string>();
    const cycle = (path: string, trail: string[]): string[] | undefined => {
      if (trail.includes(path)) return [...trail, path];
      if (done.has(path)) return undefined;
      for (const to of graph.get(path) ?? []) {
        const found = cycle(to, [...trail, path]);
        if (found) return found;
      }
      done.add(path);
      return undefined;
    };
    for (const path of graph.keys()) expect(cycle(path, [])).toBeUndefined();
  });
});

describe('quoted strings', () => {
  test('over several lines, with escapes, agree with yaml', () => {
    const piece = fc.constantFrom(
      'a',
      'b c',
      ' ',
      '  ',
      '\t',
      '\\\\',
      '\\"',
      '\\n',
      '\\ ',
      '\\\t',
      '\\',
      "''",
      "'",
      '\n',
      '\n  ',
      '\n\n  ',
      '#',
      ': ',
    );
    let lenient = 0;
    fc.assert(
      fc.property(
        fc.constantFrom('"', "'"),
        fc.array(piece, { maxLength: 10 }),
        (quote, pieces) => {
          const outcome = agree(`key: ${quote}${pieces.join('')}${quote}\nnext: 1`, false);
          if (outcome === 'refused, yaml reads it') lenient++;
        },
      ),
      { numRuns: runs(5000) },
    );
    // `yaml` reads a few unterminated strings anyway (`'''` then `: a'` at the margin).
    expect(lenient).toBeLessThan(runs(5000) * 0.02);
  });
});

describe('hostile front matter', () => {
  test('a string left open over many lines is read in one pass', () => {
    const raw = `title: "open\n${'  more words on a line of the string\n'.repeat(50_000)}end: 1`;
    expect(readYaml(raw)).toMatchObject({ ok: false, error: expect.stringMatching(/closing "/) });
    const closed = `title: 'open\n${'  more\n'.repeat(50_000)}  done'`;
    const reading = readYaml(closed);
    expect(reading.ok && (reading.value as { title: string }).title.length).toBe(
      4 + 5 * 50_000 + 5,
    );
  });

  test('nesting deeper than the stack is refused, not a crash', () => {
    expect(readYaml(`a: ${'['.repeat(100_000)}`)).toEqual({
      ok: false,
      error: 'collections nested deeper than the reader follows',
    });
    expect(readYaml(`a: ${'{a: '.repeat(20_000)}`)).toMatchObject({ ok: false });
  });
});

describe('many keys', () => {
  test('are checked for duplicates in one pass, as yaml checks them', () => {
    const keys = Array.from({ length: 50_000 }, (_, index) => `key${index}: ${index}`);
    const reading = readYaml(keys.join('\n'));
    expect(reading.ok && Object.keys(reading.value as object)).toHaveLength(50_000);
    expect(readYaml(`${keys.join('\n')}\nkey7: again`)).toMatchObject({
      ok: false,
      error: 'duplicate key at line 50001',
    });
    // `.nan` is never equal to itself: yaml keeps the last value under "NaN".
    expect(agree('.nan: 1\n.NaN: 2')).toBe('same');
    expect(agree('1: a\n1.0: b')).toBe('both refuse');
  });
});
