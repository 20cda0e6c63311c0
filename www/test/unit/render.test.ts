import { chunkdown } from 'chunkdown';
import { auto } from 'chunkdown/syntax';
import { describe, expect, it } from 'vitest';
import { renderChunk } from '../../src/lib/render.ts';

describe('renderChunk', () => {
  it('renders a table and code with its language', () => {
    const html = renderChunk('| a | b |\n| - | - |\n| 1 | 2 |\n\n```ts\nconst x = 1;\n```');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).toContain('<code class="language-ts">const x = 1;\n</code>');
    // The language is shown above the code (from the <pre>'s data-lang), inside containers too.
    expect(html).toContain('<pre data-lang="ts">');
    expect(renderChunk('!!! note\n\n    ```sh\n    ls\n    ```')).toContain('<pre data-lang="sh">');
    expect(renderChunk('```\nplain\n```')).toContain('<pre><code>');
  });

  it('leaves out scripts, event handlers and javascript: links', () => {
    const html = renderChunk(
      [
        '<script>window.hacked = 1</script>',
        '',
        '<img src="x" onerror="window.hacked = 1">',
        '',
        '[click](javascript:alert(1)) and ![i](x.png)',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|onerror|javascript:/i);
    expect(html).toContain('click');
  });

  it('draws the containers a chunk sits in as boxes with their titles', () => {
    const text = [
      '# Setup',
      '',
      '!!! warning "Before you start"',
      '',
      '    Back up **everything** first.',
      '',
      '    ```sh',
      '    cp -r data backup',
      '    ```',
    ].join('\n');
    const chunk = chunkdown({ chunkSize: 500, syntax: auto() })
      .split(text)
      .chunks.find((candidate) => (candidate.containers ?? []).length > 0);
    if (!chunk) throw new Error('no chunk in a container');
    const html = renderChunk(chunk.text);
    expect(html).toContain('<div class="container-box"');
    expect(html).toContain('warning: Before you start');
    expect(html).toContain('<strong>everything</strong>');
    expect(html).toContain('<code class="language-sh">');
  });

  it('draws directive and MDX containers, their fences inside', () => {
    const html = renderChunk(
      [
        ':::tip[Keep it short]',
        'A tip.',
        ':::',
        '',
        '<Tabs>',
        '  <TabItem value="npm">',
        '',
        '    ```bash',
        '    npm i x',
        '    ```',
        '',
        '  </TabItem>',
        '</Tabs>',
      ].join('\n'),
    );
    expect(html).toContain('tip: Keep it short');
    expect(html).toContain('&#x3C;TabItem> value="npm"');
    expect(html).toContain('<code class="language-bash">npm i x\n</code>');
    expect(html.match(/container-box/g)).toHaveLength(3);
  });
});

describe('renderChunk on DocFX chunks', () => {
  it('draws zones, rows, columns and tabs as boxes', () => {
    const text = [
      '::: zone pivot="windows"',
      ':::row:::',
      ':::column span="2":::',
      'Column **text**.',
      ':::column-end:::',
      ':::row-end:::',
      '::: zone-end',
      '',
      '# [Bash](#tab/bash)',
      'Run `az login`.',
      '',
      '---',
    ].join('\n');
    const chunk = chunkdown({ chunkSize: 500, syntax: auto() }).split(text).chunks[0];
    const html = renderChunk(chunk?.text ?? '');
    expect(html).toContain('zone: pivot="windows"');
    expect(html).toContain('>row<');
    expect(html).toContain('column: span="2"<');
    expect(html).toContain('tab: Bash');
    expect(html).toContain('<strong>text</strong>');
    expect(html).not.toContain('#tab/bash');
    expect(html.match(/container-box/g)).toHaveLength(4);
  });
});
