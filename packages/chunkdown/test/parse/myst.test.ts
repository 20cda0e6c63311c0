import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { scanMyst } from '../../src/parse/myst.js';
import { sourceText } from '../../src/parse/source-text.js';
import { auto, directive, myst, syntaxNames } from '../../src/syntax.js';
import { checkInvariants } from '../helpers/invariants.js';
import { openMystFences } from '../helpers/myst.js';
import { readSegmentedAndWhole } from '../helpers/segmented-dialects.js';

const opened = (markdown: string) =>
  scanMyst(sourceText(markdown)).scanned.map((each) => [each.opener, each.closer, each.container]);

describe('scanMyst', () => {
  test('colon fences with options, nested with more colons: an inner closer does not close the outer one', () => {
    const markdown = [
      '::::{admonition} Read this',
      ':class: tip',
      ':name: read-this',
      '',
      ':::{note}',
      'Inner.',
      ':::',
      '',
      'Still the admonition.',
      '::::',
    ].join('\n');
    expect(opened(markdown)).toEqual([
      [
        '::::{admonition} Read this\n:class: tip\n:name: read-this',
        '::::',
        {
          kind: 'myst',
          name: 'admonition',
          title: 'Read this',
          attributes: { class: 'tip', name: 'read-this' },
        },
      ],
      [':::{note}', ':::', { kind: 'myst', name: 'note' }],
    ]);
  });

  test('backtick directives whose body is markdown are containers, nested with longer fences; code directives and code stay code', () => {
    const markdown = [
      '````{tab-set}',
      '```{tab-item} Python',
      '~~~python',
      'print(1)',
      '~~~',
      '```',
      '````',
      '',
      '```{code-block} python',
      ':linenos:',
      'x = 1',
      '```',
      '',
      '```{r}',
      'summary(cars)',
      '```',
      '',
      '```{math}',
      'e^{i\\pi} + 1 = 0',
      '```',
      '',
      '```{eval-rst}',
      '.. note:: rst',
      '```',
      '',
      '```markdown',
      ':::{note}',
      'An example in code.',
      ':::',
      '```',
    ].join('\n');
    expect(opened(markdown)).toEqual([
      ['````{tab-set}', '````', { kind: 'myst', name: 'tab-set' }],
      ['```{tab-item} Python', '```', { kind: 'myst', name: 'tab-item', title: 'Python' }],
      // A code directive with options is code whose opener holds them (a literal block).
      [
        '```{code-block} python\n:linenos:',
        '```',
        { kind: 'myst', name: 'code-block', title: 'python', attributes: { language: 'python' } },
      ],
    ]);
    expect(scanMyst(sourceText(markdown)).scanned.map((each) => each.body)).toEqual([
      'fenced',
      'fenced',
      'literal',
    ]);
    // A fence of three inside a fence of three closes the outer one, as MyST reads it: the note
    // would hold `Text.` and a code block MyST ends with the note, which CommonMark runs on past
    // it; such a note is left as the code CommonMark reads. Closed inside, it is a note.
    const short = ['```{note}', 'Text.', '```python', 'print(1)', '```', '```'].join('\n');
    expect(scanMyst(sourceText(short)).scanned).toEqual([]);
    const closed = ['````{note}', 'Text.', '```python', 'print(1)', '```', '````'].join('\n');
    expect(scanMyst(sourceText(closed)).scanned.map((each) => each.close)).toEqual([
      [closed.lastIndexOf('````'), closed.length],
    ]);
  });

  test('a `---` option block is part of the opener; its keys are attributes', () => {
    const markdown = [
      '```{figure} img/fish.png',
      '---',
      'width: 200px',
      'name: fish',
      '---',
      'A *fish*.',
      '```',
    ].join('\n');
    expect(opened(markdown)).toEqual([
      [
        '```{figure} img/fish.png\n---\nwidth: 200px\nname: fish\n---',
        '```',
        {
          kind: 'myst',
          name: 'figure',
          title: 'img/fish.png',
          attributes: { width: '200px', name: 'fish' },
        },
      ],
    ]);
  });

  test('a list table takes its header rows into the opener (with `*` bullets) and marks its rows', () => {
    const markdown = [
      '```{list-table} Sizes',
      ':header-rows: 1',
      '',
      '- - Name',
      '  - Size',
      '- - small',
      '  - 1',
      '```',
    ].join('\n');
    const [table] = scanMyst(sourceText(markdown)).scanned;
    expect(table?.opener).toBe('```{list-table} Sizes\n:header-rows: 1\n\n* - Name\n  - Size');
    expect(table?.rows).toBe(true);
  });

  test('no container for an unclosed fence, a colon line without a name, or a Docusaurus directive', () => {
    expect(opened(':::{note}\nNever closed.\n\n:::{tip}\n')).toEqual([]);
    expect(opened('```{note}\nNever closed.\n')).toEqual([]);
    const markdown = [
      ':::note',
      'Docusaurus.',
      ':::',
      '',
      '::: {.callout-note}',
      'Pandoc.',
      ':::',
    ].join('\n');
    expect(opened(markdown)).toEqual([]);
  });

  test('a fence four columns in, in a list item, is a fence; one indented past its opener closes nothing', () => {
    const item = ['2. Clone it', '', '    ````{margin}', '    Aside.', '    ````', ''].join('\n');
    expect(opened(item).map(([opener]) => opener)).toEqual(['````{margin}']);
    // A cell's fence indented four columns past the table's opener is not its closer.
    const table = [
      '````{list-table}',
      '* - ````md',
      '    {role}`x`',
      '    ````',
      '  - text',
      '````',
      '',
      '    ```{note}',
      '    Indented code.',
      '    ```',
    ].join('\n');
    expect(scanMyst(sourceText(table)).scanned.map((each) => each.close?.[0])).toEqual([
      table.indexOf('````\n\n'),
    ]);
  });

  test('mystmd forms: options in the braces, a colon directive whose body is code, a backtick directive that shows code blocks', () => {
    const markdown = [
      ':::{seealso .dropdown #rules} Error rules',
      'The list.',
      ':::',
      '',
      ':::{mermaid}',
      'graph LR;',
      'a --> b',
      ':::',
      '',
      '````{tab-set-code}',
      '```markdown',
      '{ref}`x`',
      '```',
      '````',
      '',
      '```{glue} figure-name',
      '```',
    ].join('\n');
    const found = scanMyst(sourceText(markdown)).scanned;
    expect(found.map((each) => [each.container, each.body])).toEqual([
      [
        {
          kind: 'myst',
          name: 'seealso',
          title: 'Error rules',
          attributes: { class: 'dropdown', label: 'rules' },
        },
        'fenced',
      ],
      [{ kind: 'myst', name: 'mermaid', attributes: { language: 'mermaid' } }, 'literal'],
      [{ kind: 'myst', name: 'tab-set-code' }, 'fenced'],
    ]);
    // The diagram is code, written byte for byte between its own lines in every piece.
    for (const chunkSize of [10, 500]) {
      const { chunks } = chunkdown({ chunkSize, syntax: [myst()] }).split(markdown);
      const pieces = chunks.filter(
        (chunk) => chunk.text.includes('graph LR') || chunk.text.includes('a --> b'),
      );
      for (const piece of pieces)
        expect(piece.text).toMatch(/:::\{mermaid\}\n(?:graph LR;|a --> b)(?:\n(?:a --> b))?\n:::/);
      expect(pieces.map((chunk) => chunk.text).join('\n')).toContain('a --> b');
    }
  });

  test("mystmd's `{myst}` shows markdown and renders it: a piece of its prose is still the directive", () => {
    // mystmd's docs: the body shows a code directive, then a sentence that refers to it.
    const markdown = [
      '## Code blocks',
      '',
      '````{myst}',
      '```{code} python',
      ':label: my-program',
      'from discretize import TensorMesh',
      'mesh = TensorMesh([hx, hy])',
      '```',
      '',
      'In @my-program, we create a mesh for simulation using [SimPEG](https://discretize.simpeg.xyz/).',
      '````',
      '',
      '```{myst}',
      'They say the owl was a baker’s daughter.',
      '```',
    ].join('\n');
    expect(scanMyst(sourceText(markdown)).scanned.map((each) => each.container.name)).toEqual([
      'myst',
      'code',
      'myst',
    ]);
    for (const chunkSize of [60, 100, 500]) {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const prose = result.chunks.filter((chunk) => /we create a mesh|owl/.test(chunk.text)) ?? [];
      expect(prose.length).toBeGreaterThan(0);
      // A piece of the directive alone is in it (at 500 the page is one chunk).
      for (const chunk of prose) {
        if (!chunk.text.startsWith('## ')) expect(chunk.containers.at(-1)?.name).toBe('myst');
      }
    }
  });

  test('a directive in a footnote definition, and one in indented code, pair with nothing outside them', () => {
    const markdown = [
      '[^3]:',
      '    A note.',
      '',
      '    :::{iframe} https://example.com/video',
      '    :::',
      '',
      'Text.',
      '',
      '    :::{note}',
      '    In indented code.',
      '',
      ':::{figure} ./links.mp4',
      ':class: framed',
      'A caption.',
      ':::',
    ].join('\n');
    expect(opened(markdown).map(([opener]) => opener)).toEqual([
      ':::{iframe} https://example.com/video',
      ':::{figure} ./links.mp4\n:class: framed',
    ]);
  });

  test('a fence inside a list item or a block quote', () => {
    const markdown = [
      '- Item:',
      '',
      '  :::{tip}',
      '  Tip.',
      '  :::',
      '',
      '> ```{note}',
      '> Quoted.',
      '> ```',
    ].join('\n');
    expect(opened(markdown).map(([opener]) => opener)).toEqual(['```{note}', ':::{tip}'].sort());
  });
});

describe('options in a list item or a block quote', () => {
  const markdown = [
    '- Step one:',
    '',
    '  :::{tip} Faster',
    '  :class: dropdown',
    '',
    '  Cache the dependencies, then restore the cache before you install them again.',
    '  :::',
    '',
    '> ```{note}',
    '> :class: small',
    '> Quoted note whose body is long enough to be split in two at a small size.',
    '> ```',
  ].join('\n');

  test('the opener is written without the prefix of its option lines', () => {
    expect(scanMyst(sourceText(markdown)).scanned.map((each) => each.opener)).toEqual([
      ':::{tip} Faster\n:class: dropdown',
      '```{note}\n:class: small',
    ]);
  });

  test('the option lines are blanked in place: the list item and the quote hold their bodies', () => {
    const { chunks } = chunkdown({ chunkSize: 40, syntax: [myst()] }).split(markdown);
    const tip = chunks.filter((chunk) => chunk.containers?.[0]?.name === 'tip');
    const note = chunks.filter((chunk) => chunk.containers?.[0]?.name === 'note');
    expect(tip.length).toBeGreaterThan(1);
    expect(note.length).toBeGreaterThan(1);
    // (A piece that starts with the tip writes it under the item's marker, where it is read.)
    for (const chunk of tip) {
      expect(chunk.text).toMatch(
        /^\*(\n| Step one:\n\n) {2}:::\{tip\} Faster\n {2}:class: dropdown\n\n {2}\S[\s\S]*\n {2}:::$/,
      );
      const again = chunkdown({ chunkSize: 1000, syntax: [myst()] }).split(chunk.text);
      expect(again.chunks[0]?.containers).toEqual(chunk.containers);
    }
    for (const chunk of note)
      expect(chunk.text).toMatch(/^> ```\{note\}\n> :class: small\n> \S[\s\S]*\n> ```$/);
  });
});

const doc = [
  '# MyST page',
  '',
  '(install-target)=',
  '## Install',
  '',
  'See {ref}`install-target` and {doc}`../reference/configuration-and-options` for the rest of it.',
  '',
  ':::{note}',
  ':class: dropdown',
  'A note whose body is long enough to need more than one chunk at the smallest sizes, surely.',
  '',
  '| Option | Default |',
  '|---|---|',
  '| `cache` | `true` |',
  ':::',
  '',
  '`````{admonition} Sizes of things',
  ':class: tip',
  '',
  'The table below lists every size that the tool knows about, one row per size.',
  '',
  '````{list-table} Known sizes',
  ':header-rows: 1',
  ':widths: 30 70',
  '',
  '* - Name',
  '  - Meaning',
  '* - small',
  '  - Fits in a pocket, and this cell is long enough to fill a chunk on its own.',
  '* - medium',
  '  - Fits in a bag, and this cell is long enough to fill a chunk on its own too.',
  '* - large',
  '  - Fits in a truck, and this cell is long enough to fill a chunk on its own again.',
  '````',
  '',
  '```python',
  'sizes = ["small", "medium", "large"]',
  '```',
  '`````',
  '',
  '```{code-block} python',
  ':linenos:',
  '',
  'def sizes():',
  '    return ["small", "medium", "large"]',
  '',
  '',
  'print(sizes())',
  '```',
  '',
].join('\n');

describe('the myst dialect', () => {
  test('auto() finds it; prose with braces, R Markdown chunks and Pandoc divs are not read with it', () => {
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(doc).syntax).toEqual(['myst']);
    const others = [
      'Use {braces} in prose, and `{ref}` in code.',
      '',
      '```{r}',
      'summary(cars)',
      '```',
      '',
      '::: {.callout-note}',
      'A Quarto callout.',
      ':::',
      '',
    ].join('\n');
    // (The Quarto callout is a Pandoc div, which `directive()` reads.)
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(others).syntax).toEqual([
      'directive',
    ]);
    expect(syntaxNames).toContain('myst');
  });

  test('MyST and Docusaurus directives in one document: each read by its own dialect', () => {
    const both = [
      ':::{note}',
      'A MyST note.',
      ':::',
      '',
      ':::tip[Docusaurus]',
      'A Docusaurus tip.',
      ':::',
      '',
    ].join('\n');
    const { syntax, chunks } = chunkdown({ chunkSize: 500, syntax: auto() }).split(both);
    expect(syntax).toEqual(['directive', 'myst']);
    expect(chunks.map((chunk) => chunk.text)).toEqual([both.trim()]);
    const kinds = chunkdown({ chunkSize: 20, syntax: auto() })
      .split(both)
      .chunks.map((chunk) => chunk.containers?.map((each) => `${each.kind}:${each.name}`));
    expect(kinds).toContainEqual(['myst:note']);
    expect(kinds).toContainEqual(['directive:tip']);
  });

  test('a colon closer right after a table closes the directive (it never becomes a table row)', () => {
    const markdown = [
      ':::{myst-example}',
      '| a | b |',
      '|---|---|',
      '| 1 | one |',
      '| 2 | two |',
      '| 3 | three |',
      ':::',
      '',
      'After.',
    ].join('\n');
    for (const chunkSize of [10, 500]) {
      const { chunks } = chunkdown({ chunkSize, syntax: [myst()] }).split(markdown);
      for (const chunk of chunks) {
        expect(chunk.text).not.toContain('| ::: |');
        expect(openMystFences(chunk.text)).toEqual([]);
      }
      if (chunkSize === 10) {
        const rows = chunks.filter((chunk) => chunk.text.includes('| a | b |'));
        expect(rows.length).toBeGreaterThan(1);
        for (const chunk of rows) {
          expect(chunk.containers).toEqual([{ kind: 'myst', name: 'myst-example' }]);
          expect(chunk.text).toMatch(/^:::\{myst-example\}\n\| a \| b \|\n[\s\S]*\|\n:::$/);
        }
      }
    }
  });

  test('a split note holding a list table keeps its fence length and options, and the table its header rows', () => {
    const { chunks } = chunkdown({ chunkSize: 120, syntax: auto() }).split(doc);
    const table = chunks.filter((chunk) =>
      chunk.containers?.some((each) => each.name === 'list-table'),
    );
    expect(table.length).toBeGreaterThan(1);
    for (const chunk of table) {
      expect(chunk.text.startsWith('`````{admonition} Sizes of things\n:class: tip\n')).toBe(true);
      expect(chunk.text).toContain(
        '````{list-table} Known sizes\n:header-rows: 1\n:widths: 30 70\n\n* - Name\n  - Meaning\n',
      );
      expect(chunk.text.endsWith('````\n`````')).toBe(true);
      // Rows are whole: every row that starts here ends here.
      const rows = chunk.text.match(/^\* [-*] \w+\n {2}[-*] .*$/gm) ?? [];
      expect(rows.length).toBeGreaterThan(1);
    }
    const said = table.map((chunk) => chunk.text).join('\n');
    for (const row of ['small', 'medium', 'large']) expect(said).toContain(`* ${row}`);
    expect(table[0]?.containers?.[1]).toEqual({
      kind: 'myst',
      name: 'list-table',
      title: 'Known sizes',
      attributes: { 'header-rows': '1', widths: '30 70' },
    });
  });

  test('a note whose body shows a fence four columns in (raw code) is a note, and its code never closes it', () => {
    // MyST-Parser's own docs: a fence indented four columns in a directive is indented code.
    const markdown = [
      ':::{myst-example}',
      '````{note}',
      'The warning block will be properly-parsed.',
      '',
      'But the next block will be parsed as raw text.',
      '',
      '    ```{warning}',
      "    Here's my raw text warning that isn't parsed...",
      '    ```',
      '````',
      ':::',
      '',
    ].join('\n');
    const note = { kind: 'myst', name: 'note' };
    expect(opened(markdown).map(([, , container]) => container)).toEqual([
      { kind: 'myst', name: 'myst-example' },
      note,
    ]);
    for (const chunkSize of [40, 100, 1000]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      for (const chunk of chunks) {
        expect(chunk.containers).toEqual([{ kind: 'myst', name: 'myst-example' }, note]);
        // Four backticks alone would close the note: the code is fenced with tildes.
        expect(chunk.text.match(/^`{4,}$/gm)).toEqual(['````']);
      }
      // (At 40 the code is cut into lines, whose pieces hold no fence to clear.)
      const code = chunks.find((chunk) => chunk.text.includes("Here's my raw text"));
      if (chunkSize >= 100)
        expect(code?.text).toContain(
          "~~~\n```{warning}\nHere's my raw text warning that isn't parsed...\n```\n~~~\n````\n:::",
        );
      checkInvariants(markdown, { chunkSize, syntax: auto() });
    }
  });

  test('code that shows fences, inside a backtick directive, is fenced so that it does not close it', () => {
    const markdown = [
      '````{tip}',
      'Write a fence inside a fence with tildes:',
      '',
      '~~~markdown',
      '```js',
      'console.log(1);',
      '```',
      '~~~',
      '',
      'The tip ends here.',
      '````',
      '',
    ].join('\n');
    for (const chunkSize of [60, 1000]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      const code = chunks.find((chunk) => chunk.text.includes('console.log'));
      expect(code?.text).toContain('~~~markdown\n```js\nconsole.log(1);\n```\n~~~');
      for (const chunk of chunks) expect(chunk.containers).toEqual([{ kind: 'myst', name: 'tip' }]);
      checkInvariants(markdown, { chunkSize, syntax: auto() });
    }
  });

  test('a target line stays with the heading after it', () => {
    for (const chunkSize of [30, 60]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(doc);
      const at = chunks.find((chunk) => chunk.text.includes('(install-target)='));
      expect(at?.text).toContain('(install-target)=\n\n## Install');
    }
  });

  for (const chunkSize of [60, 120, 300]) {
    test(`every piece of a directive sits between its opener and closer; roles and code whole (size ${chunkSize})`, () => {
      const options = { chunkSize, syntax: auto() };
      const result = checkInvariants(doc, options);
      const chunks = result.chunks;
      const words = (text: string) => text.match(/[A-Za-z]{4,}/g) ?? [];
      const said = new Set(chunks.flatMap((chunk) => words(chunk.text)));
      for (const word of words(doc)) expect(said).toContain(word);
      for (const chunk of chunks) {
        expect(openMystFences(chunk.text)).toEqual([]);
        // Roles are never cut: a chunk has a role's name only with its target.
        expect(chunk.text).not.toMatch(/\{(?:ref|doc)\}(?!`)/);
        if (chunk.text.includes('a pocket') || chunk.text.includes('a truck')) {
          expect(chunk.text).toContain(':header-rows: 1\n:widths: 30 70\n\n* - Name\n  - Meaning');
        }
        if (chunk.text.includes('smallest sizes')) {
          expect(chunk.text.startsWith(':::{note}\n:class: dropdown\n')).toBe(true);
        }
      }
      // A directive whose body is code is code: kept byte for byte (whole when it fits, else
      // its lines in pieces that each reopen its fence).
      const code = doc.slice(doc.indexOf('```{code-block}'), doc.lastIndexOf('```') + 3);
      const pieces = chunks.filter((chunk) => chunk.text.includes('```{code-block}'));
      if (chunkSize >= 120) expect(pieces.map((chunk) => chunk.text)).toEqual([code]);
      for (const line of code.split('\n').filter((each) => each.trim() !== '')) {
        expect(pieces.some((chunk) => chunk.text.split('\n').includes(line))).toBe(true);
      }
    });
  }

  test('a role is never cut, even when the chunk size is smaller than it', () => {
    const markdown = `${Array.from({ length: 12 }, (_, n) => `Word ${n} {ref}\`a-rather-long-label-${n}\``).join(' ')}.\n`;
    for (const chunkSize of [10, 25, 40]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      for (const chunk of chunks) {
        expect(chunk.text).not.toMatch(/\{ref\}(?!`a-rather-long-label-\d+`)/);
        expect(chunk.text).not.toMatch(/(?<!\{ref\})`a-rather/);
      }
    }
  });

  test('a large document reads in segments as it reads whole, no segment inside a directive', () => {
    const markdown = Array.from({ length: 30 }, () => doc).join('\n');
    const { segmented, whole } = readSegmentedAndWhole(markdown, myst());
    expect(segmented).toEqual(whole);
  });

  test('without the dialect a MyST page is read as before (directive() does not take `:::{note}`)', () => {
    const { chunks } = chunkdown({ chunkSize: 500, syntax: [directive()] }).split(doc);
    expect(chunks.every((chunk) => !chunk.containers?.length)).toBe(true);
  });
});

describe('labelled display math', () => {
  // MyST writes an equation's label after its closing `$$`; the math ends there.
  const markdown = [
    ':::{note}',
    'The energy of a body at rest, written as a labelled equation in the note that holds it:',
    '',
    '$$',
    'e = mc^2',
    '$$ (eq-energy)',
    '',
    'And the text after the equation, still inside the note, long enough to need a second chunk.',
    ':::',
    '',
    'After the note, a paragraph of its own.',
  ].join('\n');

  for (const chunkSize of [60, 120, 300]) {
    test(`ends at its labelled closer, so a directive's closer after it closes the directive (size ${chunkSize})`, () => {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const chunks = result.chunks;
      const math = chunks.filter((chunk) => chunk.text.includes('mc^2'));
      expect(math).toHaveLength(1);
      for (const chunk of chunks) {
        expect(openMystFences(chunk.text)).toEqual([]);
        if (chunk.text.includes('After the note')) expect(chunk.containers ?? []).toEqual([]);
        else expect(chunk.containers).toEqual([{ kind: 'myst', name: 'note' }]);
      }
      expect(math[0]?.text).toContain('$$\ne = mc^2\n$$ (eq-energy)');
    });
  }
});

describe('a code directive split in pieces', () => {
  const body = Array.from({ length: 12 }, (_, n) => `print("line ${n} of the example")`);
  const markdown = [
    'Intro.',
    '',
    '```{code-block} python',
    ':linenos:',
    ':caption: An example',
    '',
    ...body,
    '```',
    '',
    '- Item',
    '',
    '  :::{code} python',
    '  :linenos:',
    ...body.slice(0, 6).map((line) => `  ${line}`),
    '  :::',
    '',
  ].join('\n');

  for (const chunkSize of [60, 120, 300]) {
    test(`repeats its option lines in every piece, as a directive whose body is markdown does (size ${chunkSize})`, () => {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const chunks = result.chunks;
      const backtick = chunks.filter((chunk) => chunk.text.includes('```{code-block}'));
      const colon = chunks.filter((chunk) => chunk.text.includes(':::{code}'));
      expect(backtick.length).toBeGreaterThan(chunkSize === 300 ? 0 : 1);
      for (const chunk of backtick) {
        expect(chunk.text).toMatch(
          /```\{code-block\} python\n:linenos:\n:caption: An example\n\n(?:print\("line \d+ of the example"\)\n)+```$/,
        );
      }
      for (const chunk of colon) {
        expect(chunk.text).toMatch(
          /:::\{code\} python\n {2}:linenos:\n(?: {2}print\("line \d+ of the example"\)\n)+ {2}:::$/,
        );
      }
      // Every line of code is in a piece, once.
      const said = chunks.flatMap((chunk) => chunk.text.match(/print\("line \d+/g) ?? []);
      expect(said).toHaveLength(18);
      for (const chunk of chunks) expect(openMystFences(chunk.text)).toEqual([]);
    });
  }

  test('a glossary keeps its definitions indented under their terms', () => {
    // Sphinx and Jupyter Book read a `{glossary}` body as terms, each with its definition
    // indented under it: read as markdown, the indentation went and a definition became a term.
    const glossary = [
      '```{glossary}',
      'MyST',
      '  Markedly Structured Text, a flavor of markdown for technical writing.',
      '',
      'Jupyter Book',
      '  A tool that builds books from notebooks and MyST markdown files.',
      '```',
    ].join('\n');
    const colon = glossary.replace(/^```\{glossary\}$/m, ':::{glossary}').replace(/```$/, ':::');
    for (const written of [glossary, colon]) {
      const markdown = `# Glossary\n\n${written}\n`;
      const { chunks } = chunkdown({ chunkSize: 500, syntax: auto() }).split(markdown);
      expect(chunks.map((chunk) => chunk.text).join('\n\n')).toContain(written);
      for (const chunk of checkInvariants(markdown, { chunkSize: 60, syntax: auto() }).chunks) {
        for (const line of chunk.text.split('\n'))
          if (/^ *(?:Markedly|A tool)/.test(line)) expect(line).toMatch(/^ {2}\S/);
      }
    }
  });

  test("a glossary in MyST's own form (`Term`, then `: definition`) is markdown, a container", () => {
    const markdown = [
      ':::{glossary}',
      'Hidden Files',
      ': In Unix-like operating systems, files or folders with names that start with a dot (e.g. `.foo.txt`), are treated as "hidden" in most applications.',
      '',
      'Structured Data',
      ': A representation of rich markup that computer programs can easily understand and manipulate.',
      ':::',
      '',
    ].join('\n');
    const { chunks } = checkInvariants(markdown, { chunkSize: 100, syntax: auto() });
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) {
      expect(chunk.containers).toEqual([{ kind: 'myst', name: 'glossary' }]);
      // No piece starts its body with a definition's marker (an option line to MyST).
      expect(chunk.text).not.toMatch(/^:::\{glossary\}\n:/);
    }
  });

  test('in a list item, with a `---` option block, and in a block quote: every piece re-parses as the directive', () => {
    const lines = body.slice(0, 6);
    const docs = [
      [
        '1. Step',
        '',
        '   ```{code-block} python',
        '   ---',
        '   linenos: true',
        '   ---',
        ...lines.map((line) => `   ${line}`),
        '   ```',
        '',
        'After.',
      ],
      [
        '> ```{code-block} python',
        '> :linenos:',
        '> :caption: Quoted',
        ...lines.map((line) => `> ${line}`),
        '> ```',
        '',
        'After.',
      ],
    ].map((each) => each.join('\n'));
    for (const markdown of docs) {
      for (const chunkSize of [30, 60, 120]) {
        const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
        const pieces = result.chunks.filter((chunk) => chunk.text.includes('print('));
        expect(pieces.length).toBeGreaterThan(1);
        for (const chunk of pieces) expect(chunk.text).toMatch(/linenos/);
      }
    }
  });
});
