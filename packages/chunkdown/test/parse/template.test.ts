import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { dialectsFor } from '../../src/parse/dialect.js';
import { parseDialects } from '../../src/parse/read-dialects.js';
import { scanTemplateTags } from '../../src/parse/template.js';
import { auto, template } from '../../src/syntax.js';

const opened = (markdown: string) =>
  scanTemplateTags(markdown).scanned.map((each) => [each.opener, each.closer, each.container]);

describe('scanTemplateTags', () => {
  test('pairs Liquid blocks (nested, with dashes) and Hugo shortcodes of both forms', () => {
    const markdown = [
      '{% tabs %}',
      '',
      '{%- tab title="npm" -%}',
      'Body.',
      '{%- endtab -%}',
      '',
      '{% endtabs %}',
      '',
      '{{< alert color="warning" >}}',
      'Careful.',
      '{{< /alert >}}',
      '',
      '{{% details "More" %}}',
      'Hidden.',
      '{{% /details %}}',
    ].join('\n');
    expect(opened(markdown)).toEqual([
      ['{% tabs %}', '{% endtabs %}', { kind: 'template', name: 'tabs' }],
      [
        '{%- tab title="npm" -%}',
        '{%- endtab -%}',
        { kind: 'template', name: 'tab', title: 'npm', attributes: { title: 'npm' } },
      ],
      [
        '{{< alert color="warning" >}}',
        '{{< /alert >}}',
        { kind: 'template', name: 'alert', attributes: { color: 'warning' } },
      ],
      [
        '{{% details "More" %}}',
        '{{% /details %}}',
        { kind: 'template', name: 'details', title: 'More' },
      ],
    ]);
  });

  test('no container for a tag without its pair, one inside fenced code, an escaped shortcode, or a literal block', () => {
    const markdown = [
      '{% include "x.md" %}',
      '',
      '{% if a %}',
      'Text.',
      '',
      '```liquid',
      '{% hint %}',
      '```',
      '',
      '{{</* note */>}}',
      'Shown as code on the site.',
      '{{</* /note */>}}',
      '',
      '{% raw %}',
      '{% hint %}',
      '{% endraw %}',
      '',
      '{{< note >}} and {{< /note >}} inline',
      '',
      '{{< tab header="x" />}}',
      'After a self-closing one.',
      '{{< /tab >}}',
      '',
      '{% endhint %}',
    ].join('\n');
    expect(opened(markdown)).toEqual([]);
  });

  test('a closing tag closes the innermost open tag of its name; those inside stay text', () => {
    const markdown = '{% if a %}\n\n{% else %}\n\nB.\n\n{% for x in y %}\n\nC.\n\n{% endif %}\n';
    expect(opened(markdown).map(([opener]) => opener)).toEqual(['{% if a %}']);
  });
});

describe('the template dialect', () => {
  const doc = [
    '# Install',
    '',
    '{% tabs %}',
    '',
    '{% tab title="npm" %}',
    'Install it with npm. This sentence is long enough to need a chunk of its own here.',
    '',
    '```sh',
    'npm install thing',
    '```',
    '{% endtab %}',
    '',
    '{% tab title="yarn" %}',
    'Install it with yarn, another package manager that many people use every day.',
    '{% endtab %}',
    '',
    '{% endtabs %}',
    '',
    '{{< note >}}',
    'A Hugo note whose body is long enough to be split in two at the smallest size, surely.',
    '{{< /note >}}',
    '',
    'Some {{ page.title }} prose after the blocks.',
    '',
  ].join('\n');

  test('auto() finds it; a document with template tags in prose only is not read with it', () => {
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(doc).syntax).toEqual(['template']);
    const prose =
      'Write {{ page.title }} or {% include x.md %} in a sentence.\n\n{% assign a = 1 %}\n';
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(prose).syntax).toEqual([]);
  });

  for (const chunkSize of [60, 120, 300]) {
    test(`every piece of a block sits between its opener and its closer (size ${chunkSize})`, () => {
      const { chunks } = chunkdown({ chunkSize, syntax: [template()] }).split(doc);
      const words = (text: string) => text.match(/[A-Za-z]{4,}/g) ?? [];
      // Nothing lost.
      const said = new Set(chunks.flatMap((chunk) => words(chunk.text)));
      for (const word of words(doc)) expect(said).toContain(word);
      for (const chunk of chunks) {
        const lines = chunk.text.split('\n');
        // Tags pair inside every chunk: each opener is closed in the same chunk, in order.
        const stack: string[] = [];
        for (const line of lines) {
          const tag = /^\{%-? *(end)?(\w+)|^\{\{< *(\/)?(\w+)/.exec(line);
          if (!tag) continue;
          const name = (tag[2] ?? tag[4]) as string;
          if (tag[1] || tag[3]) expect(stack.pop()).toBe(name);
          else stack.push(name);
        }
        expect(stack).toEqual([]);
        if (chunk.text.includes('yarn,') || chunk.text.includes('another package')) {
          expect(chunk.containers?.[0]?.name).toBe('tabs');
          expect(chunk.text).toContain('{% tabs %}\n');
          expect(chunk.text).toContain('{% tab title="yarn" %}\n');
        }
        if (chunk.text.includes('Hugo note') || chunk.text.includes('surely')) {
          expect(chunk.text.startsWith('{{< note >}}\n')).toBe(true);
        }
      }
    });
  }

  test('a large document reads in segments as it reads whole, no segment inside a block', () => {
    const markdown = Array.from({ length: 30 }, () => doc).join('\n');
    const dialects = dialectsFor([template()], markdown);
    const segmented = parseDialects(markdown, dialects, undefined, { segmentAbove: 0, size: 1 });
    const whole = parseDialects(markdown, dialects, undefined, {
      segmentAbove: Number.POSITIVE_INFINITY,
    });
    expect(segmented).toEqual(whole);
  });
});
