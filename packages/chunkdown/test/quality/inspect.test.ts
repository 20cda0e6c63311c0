import { describe, expect, it } from 'vitest';
import { inspectChunk } from '../../src/quality/inspect.js';

describe('inspectChunk', () => {
  it('finds nothing wrong in a well-formed chunk', () => {
    const text = [
      '## Options',
      '',
      '| a | b |',
      '| - | - |',
      '| 1 | 2 |',
      '',
      '```js',
      'const x = 1;',
      '```',
      '',
      '> ~~~',
      '> quoted code',
      '> ~~~',
      '',
      '* item',
      '',
      '  ````md',
      '  ```',
      '  nested fence text',
      '  ````',
      '',
      '    indented code',
    ].join('\n');
    expect(inspectChunk(text)).toEqual({
      orphanRows: 0,
      unbalancedFences: 0,
      unbalancedContainers: 0,
      contentChars: expect.any(Number),
    });
  });

  it('counts table rows that lost their header', () => {
    expect(inspectChunk('| 3 | 4 |\n| 5 | 6 |').orphanRows).toBe(2);
    expect(inspectChunk('Intro\n\n> | 3 | 4 |').orphanRows).toBe(1);
    expect(inspectChunk('* | 3 | 4 |').orphanRows).toBe(1);
    // Pipes inside code are code, not rows.
    expect(inspectChunk('```\n| 3 | 4 |\n```').orphanRows).toBe(0);
    expect(inspectChunk('a | b, not a row').orphanRows).toBe(0);
  });

  it('counts fences that are never closed', () => {
    expect(inspectChunk('```ts\nconst a = 1;').unbalancedFences).toBe(1);
    expect(inspectChunk('Text\n\n~~~\ncode').unbalancedFences).toBe(1);
    expect(inspectChunk('````\ncode\n```').unbalancedFences).toBe(1);
    expect(inspectChunk('```\ncode\n~~~').unbalancedFences).toBe(1);
    expect(inspectChunk('> ```\n> code').unbalancedFences).toBe(1);
    expect(inspectChunk('```').unbalancedFences).toBe(1);
    expect(inspectChunk('```\n```\n\n```\nopen').unbalancedFences).toBe(1);
  });

  it('measures the rendered text', () => {
    expect(inspectChunk('**Bold** [link](https://example.com/long/url)').contentChars).toBe(9);
  });

  it('skips parsing when the length is known and nothing looks like a row or a fence', () => {
    expect(inspectChunk('Plain **text** only.', 16)).toEqual({
      orphanRows: 0,
      unbalancedFences: 0,
      unbalancedContainers: 0,
      contentChars: 16,
    });
    expect(inspectChunk('| 3 | 4 |', 5)).toEqual({
      orphanRows: 1,
      unbalancedFences: 0,
      unbalancedContainers: 0,
      contentChars: 5,
    });
    expect(inspectChunk('~~~\ncode', 4).unbalancedFences).toBe(1);
  });

  describe('as the dialects in use read a chunk', () => {
    const admonition =
      '!!! Note "x"\n    You can:\n\n    ```\n    {{ a }}\n    ```\n\n    Restart.';

    it('reads a fence indented in an MkDocs admonition or tab as a fence', () => {
      // CommonMark reads the body as indented code running to "Restart.": a false alarm.
      expect(inspectChunk(admonition).unbalancedFences).toBe(1);
      expect(inspectChunk(admonition, undefined, { syntax: ['mkdocs'] }).unbalancedFences).toBe(0);
      const tabs = [
        '=== "npm"',
        '',
        '    ```sh',
        '    npm i x',
        '    ```',
        '',
        '=== "pnpm"',
        '',
        '    ??? tip "Nested"',
        '',
        '        ```sh',
        '        pnpm add x',
        '        ```',
      ].join('\n');
      expect(inspectChunk(tabs, undefined, { syntax: ['mkdocs'] })).toMatchObject({
        unbalancedFences: 0,
        unbalancedContainers: 0,
      });
    });

    it('still finds a fence an MkDocs body leaves open', () => {
      const open = '!!! note\n\n    ```py\n    x = 1\n\nAfter the note.';
      expect(inspectChunk(open, undefined, { syntax: ['mkdocs'] }).unbalancedFences).toBe(1);
    });

    it('reads fences in the children of MDX components at any indentation', () => {
      const tabs = [
        '<Tabs>',
        '  <TabItem value="npm">',
        '',
        '    ```bash',
        '    npm i x',
        '    ```',
        '',
        '  </TabItem>',
        '</Tabs>',
      ].join('\n');
      expect(inspectChunk(tabs, undefined, { syntax: ['mdx'] })).toMatchObject({
        unbalancedFences: 0,
        unbalancedContainers: 0,
      });
      const broken = tabs.split('\n').slice(0, 5).join('\n');
      expect(inspectChunk(broken, undefined, { syntax: ['mdx'] })).toMatchObject({
        unbalancedFences: 1,
        unbalancedContainers: 2,
      });
    });

    it('reads an MDX component whose opening tag spans lines as one tag', () => {
      // Starlight's testimonials: attributes one a line, the `>` on a line of its own.
      const grid = [
        '<Grid title="People">',
        '  <Testimonial',
        '    name="Rachel"',
        '    cite="https://example.com/a?b=1&c=>"',
        '  >',
        '    Great docs.',
        '  </Testimonial>',
        '  <Card',
        '    icon="x" />',
        '</Grid>',
      ].join('\n');
      expect(inspectChunk(grid, 40, { syntax: ['mdx'] }).unbalancedContainers).toBe(0);
      // Still a tag left open when its closing tag is not in the chunk.
      const open = grid.split('\n').slice(0, 6).join('\n');
      expect(inspectChunk(open, 40, { syntax: ['mdx'] }).unbalancedContainers).toBe(2);
      // Expressions in braces at any depth, over lines (Starlight's theme designer).
      const nested = [
        '<ThemeDesigner',
        "  labels={{ presets: { label: 'a > b' }, editor: { hue: 'x' } }}",
        '>',
        '<Fragment slot="css">',
        'Text.',
        '</Fragment>',
        '</ThemeDesigner>',
      ].join('\n');
      expect(inspectChunk(nested, 40, { syntax: ['mdx'] }).unbalancedContainers).toBe(0);
      // A line that starts a tag and never ends it is text, not an opener.
      expect(
        inspectChunk('<Note\n\nno end of tag here', 40, { syntax: ['mdx'] }).unbalancedContainers,
      ).toBe(0);
    });

    it('counts directive containers left open or closed without an opener', () => {
      const options = { syntax: ['directive'] };
      expect(inspectChunk(':::tip\nText\n:::', 50, options).unbalancedContainers).toBe(0);
      expect(inspectChunk('::: zone pivot="a"\nText\n::: zone-end', 50, options)).toMatchObject({
        unbalancedContainers: 0,
      });
      expect(inspectChunk(':::tip\nText', 50, options).unbalancedContainers).toBe(1);
      expect(inspectChunk('Text\n:::', 50, options).unbalancedContainers).toBe(1);
      // Inside code, and without the dialect, colons are text.
      expect(inspectChunk('```\n:::tip\n```', 50, options).unbalancedContainers).toBe(0);
      expect(inspectChunk(':::tip\nText', 50).unbalancedContainers).toBe(0);
    });

    it("reads Pandoc's and Quarto's divs, closed by any closing fence", () => {
      const options = { syntax: ['directive'] };
      const callout = '::: {.callout-caution collapse="true"}\n## Caution\n\nText.\n:::';
      expect(inspectChunk(callout, 50, options).unbalancedContainers).toBe(0);
      expect(inspectChunk(':::: {#a .aside}\nText\n:::', 50, options).unbalancedContainers).toBe(0);
      expect(inspectChunk('::: warning :::\nText\n:::', 50, options).unbalancedContainers).toBe(0);
      expect(inspectChunk('::: {layout-ncol=2}\nText\n:::', 50, options).unbalancedContainers).toBe(
        0,
      );
      expect(inspectChunk('::: {.callout-note}\nText', 50, options).unbalancedContainers).toBe(1);
    });

    it('counts MyST fences left open, read as MyST reads them', () => {
      const options = { syntax: ['myst'] };
      const nested = ['````{note}', '```{warning}', 'Text', '```', '````'].join('\n');
      expect(inspectChunk(nested, 50, options).unbalancedContainers).toBe(0);
      expect(inspectChunk('::::{grid}\n:::{grid-item}\nA\n:::\n::::', 50, options)).toMatchObject({
        unbalancedContainers: 0,
      });
      // The outer fence is as long as the inner one: the inner closer closes it (the inner
      // directive is left open in it), and the last fence opens a code block never closed.
      expect(
        inspectChunk(nested.replace('````', '```').replace(/````$/, '```'), 50, options),
      ).toMatchObject({ unbalancedContainers: 2 });
      expect(inspectChunk(':::{note}\nText', 50, options).unbalancedContainers).toBe(1);
      expect(inspectChunk('```{note}\nText', 50, options).unbalancedContainers).toBe(1);
      // Code holds no directive; without the dialect, nothing is counted.
      expect(inspectChunk('```md\n:::{note}\n```', 50, options).unbalancedContainers).toBe(0);
      expect(inspectChunk(':::{note}\nText', 50).unbalancedContainers).toBe(0);
    });
  });
});
