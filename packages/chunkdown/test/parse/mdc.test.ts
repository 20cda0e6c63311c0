import { fromMarkdown } from 'mdast-util-from-markdown';
import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { scanMdc } from '../../src/parse/mdc.js';
import { mdcInlineNode, mdcInlineSyntax } from '../../src/parse/mdc-inline.js';
import { sourceText } from '../../src/parse/source-text.js';
import { inspectChunk } from '../../src/quality.js';
import { auto, mdc } from '../../src/syntax.js';
import { unbalancedContainers } from '../helpers/containers.js';
import { checkInvariants, words } from '../helpers/invariants.js';
import { readSegmentedAndWhole } from '../helpers/segmented-dialects.js';

const scanned = (markdown: string) =>
  scanMdc(sourceText(markdown)).scanned.map((each) => [each.opener, each.closer, each.container]);

const page = [
  '# Installation',
  '',
  'Start with the requirements, then pick a package manager and create the project.',
  '',
  '::card-group',
  '  ::card{title="Open on StackBlitz" icon="i-simple-icons-stackblitz" to="https://stackblitz.com"}',
  '  Online playground with a code editor and terminal access, nothing to install first.',
  '  ::',
  '::',
  '',
  '- **Node.js** - version 22 or newer, an even numbered one if you can.',
  '- **Terminal** - to run the commands below.',
  '',
  '::callout',
  '  ::collapsible{name="additional notes"}',
  '  - **Node.js**: make sure to use an even numbered version, such as 22 or 24.',
  '  - **Windows**: use the loopback address instead of localhost for much faster loading.',
  '  ::',
  '::',
  '',
  '::note',
  '---',
  'icon: i-lucide-info',
  'to: /docs/guide',
  '---',
  'You do not have to use TypeScript to build an application. It is strongly recommended all the same, so that your editor can check the configuration.',
  '::',
  '',
  '::code-group',
  '',
  '```bash [npm]',
  'npm create nuxt@latest my-app',
  '::',
  '```',
  '',
  '```bash [pnpm]',
  'pnpm create nuxt@latest my-app',
  '```',
  '',
  '::',
  '',
].join('\n');

describe('scanMdc', () => {
  test('pairs components by nesting, takes a props block into the opener, and reads names, labels and attributes', () => {
    expect(scanned(page)).toEqual([
      ['::card-group', '::', { kind: 'mdc', name: 'card-group' }],
      [
        '::card{title="Open on StackBlitz" icon="i-simple-icons-stackblitz" to="https://stackblitz.com"}',
        '::',
        {
          kind: 'mdc',
          name: 'card',
          title: 'Open on StackBlitz',
          attributes: {
            title: 'Open on StackBlitz',
            icon: 'i-simple-icons-stackblitz',
            to: 'https://stackblitz.com',
          },
        },
      ],
      ['::callout', '::', { kind: 'mdc', name: 'callout' }],
      [
        '::collapsible{name="additional notes"}',
        '::',
        { kind: 'mdc', name: 'collapsible', attributes: { name: 'additional notes' } },
      ],
      [
        '::note\n---\nicon: i-lucide-info\nto: /docs/guide\n---',
        '::',
        { kind: 'mdc', name: 'note', attributes: { icon: 'i-lucide-info', to: '/docs/guide' } },
      ],
      // The `::` inside the fenced code closes nothing.
      ['::code-group', '::', { kind: 'mdc', name: 'code-group' }],
    ]);
  });

  test('a label is the title; classes and ids are attributes; code and an opener never closed are no component', () => {
    const markdown = [
      '::alert[Heads up]{.wide #intro type="warning"}',
      'Text.',
      '::',
      '',
      '```md',
      '::tip',
      '```',
      '',
      '::read-more{to="/x"}',
      '',
      'Never closed.',
    ].join('\n');
    const found = scanMdc(sourceText(markdown));
    expect(found.scanned.map((each) => each.container)).toEqual([
      {
        kind: 'mdc',
        name: 'alert',
        title: 'Heads up',
        attributes: { type: 'warning', class: 'wide', id: 'intro' },
      },
    ]);
    expect(found.unpaired.map((tag) => tag.line.text)).toEqual(['::read-more{to="/x"}']);
  });

  test('components nest by colons too, each closed by as many; nested props keep their keys', () => {
    const markdown = [
      '::template-core',
      'A portfolio template.',
      '',
      '#right',
      '  :::template-features',
      '  ---',
      '  title: Features',
      '  features:',
      '    - label: Nuxt Architecture',
      '      content: Harness the full power of Nuxt.',
      '  ---',
      '  :::',
      '::',
    ].join('\n');
    expect(scanned(markdown)).toEqual([
      ['::template-core', '::', { kind: 'mdc', name: 'template-core' }],
      [
        ':::template-features\n---\ntitle: Features\nfeatures:\n  - label: Nuxt Architecture\n    content: Harness the full power of Nuxt.\n---',
        ':::',
        {
          kind: 'mdc',
          name: 'template-features',
          title: 'Features',
          attributes: { title: 'Features' },
        },
      ],
    ]);
    // Only components of three colons or more: the directive dialect's, not MDC shown.
    const directives = ':::note\nA directive.\n:::\n';
    expect(chunkdown({ chunkSize: 100, syntax: auto() }).split(directives).syntax).toEqual([
      'directive',
    ]);
  });
});

describe('MDC components', () => {
  test('auto() detects them; every piece of a split component holds its opener (props too) and closer', () => {
    for (const chunkSize of [60, 100, 200]) {
      const result = checkInvariants(page, { chunkSize, syntax: auto() });
      expect(result.syntax).toEqual(['mdc']);
      const notes = result.chunks.filter((chunk) =>
        chunk.containers.some((container) => container.name === 'note'),
      );
      expect(notes.length).toBeGreaterThan(chunkSize < 200 ? 1 : 0);
      for (const chunk of notes) {
        expect(chunk.text).toMatch(/::note\n---\nicon: i-lucide-info\nto: \/docs\/guide\n---\n/);
        expect(chunk.text.trimEnd()).toMatch(/\n::$/);
        expect(unbalancedContainers(chunk.text)).toEqual([]);
      }
      for (const chunk of result.chunks) {
        expect(inspectChunk(chunk.text, undefined, { syntax: ['mdc'] }).unbalancedContainers).toBe(
          0,
        );
      }
      // Nothing lost, nothing added: the words of the chunks are the document's (props aside,
      // which repeat with every piece).
      const written = result.chunks.flatMap((chunk) => words(chunk.text));
      for (const word of words(page)) expect(written).toContain(word);
    }
  });

  test('a component after a list ends the list: its indented body is not read into the last item', () => {
    const { chunks } = chunkdown({ chunkSize: 1000, syntax: [mdc()] }).split(page);
    const callout = chunks.find((chunk) => chunk.text.includes('::callout'));
    // The items of the collapsible are a list of their own inside the component, not items
    // nested in "Terminal".
    expect(callout?.text).toMatch(
      /[*-] \*\*Terminal\*\* - to run the commands below\.\n\n::callout\n::collapsible\{name="additional notes"\}\n- \*\*Node\.js\*\*/,
    );
    const pieces = chunkdown({ chunkSize: 60, syntax: [mdc()] }).split(page).chunks;
    const windows = pieces.find((chunk) => chunk.text.includes('**Windows**'));
    expect(windows?.containers.map((container) => container.name)).toEqual([
      'callout',
      'collapsible',
    ]);
  });

  test('without the dialect, or with its lines inside code only, a document is read as before', () => {
    const plain = ['Some text.', '', '```cpp', '::std::vector<int> v;', '::', '```', ''].join('\n');
    expect(chunkdown({ chunkSize: 100, syntax: auto() }).split(plain).syntax).toEqual([]);
    expect(chunkdown({ chunkSize: 100 }).split(page).chunks[0]?.containers).toEqual([]);
  });

  test('a slot line leads into the blocks after it: no chunk ends with one', () => {
    const markdown = [
      '::card',
      '---',
      'icon: i-lucide-box',
      '---',
      'The default slot holds a sentence or two about the card and what it links to.',
      '',
      '#description',
      '',
      'The description slot, a paragraph of its own that a chunk should start with its slot line.',
      '',
      '#links',
      '',
      '- [First link](https://example.com/one)',
      '- [Second link](https://example.com/two)',
      '::',
      '',
    ].join('\n');
    for (const chunkSize of [60, 100, 150]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      for (const chunk of chunks) expect(chunk.text).not.toMatch(/\n#(?:description|links)\n+::$/);
      expect(chunks.some((chunk) => /#description\n\nThe description/.test(chunk.text))).toBe(true);
    }
  });

  test('a short component first in a list item is read in the item, also in a piece', () => {
    const markdown = [
      '1. Install the dependencies of the project with your package manager of choice.',
      '2. Run the tests.',
      '',
      '   ::tip',
      '   If you are adding a dependency, please use `pnpm add`. The lock file is the source of truth for every dependency.',
      '   ::',
      '',
    ].join('\n');
    for (const chunkSize of [60, 100]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const tips = chunks.filter((chunk) => chunk.text.includes('::tip'));
      expect(tips.length).toBeGreaterThan(0);
      for (const chunk of tips) expect(chunk.containers).toEqual([{ kind: 'mdc', name: 'tip' }]);
    }
  });

  test('update() after an edit inside a component gives what split() gives', () => {
    const splitter = chunkdown({ chunkSize: 100, syntax: auto() });
    const before = splitter.split(page);
    const edited = page.replace(
      'You do not have to use TypeScript',
      'You never have to use TypeScript',
    );
    const updated = splitter.update(before, edited);
    const { changes, ...result } = updated;
    expect(result).toEqual(splitter.split(edited));
    expect(changes.added.every((chunk) => chunk.containers.some((c) => c.name === 'note'))).toBe(
      true,
    );
    expect(changes.kept.length).toBeGreaterThan(0);
  });

  test('a nested component whose body is indented four columns is read as markdown, not code', () => {
    const markdown = [
      '::field-group',
      '  ::field{name="base" type="string"}',
      '    Name of the storage mountpoint to use for caching. It defaults to `cache` when not given.',
      '  ::',
      '  ::field{name="maxAge" type="number"}',
      '    Maximum age that cache is valid, in seconds. Default to `1` (second).',
      '  ::',
      '::',
      '',
    ].join('\n');
    for (const chunkSize of [60, 100, 1000]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      for (const chunk of chunks) {
        expect(chunk.text).not.toContain('```');
        expect(chunk.containers.map((container) => container.name)).toEqual(
          chunkSize === 1000 ? ['field-group'] : ['field-group', 'field'],
        );
      }
      const storage = chunks.find((chunk) => chunk.text.includes('mountpoint'));
      expect(storage?.text).toMatch(/^::field-group\n::field\{name="base" type="string"\}\n/);
    }
  });

  test('a component in a list item, or nested in one that does not start a line, keeps its stand-ins inside', () => {
    // A body read again on its own stands in as a code fence whose closer takes the space before
    // `::`: left of a list item's text that would end the item, and the code would run on.
    const markdown = [
      '4. Run `pnpm install` to install the dependencies:',
      '    ```bash [Terminal]',
      '    pnpm install --frozen-lockfile',
      '    ```',
      '    ::note',
      '    If you are adding a dependency, please use `pnpm add`. The lock file is the source of truth.',
      '    ::',
      '5. Activate the passive development system.',
      '',
      '::tip',
      'You can use Markdown inside your components slots:',
      '',
      '  :::code-group',
      '  ```html [MyTitle.vue]',
      '  <h1><slot /></h1>',
      '  ```',
      '',
      '    ::::code-preview{icon="i-lucide-eye" label="Preview"}',
      '      :::::example-title',
      '      A rich text will be rendered by the component.',
      '      :::::',
      '    ::::',
      '  :::',
      '::',
      '',
      'After the tip.',
      '',
    ].join('\n');
    for (const chunkSize of [60, 100, 500]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const note = chunks.find((chunk) => chunk.text.includes('pnpm add'));
      expect(note?.containers.map((container) => container.name)).toEqual(
        chunkSize === 500 ? [] : ['note'],
      );
      const title = chunks.find((chunk) => chunk.text.includes('rich text'));
      expect(title?.containers.map((container) => container.name)).toEqual(
        chunkSize === 500 ? [] : ['tip', 'code-group', 'code-preview', 'example-title'],
      );
      const after = chunks.find((chunk) => chunk.text.includes('After the tip.'));
      expect(after?.text).toMatch(/(?:^|::\n\n)After the tip\.$/);
    }
  });

  test('attributes may hold brackets in quotes: the label is outside them', () => {
    const markdown = '::code-preview{class="[&>div]:*:my-0 [&>div]:*:w-full"}\nText.\n::\n';
    expect(scanned(markdown)[0]?.[2]).toEqual({
      kind: 'mdc',
      name: 'code-preview',
      attributes: { class: '[&>div]:*:my-0 [&>div]:*:w-full' },
    });
  });

  test('a document read in segments reads its components as a whole read does', () => {
    const { segmented, whole } = readSegmentedAndWhole(page, mdc());
    expect(segmented.tree).toEqual(whole.tree);
  });
});

describe('inline MDC components', () => {
  const atoms = (markdown: string) => {
    const tree = fromMarkdown(markdown, {
      extensions: [mdcInlineSyntax()],
      mdastExtensions: [mdcInlineNode.fromMarkdown],
    });
    const found: string[] = [];
    const visit = (node: { type: string; raw?: string; children?: unknown[] }) => {
      if (node.type === 'mdcInline') found.push(node.raw as string);
      for (const child of node.children ?? []) visit(child as typeof node);
    };
    visit(tree);
    return found;
  };

  test('a name with a label or attributes is an atom; times, URLs, emoji codes and link texts are not', () => {
    expect(
      atoms(
        'New in :badge[v4.3] see :read-more{to="/docs/api"} and :button-link{.bold}[Go now] or ::read-more{to="/x" title="A } in quotes"}',
      ),
    ).toEqual([
      ':badge[v4.3]',
      ':read-more{to="/docs/api"}',
      ':button-link{.bold}[Go now]',
      '::read-more{to="/x" title="A } in quotes"}',
    ]);
    expect(
      atoms(
        'At 12:45 go to https://example.com, note:[x] and :smile: or :x[the text](https://example.com) or :alone here, :open{never',
      ),
    ).toEqual([]);
  });

  test('a component is never cut, also when its attributes are longer than a chunk', () => {
    const markdown = [
      '::note',
      'A note to make the page MDC.',
      '::',
      '',
      'To learn more about the mechanism behind these overrides, please refer to the documentation.',
      '',
      ':video-accordion{title="Watch a video from Alexander Lichter about the env-aware nuxt.config.ts" videoId="DFZI2iVCrNc"}',
      '',
    ].join('\n');
    for (const chunkSize of [40, 100]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const holding = chunks.filter((chunk) => chunk.text.includes('video-accordion'));
      expect(holding).toHaveLength(1);
      expect(holding[0]?.text).toContain(
        ':video-accordion{title="Watch a video from Alexander Lichter about the env-aware nuxt.config.ts" videoId="DFZI2iVCrNc"}',
      );
    }
  });
});
