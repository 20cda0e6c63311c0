import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { dialectsFor } from '../../src/parse/dialect.js';
import { scanDocfx } from '../../src/parse/docfx.js';
import { parseDialects } from '../../src/parse/read-dialects.js';
import { sourceText } from '../../src/parse/source-text.js';
import { inspectChunk } from '../../src/quality.js';
import { auto, directive, docfx } from '../../src/syntax.js';
import { unbalancedContainers as unbalancedLines } from '../helpers/containers.js';
import { checkInvariants, words } from '../helpers/invariants.js';
import { readSegmentedAndWhole } from '../helpers/segmented-dialects.js';

const opened = (markdown: string) =>
  scanDocfx(sourceText(markdown)).scanned.map((each) => [each.opener, each.closer, each.container]);

const doc = [
  '# Install the tool',
  '',
  'Intro paragraph that says what this page does for every platform.',
  '',
  '::: zone pivot="windows"',
  '',
  '## Windows',
  '',
  'Download the installer and run it. Then restart the machine so the path is picked up by every shell.',
  '',
  '[!INCLUDE [prerequisites for the install](includes/prerequisites-long-name.md)]',
  '',
  '::: zone-end',
  '',
  ':::zone pivot="linux"',
  '',
  'Use the package manager of your distribution to install it, then log out and in again.',
  '',
  ':::zone-end',
  '',
  '# [Bash](#tab/bash)',
  '',
  '```bash',
  'az group create --name demo --location westus',
  '```',
  '',
  'Run the command above in a Bash shell, it creates the resource group you need later.',
  '',
  '# <a name="ps"></a>[PowerShell](#tab/powershell)',
  '',
  'Run the same command in PowerShell, where the line continuation character differs.',
  '',
  '---',
  '',
  'After the tabs, a paragraph that belongs to no tab at all, whatever its length is.',
  '',
  ':::row:::',
  '   :::column span="":::',
  '      :::image type="content" source="media/a.png" alt-text="Screenshot of the first screen of the app, showing the menu.":::',
  '      **Android**',
  '   :::column-end:::',
  '   :::column span="2":::',
  '      Text of the second column that is long enough to need splitting across chunks.',
  '   :::column-end:::',
  ':::row-end:::',
  '',
  '::: moniker range=">=net-8.0"',
  '',
  'This is only for .NET 8 and later: the API changed there and the old one was removed.',
  '',
  ':::image type="complex" source="media/b.png" alt-text="A diagram of the flow.":::',
  'The long description of the diagram: a button, an arrow to a clock, and an arrow to the sun.',
  ':::image-end:::',
  '',
  '::: moniker-end',
  '',
].join('\n');

describe('scanDocfx', () => {
  test('pairs zones, monikers, rows, columns and complex images; tabs run to the next tab or the end of the group', () => {
    expect(opened(doc)).toEqual([
      [
        '::: zone pivot="windows"',
        '::: zone-end',
        { kind: 'docfx', name: 'zone', attributes: { pivot: 'windows' } },
      ],
      [':::zone pivot="linux"', ':::zone-end', expect.objectContaining({ name: 'zone' })],
      [
        '# [Bash](#tab/bash)',
        '',
        { kind: 'docfx', name: 'tab', title: 'Bash', attributes: { tab: 'bash' } },
      ],
      [
        '# <a name="ps"></a>[PowerShell](#tab/powershell)',
        '',
        { kind: 'docfx', name: 'tab', title: 'PowerShell', attributes: { tab: 'powershell' } },
      ],
      [':::row:::', ':::row-end:::', { kind: 'docfx', name: 'row' }],
      [
        ':::column span="":::',
        ':::column-end:::',
        { kind: 'docfx', name: 'column', attributes: { span: '' } },
      ],
      [
        ':::column span="2":::',
        ':::column-end:::',
        { kind: 'docfx', name: 'column', attributes: { span: '2' } },
      ],
      [
        '::: moniker range=">=net-8.0"',
        '::: moniker-end',
        { kind: 'docfx', name: 'moniker', attributes: { range: '>=net-8.0' } },
      ],
      [
        ':::image type="complex" source="media/b.png" alt-text="A diagram of the flow.":::',
        ':::image-end:::',
        {
          kind: 'docfx',
          name: 'image',
          attributes: {
            type: 'complex',
            source: 'media/b.png',
            'alt-text': 'A diagram of the flow.',
          },
        },
      ],
    ]);
    // The tab group ends at its `---`: the paragraph after it is in no tab.
    const powershell = scanDocfx(sourceText(doc)).scanned[3];
    expect(doc.slice(powershell?.close?.[0])).toMatch(/^---\n/);
  });

  test('a tab ends at a heading of its level or higher, not at a deeper one; a group left open ends with the document', () => {
    const markdown = [
      '## Set up',
      '',
      '### [Windows](#tab/windows/arm)',
      '',
      '#### Inside the tab',
      '',
      'Windows text.',
      '',
      '### [Linux](#tab/linux)',
      '',
      'Linux text.',
      '',
      '## Next section',
      '',
      'Not in a tab.',
      '',
      '# [A](#tab/a)',
      '',
      'Last tab, never closed.',
    ].join('\n');
    const found = scanDocfx(sourceText(markdown)).scanned;
    expect(found.map((each) => markdown.slice(each.open[0], each.close?.[0]).trim())).toEqual([
      '### [Windows](#tab/windows/arm)\n\n#### Inside the tab\n\nWindows text.',
      '### [Linux](#tab/linux)\n\nLinux text.',
      '# [A](#tab/a)\n\nLast tab, never closed.',
    ]);
    expect(found[0]?.container.attributes).toEqual({ tab: 'windows', condition: 'arm' });
  });

  test('no container for an unpaired tag, tags in fenced code, a simple image, or a `---` that underlines a heading', () => {
    const markdown = [
      '::: zone pivot="a"',
      '',
      'Never closed.',
      '',
      '```md',
      '::: moniker range="x"',
      '```',
      '',
      ':::image type="content" source="a.png" alt-text="A.":::',
      '',
      '::: moniker-end',
      '',
      '# [Tab](#tab/t)',
      '',
      'A setext heading',
      '---',
      '',
      'Still in the tab.',
    ].join('\n');
    const found = scanDocfx(sourceText(markdown));
    expect(found.scanned.map((each) => each.opener)).toEqual(['# [Tab](#tab/t)']);
    expect(found.scanned[0]?.close?.[0]).toBe(markdown.length);
    expect(found.unpaired.map((tag) => tag.line.text)).toEqual([
      '::: zone pivot="a"',
      '::: moniker-end',
    ]);
  });

  test('a body indented four spaces or more is read as markdown, not as indented code', () => {
    const markdown = [
      ':::row:::',
      '    :::column:::',
      '        A paragraph in a column, **bold**.',
      '',
      '        - an item',
      '    :::column-end:::',
      ':::row-end:::',
    ].join('\n');
    const { tree } = parseDialects(
      sourceText(markdown),
      dialectsFor([docfx()], sourceText(markdown)),
    );
    const row = tree.children[0] as unknown as {
      type: string;
      name: string;
      children: Array<{ type: string; name: string; children: Array<{ type: string }> }>;
    };
    expect(row.type).toBe('containerDirective');
    expect(row.name).toBe('row');
    expect(row.children.map((child) => child.name)).toEqual(['column']);
    expect(row.children[0]?.children.map((child) => child.type)).toEqual(['paragraph', 'list']);
  });
});

describe('the docfx dialect', () => {
  test('auto() finds it; plain documents, alerts and `:::` directives are not read with it', () => {
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(doc).syntax).toEqual(['docfx']);
    const include = 'Text.\n\n[!INCLUDE [x](includes/x.md)]\n';
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(include).syntax).toEqual(['docfx']);
    for (const plain of [
      '# Title\n\nA [link](#tab) and a rule:\n\n---\n\nMore.\n',
      '> [!NOTE]\n> An alert.\n',
      ':::note\nA directive.\n:::\n',
      '```md\n::: zone pivot="x"\n\n::: zone-end\n[!INCLUDE [x](y)]\n```\n',
    ]) {
      expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(plain).syntax).not.toContain(
        'docfx',
      );
    }
  });

  test('auto() finds a tag indented into a list item, not one in indented code', () => {
    // Microsoft Learn's steps (Aspire's includes): the only DocFX in the page is a screenshot
    // under an item, 4 columns in. Unread, the tag was cut between its attributes at 100.
    const image =
      '    :::image type="content" source="media/new-app.png" alt-text="A screenshot of the Aspire Starter App template.":::';
    const steps = `Complete the following steps:\n\n1. Select the **Aspire Starter App** template.\n   Then wait.\n\n${image}\n\n1. Select a folder.\n`;
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(steps).syntax).toEqual(['docfx']);
    const { chunks } = checkInvariants(steps, { chunkSize: 100, syntax: auto() });
    expect(chunks.filter((chunk) => chunk.text.includes(image.trim()))).toHaveLength(1);
    const code = `Write this:\n\n${image}\n\nIt shows a screenshot.\n`;
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(code).syntax).toEqual([]);
  });

  test('a GitHub alert stays an alert, an include inside it an atom', () => {
    const markdown =
      '> [!NOTE]\n> Read this first: [!INCLUDE [the prerequisites](includes/p.md)] and go.\n';
    const { chunks } = chunkdown({ chunkSize: 40, syntax: [docfx()] }).split(markdown);
    for (const chunk of chunks) {
      expect(chunk.containers?.[0]).toMatchObject({ kind: 'alert', name: 'note' });
      expect(chunk.text.startsWith('> [!NOTE]')).toBe(true);
    }
    expect(
      chunks.some((chunk) => chunk.text.includes('[!INCLUDE [the prerequisites](includes/p.md)]')),
    ).toBe(true);
  });

  for (const chunkSize of [60, 120, 300]) {
    test(`every piece of a container is in a chunk that holds its opener, no tag is cut (size ${chunkSize})`, () => {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(doc);
      // Nothing lost.
      const said = chunks.flatMap((chunk) => words(chunk.text));
      for (const word of words(doc)) expect(said).toContain(word);
      const inlineTags = doc.match(/\[!INCLUDE [^\n]*?\)\]|:::[a-z][\w-]*[^\n]*?:::/g) ?? [];
      for (const chunk of chunks) {
        const stack: string[] = [];
        for (const line of chunk.text.split('\n')) {
          // Tags are whole: every `:::` on a line closes the tag it opened.
          if (line.includes(':::') && !/^::: ?(zone|moniker)/.test(line))
            expect(inlineTags).toContain(line.trim());
          const tag = /^::: ?(zone|moniker)(-end)?|^:::(row|column|image)(-end)?/.exec(line);
          if (!tag) continue;
          const name = (tag[1] ?? tag[3]) as string;
          if (name === 'image' && !line.includes('complex') && !tag[4]) continue;
          if (tag[2] || tag[4]) expect(stack.pop()).toBe(name);
          else stack.push(name);
        }
        expect(stack).toEqual([]);
        if (/resource group you need|Bash shell|demo --location/.test(chunk.text)) {
          expect(chunk.text.startsWith('# [Bash](#tab/bash)\n')).toBe(true);
          expect(chunk.containers).toEqual([
            { kind: 'docfx', name: 'tab', title: 'Bash', attributes: { tab: 'bash' } },
          ]);
        }
        if (/continuation|same command/.test(chunk.text))
          expect(chunk.text.startsWith('# <a name="ps"></a>[PowerShell](#tab/powershell)\n')).toBe(
            true,
          );
        if (/belongs to no tab/.test(chunk.text)) expect(chunk.containers ?? []).toEqual([]);
        // A piece of a nested container holds the openers of both, in order.
        const inOrder = (...parts: RegExp[]) => {
          const at = parts.map((part) => chunk.text.search(part));
          expect(at.every((each) => each >= 0)).toBe(true);
          expect([...at].sort((x, y) => x - y)).toEqual(at);
        };
        const second = /second column|splitting across|enough to need/.exec(chunk.text);
        if (second) inOrder(/^:::row:::$/m, /^:::column span="2":::$/m, new RegExp(second[0]));
        const sun = /arrow to the sun|clock|long description/.exec(chunk.text);
        if (sun) inOrder(/^::: moniker range/m, /^:::image type="complex"/m, new RegExp(sun[0]));
      }
    });
  }

  test('`[!INCLUDE]` and `:::image …:::` are atoms of no content size, written as they were', () => {
    const image =
      ':::image type="content" source="media/a.png" alt-text="Screenshot of the first screen of the app. It shows the menu.":::';
    const markdown = `Some words before it. ${image} And [!INCLUDE [a long include title here](includes/a-long-include-name.md)] after.\n`;
    const { chunks } = chunkdown({ chunkSize: 30, syntax: [docfx()] }).split(markdown);
    expect(chunks.some((chunk) => chunk.text.includes(image))).toBe(true);
    expect(
      chunks.some((chunk) =>
        chunk.text.includes(
          '[!INCLUDE [a long include title here](includes/a-long-include-name.md)]',
        ),
      ),
    ).toBe(true);
    const alone = chunkdown({ chunkSize: 500, syntax: [docfx()] }).split(`${image}\n`);
    expect(alone.chunks[0]?.text).toBe(image);
    expect(alone.chunks[0]?.contentSize).toBe(0);
  });

  test('under directive(), DocFX lines are no directive fences', () => {
    const markdown = '::: zone pivot="a"\n\nText.\n\n::: zone-end\n\n:::note\nA note.\n:::\n';
    const { chunks } = chunkdown({ chunkSize: 500, syntax: [directive(), docfx()] }).split(
      markdown,
    );
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      '::: zone pivot="a"\nText.\n::: zone-end\n\n:::note\nA note.\n:::',
    ]);
  });

  test('a tab group that ends with its zone: the zone closer is written once, no text gained', () => {
    const markdown = [
      '::: zone pivot="cli"',
      '',
      '## [Azure CLI](#tab/azure-cli)',
      '',
      'Run the login command first, then create the group and wait for it to finish.',
      '',
      '## [PowerShell](#tab/powershell)',
      '',
      'Connect first, then create the group with the resource group command.',
      '',
      '::: zone-end',
      '',
      'After the zone.',
    ].join('\n');
    for (const chunkSize of [60, 500]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      const all = chunks.map((chunk) => chunk.text).join('\n');
      expect(all).not.toContain('```');
      for (const chunk of chunks) {
        const opens = chunk.text.match(/^::: zone pivot/gm)?.length ?? 0;
        expect(chunk.text.match(/^::: zone-end$/gm)?.length ?? 0).toBe(opens);
      }
      expect(all.match(/After the zone\./g)).toHaveLength(1);
      expect(
        all.endsWith('::: zone-end\n\nAfter the zone.') || all.endsWith('\nAfter the zone.'),
      ).toBe(true);
    }
  });

  test('a zone whose list ends with indented code, then the next zone: both are zones', () => {
    // Semantic Kernel's docs: the blanked closer and the next blanked opener are lines of
    // spaces, which the indented code before them took; they go back to the zones.
    const markdown = [
      '## Options',
      '',
      '::: zone pivot="programming-language-csharp"',
      '',
      'The following options are available to every behavior:',
      '',
      '- **AllowParallelCalls**: lets the model choose several functions in one request.',
      '  By default it is null.',
      '',
      '      The table sums up the effects of the options.',
      '',
      '      | Parallel | Concurrent |',
      '      |----------|------------|',
      '      | false    | false      |',
      '',
      '::: zone-end',
      '',
      '::: zone pivot="programming-language-java"',
      'Java takes the same options, under other names.',
      '::: zone-end',
      '',
      '## Function invocation',
      '',
      'Text after the zones.',
    ].join('\n');
    expect(opened(markdown).map(([opener]) => opener)).toEqual([
      '::: zone pivot="programming-language-csharp"',
      '::: zone pivot="programming-language-java"',
    ]);
    for (const chunkSize of [60, 200, 1500]) {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      for (const chunk of result.chunks) {
        const opens = chunk.text.match(/^::: zone pivot/gm)?.length ?? 0;
        expect(chunk.text.match(/^::: zone-end$/gm)?.length ?? 0).toBe(opens);
        if (/AllowParallelCalls|sums up/.test(chunk.text) && !chunk.text.startsWith('## ')) {
          expect(chunk.containers.map((each) => each.attributes?.pivot)).toEqual([
            'programming-language-csharp',
          ]);
        }
      }
    }
  });

  test('a tab that is the last part of a list item ends with the item, not with the document', () => {
    // DocFX's own release notes show a tab group inside a list item, with no `---` after it.
    const markdown = [
      '# Release notes',
      '',
      '1. New feature: tabbed content.',
      '',
      '   # [Csharp](#tab/csharp)',
      '   ```cs',
      '   Console.WriteLine("Hello world");',
      '   ```',
      '   # [JavaScript](#tab/js)',
      '   ```js',
      "   console.log('hello world');",
      '   ```',
      '',
      '2. Fix bugs: update the short cross-reference format.',
      '',
      '## Older',
      '',
      'Fix the incremental post-processor, always disabled before.',
    ].join('\n');
    for (const chunkSize of [40, 100, 500]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      let previousEnd = 0;
      for (const chunk of chunks) {
        expect(chunk.start).toBeGreaterThanOrEqual(previousEnd);
        expect(chunk.end).toBeGreaterThan(chunk.start);
        // Every word of a chunk is in its source range.
        const range = words(markdown.slice(chunk.start, chunk.end));
        for (const word of words(chunk.text)) expect(range).toContain(word);
        previousEnd = chunk.end;
        if (/Fix bugs|incremental/.test(chunk.text)) expect(chunk.containers ?? []).toEqual([]);
      }
    }
  });

  test('a tight list right before a zone stays tight: the zone opener ends it', () => {
    const markdown = [
      '- An Azure subscription',
      '- The Azure CLI, installed and signed in',
      '',
      ':::zone pivot="csharp"',
      '',
      '- The .NET 10 SDK or later',
      '',
      ':::zone-end',
      '',
    ].join('\n');
    const { chunks } = chunkdown({ chunkSize: 1000, syntax: [docfx()] }).split(markdown);
    expect(chunks.map((chunk) => chunk.text)).toEqual([
      '* An Azure subscription\n* The Azure CLI, installed and signed in\n\n:::zone pivot="csharp"\n- The .NET 10 SDK or later\n:::zone-end',
    ]);
  });

  test('a large document reads in segments as it reads whole, no segment inside a container', () => {
    const markdown = Array.from({ length: 30 }, () => doc).join('\n');
    const { segmented, whole } = readSegmentedAndWhole(markdown, docfx());
    expect(segmented).toEqual(whole);
  });
});

describe('inspectChunk under docfx', () => {
  test('DocFX pairs balance; a piece that leaves one open is counted', () => {
    const whole = [
      '::: zone pivot="a"',
      ':::row:::',
      ':::column span="2":::',
      'Text.',
      ':::column-end:::',
      ':::row-end:::',
      ':::image type="complex" source="a.png" alt-text="A.":::',
      'Described.',
      ':::image-end:::',
      ':::image type="content" source="b.png" alt-text="B.":::',
      '::: zone-end',
    ].join('\n');
    expect(inspectChunk(whole, undefined, { syntax: ['docfx'] }).unbalancedContainers).toBe(0);
    const open = whole.split('\n').slice(0, 4).join('\n');
    expect(inspectChunk(open, undefined, { syntax: ['docfx'] }).unbalancedContainers).toBe(3);
    expect(unbalancedLines(whole)).toEqual([]);
    expect(unbalancedLines(open)).toHaveLength(1);
  });
});
