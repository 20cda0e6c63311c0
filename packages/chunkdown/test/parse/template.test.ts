import { describe, expect, test } from 'vitest';
import { chunkdown } from '../../src/index.js';
import { dialectsFor } from '../../src/parse/dialect.js';
import { parseDialects } from '../../src/parse/read-dialects.js';
import { sourceText } from '../../src/parse/source-text.js';
import { scanTemplateTags } from '../../src/parse/template.js';
import { auto, template } from '../../src/syntax.js';
import { checkInvariants } from '../helpers/invariants.js';
import { readSegmentedAndWhole } from '../helpers/segmented-dialects.js';

const opened = (markdown: string) =>
  scanTemplateTags(sourceText(markdown)).scanned.map((each) => [
    each.opener,
    each.closer,
    each.container,
  ]);

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

  test('a line made only of tags holds several (Docsy tab panes), and an opener may take lines', () => {
    const markdown = [
      '{{< tabpane text=true >}}',
      '{{< tab header="Configuration:" disabled=true />}}',
      '{{% tab header="hugo.yaml" %}}',
      'YAML.',
      '{{% /tab %}} {{% tab header="hugo.toml" %}}',
      'TOML.',
      '{{% /tab %}} {{< /tabpane >}}',
      '',
      '{{% blocks/cover',
      '  title="Welcome!"',
      '  height="full"',
      '%}}',
      'Cover.',
      '{{% /blocks/cover %}}',
    ].join('\n');
    expect(opened(markdown)).toEqual([
      [
        '{{< tabpane text=true >}}',
        '{{< /tabpane >}}',
        { kind: 'template', name: 'tabpane', attributes: { text: 'true' } },
      ],
      [
        '{{% tab header="hugo.yaml" %}}',
        '{{% /tab %}}',
        { kind: 'template', name: 'tab', attributes: { header: 'hugo.yaml' } },
      ],
      [
        '{{% tab header="hugo.toml" %}}',
        '{{% /tab %}}',
        { kind: 'template', name: 'tab', attributes: { header: 'hugo.toml' } },
      ],
      [
        '{{% blocks/cover\n  title="Welcome!"\n  height="full"\n%}}',
        '{{% /blocks/cover %}}',
        {
          kind: 'template',
          name: 'blocks/cover',
          title: 'Welcome!',
          attributes: { title: 'Welcome!', height: 'full' },
        },
      ],
    ]);
    for (const chunkSize of [5, 9]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      const toml = chunks.find((chunk) => chunk.text.includes('TOML.'));
      expect(toml?.text).toBe(
        '{{< tabpane text=true >}}\n{{% tab header="hugo.toml" %}}\nTOML.\n{{% /tab %}}\n{{< /tabpane >}}',
      );
      const cover = chunks.find((chunk) => chunk.text.includes('Cover.'));
      expect(
        cover?.text.startsWith('{{% blocks/cover\n  title="Welcome!"\n  height="full"\n%}}\n'),
      ).toBe(true);
    }
  });

  test('a Hugo closer closes its opener whatever the delimiters (Docsy writes `{{% tab %}}` … `{{< /tab >}}`)', () => {
    const markdown = [
      '{{< tabpane text=true >}}',
      '{{% tab header="hugo.yaml" %}}',
      'YAML.',
      '{{% /tab %}} {{% tab header="hugo.json" %}}',
      'JSON.',
      '{{< /tab >}} {{< /tabpane >}}',
    ].join('\n');
    expect(opened(markdown).map(([opener, closer]) => [opener, closer])).toEqual([
      ['{{< tabpane text=true >}}', '{{< /tabpane >}}'],
      ['{{% tab header="hugo.yaml" %}}', '{{% /tab %}}'],
      ['{{% tab header="hugo.json" %}}', '{{< /tab >}}'],
    ]);
  });

  test('a self-closing tag on the line of a paired one goes with it, never left alone as code', () => {
    const markdown = [
      'Set the parameter in the front matter.',
      '',
      '{{< tabpane text=true >}} {{< tab header="Front matter:" disabled=true />}}',
      '{{% tab header=toml %}}',
      '',
      '```toml',
      'hide_feedback = true',
      '```',
      '',
      '{{% /tab %}} {{% tab header=yaml %}}',
      '',
      '```yaml',
      'hide_feedback: true',
      '```',
      '',
      '{{% /tab %}} {{< tab header="More:" disabled=true />}} {{< /tabpane >}}',
      '',
      'After the pane.',
    ].join('\n');
    expect(opened(markdown).map(([opener, closer]) => [opener, closer])).toEqual([
      [
        '{{< tabpane text=true >}} {{< tab header="Front matter:" disabled=true />}}',
        '{{< /tabpane >}}',
      ],
      ['{{% tab header=toml %}}', '{{% /tab %}}'],
      ['{{% tab header=yaml %}}', '{{% /tab %}} {{< tab header="More:" disabled=true />}}'],
    ]);
    for (const chunkSize of [20, 60, 500]) {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const all = result.chunks.map((chunk) => chunk.text).join('\n');
      // Two fences for each code block (each holds one `hide_feedback`), none made of a tag.
      expect(all.match(/```/g)?.length).toBe(2 * (all.match(/hide_feedback/g)?.length ?? 0));
      expect(all).toContain('{{< tab header="More:" disabled=true />}}');
    }
  });

  test('a shortcode opener whose `>}}` ends it on a line of its own, also in a block quote', () => {
    // Docsy's cards: `>}}` alone starts the way a block quote does.
    const markdown = [
      '# Cards',
      '',
      '{{< card',
      '  header="**Imagine**"',
      '  title="Artist"',
      '>}}',
      '',
      'Imagine there is no heaven, it is easy if you try, no hell below us.',
      '',
      'Above us only sky, imagine all the people living for today.',
      '',
      '{{< /card >}}',
      '',
      '> {{< note',
      '>   title="Quoted"',
      '> >}}',
      '> A note inside a quote, with enough words to be split at a small size.',
      '> {{< /note >}}',
      '',
      'After.',
    ].join('\n');
    expect(opened(markdown).map(([opener, closer]) => [opener, closer])).toEqual([
      ['{{< card\n  header="**Imagine**"\n  title="Artist"\n>}}', '{{< /card >}}'],
      ['{{< note\n  title="Quoted"\n>}}', '{{< /note >}}'],
    ]);
    for (const chunkSize of [40, 100, 500]) {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      for (const chunk of result.chunks) {
        // No piece is a quote of the opener's end, and every piece of a card opens it whole.
        expect(chunk.text).not.toMatch(/^> \}\}/m);
        if (/heaven|only sky/.test(chunk.text))
          expect(chunk.text).toMatch(/^\{\{< card\n[\s\S]*\n>\}\}\n/m);
        if (/inside a quote|small size/.test(chunk.text))
          expect(chunk.text).toMatch(/^> \{\{< note\n/m);
      }
    }
  });

  test('a line of tags of which one pairs and one does not is text, not code', () => {
    // Blanking the closer alone left the unclosed opener after it indented: read as code, it
    // came back in a code fence, and the text around it out of order.
    const markdown = [
      '# Tabs',
      '',
      'Intro text of the page.',
      '',
      '{{< tabpane >}}',
      '{{% tab "a" %}}',
      '',
      'First tab body.',
      '',
      '{{% /tab %}} {{% tab "c" %}}',
      '',
      'Third body, a tab that never closes.',
      '',
      '{{< /tabpane >}}',
      '',
      'After the pane.',
    ].join('\n');
    expect(opened(markdown).map(([opener]) => opener)).toEqual(['{{< tabpane >}}']);
    // Paired again without that line, an opener over several lines still reads.
    const withCard = `${markdown}\n\n{{< card\n  header="x"\n>}}\nCard body.\n{{< /card >}}\n`;
    expect(opened(withCard).map(([opener]) => opener)).toEqual([
      '{{< tabpane >}}',
      '{{< card\n  header="x"\n>}}',
    ]);
    for (const chunkSize of [20, 60, 500]) {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const all = result.chunks.map((chunk) => chunk.text).join('\n');
      expect(all).not.toContain('```');
      expect(all).toContain('{{% /tab %}} {{% tab "c" %}}');
    }
  });

  test('a closing tag closes the innermost open tag of its name; those inside stay text', () => {
    const markdown = '{% if a %}\n\n{% else %}\n\nB.\n\n{% for x in y %}\n\nC.\n\n{% endif %}\n';
    expect(opened(markdown).map(([opener]) => opener)).toEqual(['{% if a %}', '{% else %}']);
  });

  test('branches are containers inside their block, each up to the next branch or the closer', () => {
    const markdown = [
      '{% case os %}',
      '{% when "linux" %}',
      'Linux.',
      '{% when "mac" %}',
      'Mac.',
      '{%- else -%}',
      'Other.',
      '{% endcase %}',
    ].join('\n');
    const found = scanTemplateTags(sourceText(markdown)).scanned;
    expect(found.map((each) => [each.opener, each.closer])).toEqual([
      ['{% case os %}', '{% endcase %}'],
      ['{% when "linux" %}', ''],
      ['{% when "mac" %}', ''],
      ['{%- else -%}', ''],
    ]);
    const at = (text: string) => markdown.indexOf(text);
    expect(found.slice(1).map((each) => each.close?.[0])).toEqual([
      at('{% when "mac"'),
      at('{%- else'),
      at('{% endcase'),
    ]);
  });

  test('a branch tag outside a block it belongs to, or in one never closed, is a line of text', () => {
    for (const markdown of [
      'Text.\n\n{% else %}\n\nMore.\n',
      '{% tab %}\n{% elsif x %}\nA.\n{% endtab %}\n',
      '{% for x in y %}\n{% when 1 %}\nA.\n{% endfor %}\n',
      '{% if a %}\nA.\n{% else %}\nB.\n',
    ]) {
      const names = scanTemplateTags(sourceText(markdown)).scanned.map(
        (each) => each.container.name,
      );
      expect(names).not.toContain('else');
      expect(names).not.toContain('elsif');
      expect(names).not.toContain('when');
    }
    // An unclosed `if` inside a closed `for`: its branch ends with it, as text.
    const nested = '{% for x in y %}\n{% if a %}\nA.\n{% else %}\nB.\n{% endfor %}\n';
    expect(opened(nested).map(([opener]) => opener)).toEqual(['{% for x in y %}']);
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

  test('auto() finds it, by block tags that pair or by tags inside text; a `{{` alone is no tag', () => {
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(doc).syntax).toEqual(['template']);
    const prose =
      'Write {{ page.title }} or {% include x.md %} in a sentence.\n\n{% assign a = 1 %}\n';
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(prose).syntax).toEqual(['template']);
    const braces = 'A set is written {a, b} and a map {{}} in this language, or {{ }}.\n';
    expect(chunkdown({ chunkSize: 500, syntax: auto() }).split(braces).syntax).toEqual([]);
    expect(chunkdown({ chunkSize: 500, syntax: [template()] }).split(braces).chunks[0]?.text).toBe(
      braces.trimEnd(),
    );
  });

  test('a tag inside text is an atom: never cut, never escaped, and no content', () => {
    const markdown = [
      'Run {% include "cmd.md" param="*x*" title="a b c" %} first, then read',
      '{{ page.title | upcase }} and {{< ref "docs/a b.md" >}} and {{% param "x y" %}} and',
      '{%- assign total = 1 | plus: 2 -%} and a tag over two lines {% include x.html',
      '  a="1" %} last.',
    ].join('\n');
    const tags = markdown.match(/\{%[\s\S]*?%\}|\{\{[\s\S]*?\}\}/g) ?? [];
    expect(tags).toHaveLength(6);
    for (const chunkSize of [8, 20, 60]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      const text = chunks.map((chunk) => chunk.text).join('\n');
      for (const tag of tags) {
        // Whole, as written (the second line of the two-line tag keeps its indentation).
        expect(text).toContain(tag);
      }
      for (const chunk of chunks) {
        expect(chunk.text).not.toMatch(/\{[{%][^}]*$|^[^{]*[%}]\}/);
      }
    }
    const [only] = chunkdown({ chunkSize: 500, syntax: [template()] }).split(
      '{{ a.very.long.template.variable }} {% include "also-long.html" %}',
    ).chunks;
    expect(only?.contentSize).toBe(1);
  });

  test('a tag over several lines reads (a call with an object, as Eleventy pages write)', () => {
    const markdown = [
      'You can specify as many flags as you like:',
      '',
      '{{ npx_tabs({',
      '    package: "eslint",',
      '    args: ["--flag", "flag_one", "file.js"]',
      '}) }}',
      '',
      '### Next',
      '',
      'More text.',
    ].join('\n');
    for (const chunkSize of [10, 500]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      const text = chunks.map((chunk) => chunk.text).join('\n\n');
      expect(text).toContain(markdown.slice(markdown.indexOf('{{'), markdown.indexOf('}) }}') + 5));
    }
  });

  test('a literal block is code: kept byte for byte, split by lines between its own tags', () => {
    const body = [
      'def foo(a, b)',
      '  puts "*hello* _world_ <b>" # a comment',
      '',
      '  a + b   ',
      'end',
    ].join('\n');
    const markdown = `Intro.\n\n{% highlight ruby linenos %}\n${body}\n{% endhighlight %}\n\n{% raw %}\nHello {{ name }} and **bold** *x*\n{% endraw %}\n`;
    for (const chunkSize of [45, 60, 300]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      const pieces = chunks
        .map(
          (chunk) =>
            /\{% highlight ruby linenos %\}\n([\s\S]*?)\n\{% endhighlight %\}/.exec(
              chunk.text,
            )?.[1],
        )
        .filter((piece) => piece !== undefined);
      expect(pieces.length).toBeGreaterThan(chunkSize < 300 ? 1 : 0);
      // Pieces end at line ends (a blank line between two pieces is no line of either).
      expect(pieces.join('\n').replace(/\n+/g, '\n')).toBe(body.replace(/\n+/g, '\n'));
      if (chunkSize === 300) expect(pieces).toEqual([body]);
      expect(chunks.map((chunk) => chunk.text).join('\n')).toContain(
        '{% raw %}\nHello {{ name }} and **bold** *x*\n{% endraw %}',
      );
    }
  });

  test('Hugo shortcodes that show code or data (`code-toggle`, `code`, `mermaid`, `katex`) are literal', () => {
    // Hugo's docs put site configuration in `{{< code-toggle >}}` (rendered as TOML, YAML and
    // JSON tabs): read as markdown, `[taxonomies]` became a link to a reference definition of the
    // page, YAML's `- term` a bullet list, and indentation was lost.
    const toml = "[taxonomies]\ngenre = 'genres'\n[params]\n  color = 'red'";
    const yaml = 'taxonomy a:\n  - term 1:\n    - page 1\ntaxonomy b:\n  - term 2';
    const markdown = [
      'See [taxonomies].',
      '',
      '{{< code-toggle file=hugo >}}',
      toml,
      '{{< /code-toggle >}}',
      '',
      '{{< code-toggle file=hugo >}}',
      yaml,
      '{{< /code-toggle >}}',
      '',
      '{{< code file="layouts/_default/single.html" >}}',
      '{{ range .Pages }}\n  * {{ .Title }}\n{{ end }}',
      '{{< /code >}}',
      '',
      '{{< katex display >}}',
      'f(x) = \\int_{-\\infty}^\\infty \\hat f(\\xi)\\,e^{2 \\pi i \\xi x}',
      '{{< /katex >}}',
      '',
      '[taxonomies]: /content-management/taxonomies/',
      '',
    ].join('\n');
    const { chunks } = chunkdown({ chunkSize: 1500, syntax: auto() }).split(markdown);
    const text = chunks.map((chunk) => chunk.text).join('\n\n');
    expect(text).toContain(`{{< code-toggle file=hugo >}}\n${toml}\n{{< /code-toggle >}}`);
    expect(text).toContain(`{{< code-toggle file=hugo >}}\n${yaml}\n{{< /code-toggle >}}`);
    expect(text).toContain('{{ range .Pages }}\n  * {{ .Title }}\n{{ end }}');
    expect(text).toContain('\\hat f(\\xi)\\,e^{2 \\pi i \\xi x}');
    const { chunks: small } = chunkdown({ chunkSize: 40, syntax: auto() }).split(markdown);
    // Cut by lines between its own tags: every piece is the shortcode around whole lines.
    const pieces = small.filter((chunk) => chunk.text.includes('code-toggle'));
    expect(pieces.length).toBeGreaterThan(2);
    for (const piece of pieces) {
      expect(piece.text).toMatch(
        /^\{\{< code-toggle file=hugo >\}\}\n[\s\S]*\n\{\{< \/code-toggle >\}\}$/,
      );
      for (const line of piece.text.split('\n').slice(1, -1))
        expect(`${toml}\n${yaml}`.split('\n')).toContain(line);
    }
  });

  test("Docsy's code tabs (`{{< tab >}}` in a `tabpane`, not `text=true`) are literal: code", () => {
    // Docsy renders such a tab's body as a code block (in its `lang`); read as markdown, YAML's
    // `---` made a heading of the line before it, `+++` a cell break, and indentation was lost.
    const yaml = [
      '---',
      'title: Some super section',
      'cascade:',
      '  github_repo: https://github.com/some-username/another-repo/',
      '  github_subdir: docs',
      '…',
      '---',
    ].join('\n');
    const bash = '# Install the theme first\nnpm install docsy';
    const markdown = [
      'Intro.',
      '',
      '{{< tabpane >}}',
      '{{< tab header="Front matter:" disabled=true />}}',
      '{{< tab header="yaml" lang="yaml" >}}',
      yaml,
      '{{< /tab >}}',
      '{{< tab "Bash" >}}',
      bash,
      '{{< /tab >}}',
      '{{< /tabpane >}}',
      '',
      '{{< tabpane text=true >}}',
      '{{< tab "Prose" >}}',
      '# A heading in a text tab',
      '',
      'Text tabs are markdown.',
      '{{< /tab >}}',
      '{{< /tabpane >}}',
      '',
    ].join('\n');
    const literal = scanTemplateTags(sourceText(markdown)).literals.map(({ open }) => open.rest);
    expect(literal).toEqual(['header="yaml" lang="yaml"', '"Bash"']);
    for (const chunkSize of [80, 1000]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const all = chunks.map((chunk) => chunk.text).join('\n');
      expect(all).toContain('  github_repo: https://github.com/some-username/another-repo/');
      expect(all).toContain('…\n---');
      const headings = chunks.flatMap((chunk) => chunk.breadcrumbs.map((crumb) => crumb.text));
      expect(headings).not.toContain('Install the theme first');
      expect(headings).not.toContain('…');
      const tab = chunks.find((chunk) => chunk.text.includes('npm install docsy'));
      if (chunkSize === 80) {
        expect(tab?.containers.map((container) => container.name)).toEqual(['tabpane', 'tab']);
        // A text tab is markdown, a container of blocks.
        const text = chunks.find((chunk) => chunk.text.includes('Text tabs are markdown.'));
        expect(text?.containers.map((container) => container.name)).toEqual(['tabpane', 'tab']);
      }
    }
    // Kubernetes' code tabs say their language.
    const k8s =
      '{{< tabs name="tab_with_code" >}}\n{{< tab name="POSIX" codelang="yaml" >}}\napiVersion: v1\n---\nkind: Preference\n{{< /tab >}}\n{{< tab name="Notes" >}}\nText.\n{{< /tab >}}\n{{< /tabs >}}\n';
    expect(scanTemplateTags(sourceText(k8s)).literals.map(({ open }) => open.rest)).toEqual([
      'name="POSIX" codelang="yaml"',
    ]);
    const percent =
      '{{< tabpane >}}\n{{% tab "Markdown" %}}\n# Percent tabs are markdown\n\nText.\n{{% /tab %}}\n{{< /tabpane >}}\n';
    expect(scanTemplateTags(sourceText(percent)).literals).toEqual([]);
  });

  test('a piece of a literal block that starts or ends inside a fence of its text reopens or closes it', () => {
    // A code tab holding a fence and a line after it, and a raw block with text around a fence:
    // cut by lines, a piece left the fence open, the next opened one.
    const markdown = [
      'Intro.',
      '',
      '{{< tabpane >}}',
      '{{< tab header="md" >}}',
      '```yaml',
      'key: value',
      'other: value',
      '```',
      '# A comment line',
      '{{< /tab >}}',
      '{{< /tabpane >}}',
      '',
      '{% raw %}',
      'Before the fence.',
      '```liquid',
      '{{ page.title }}',
      '{{ page.url }}',
      '```',
      'After the fence.',
      '{% endraw %}',
      '',
    ].join('\n');
    for (const chunkSize of [30, 45]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const all = chunks.map((chunk) => chunk.text).join('\n');
      for (const line of ['key: value', 'other: value', '# A comment line', '{{ page.url }}'])
        expect(all).toContain(line);
      const fenced = chunks.filter((chunk) => chunk.text.includes('other: value'));
      for (const chunk of fenced) expect(chunk.text.match(/^```/gm)).toHaveLength(2);
    }
  });

  test('a tag pair in indented code (an MkDocs admonition showing Jinja) stays code', () => {
    const markdown = [
      '!!! Tip "Only in a git repo"',
      '    If you want to print git information only if applicable:',
      '',
      '        {% if git.status %}',
      '        Git: {{ git.short_commit }}',
      '        {% endif %}',
      '',
      '    Then the page says so.',
      '',
    ].join('\n');
    for (const chunkSize of [60, 500]) {
      const { chunks } = chunkdown({ chunkSize, syntax: auto() }).split(markdown);
      const code = chunks.find((chunk) => chunk.text.includes('Git: '));
      expect(code?.text).toMatch(
        /```\n {4}\{% if git\.status %\}\n {4}Git: \{\{ git\.short_commit \}\}\n {4}\{% endif %\}\n {4}```/,
      );
      for (const chunk of chunks) {
        expect(chunk.containers?.map((each) => each.kind)).toEqual(['admonition']);
      }
      checkInvariants(markdown, { chunkSize, syntax: auto() });
    }
  });

  test('two blocks side by side, each holding a list: each keeps its own list', () => {
    // Blank lines do not end a list, so with the tag lines blanked the two lists read as one.
    const block = (name: string) =>
      `{{% columns %}}\n- ${name} one has some words\n\n- ${name} two has some words\n{{% /columns %}}`;
    const markdown = `Intro.\n\n${block('alpha')}\n\n${block('beta')}\n`;
    const source = sourceText(markdown);
    const { tree } = parseDialects(source, dialectsFor([template()], source));
    const blocks = tree.children.filter((node) => node.type === 'containerDirective');
    expect(blocks).toHaveLength(2);
    for (const node of blocks) {
      expect(node.children.map((child) => child.type)).toEqual(['list']);
      expect((node.children[0] as { children: unknown[] }).children).toHaveLength(2);
    }
    const { chunks } = chunkdown({ chunkSize: 40, syntax: [template()] }).split(markdown);
    for (const name of ['alpha', 'beta']) {
      const mine = chunks.filter((chunk) => chunk.text.includes(`${name} `));
      expect(mine.length).toBeGreaterThan(0);
      for (const chunk of mine) {
        expect(chunk.containers.map((each) => each.name)).toEqual(['columns']);
        expect(markdown.slice(chunk.start, chunk.end)).toContain(`${name} `);
      }
    }
  });

  test('a block indented into a list item stays in the item: the list goes on after it', () => {
    // The blanked closing line is no part of the item (trailing blank lines are not), so the list
    // was split there: the next item became a list of its own, written `2)` or with another bullet.
    for (const [marker, next] of [
      ['1.', '2.'],
      ['-', '-'],
    ] as const) {
      const pad = ' '.repeat(marker.length + 1);
      const markdown = `${marker} Install the tools.\n\n${pad}{{< tabpane text=true >}} {{% tab "Linux" %}}\n\n${pad}Run apt.\n\n${pad}{{% /tab %}} {{< /tabpane >}}\n\n${next} Build the extension.\n`;
      const source = sourceText(markdown);
      const { tree } = parseDialects(source, dialectsFor([template()], source));
      expect(tree.children.map((node) => node.type)).toEqual(['list']);
      const [list] = tree.children as unknown as [{ children: { children: { type: string }[] }[] }];
      expect(list.children).toHaveLength(2);
      expect(list.children[0]?.children.map((child) => child.type)).toEqual([
        'paragraph',
        'containerDirective',
      ]);
      const { chunks } = chunkdown({ chunkSize: 1000, syntax: auto() }).split(markdown);
      expect(chunks).toHaveLength(1);
      expect(chunks[0]?.text).toMatch(marker === '1.' ? /\n2\. Build/ : /\n\* Build/);
      expect(chunks[0]?.text.startsWith(marker === '1.' ? '1. Install' : '* Install')).toBe(true);
    }
  });

  test('a piece of a list item that starts with a block tag writes it on the line after the marker', () => {
    // OpenTelemetry's docs: `1. Install …`, then `   {{< tabpane >}}` in the item. A piece that
    // starts at the shortcode wrote it on the marker line (`1. {{< tabpane >}}`), where no
    // scanner reads a tag: the piece re-read without its container.
    const prose = Array.from({ length: 14 }, (_, n) => `word${n}`).join(' ');
    const markdown = `1. Install the tools, ${prose}.\n   {{< tabpane text=true >}}\n\n   Run apt to install them.\n\n   {{< /tabpane >}}\n\n2. Build the extension.\n`;
    for (const chunkSize of [60, 100]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const piece = chunks.find((chunk) => chunk.text.includes('tabpane'));
      expect(piece?.text).toMatch(/^1\.\n {3}\{\{< tabpane text=true >\}\}\n/);
      expect(piece?.containers).toEqual([
        { kind: 'template', name: 'tabpane', attributes: { text: 'true' } },
      ]);
      const again = chunkdown({ chunkSize: 1000, syntax: auto() }).split(piece?.text ?? '');
      expect(again.chunks[0]?.containers).toEqual(piece?.containers);
    }
    // Jupyter Book's docs: a MyST figure, its opener of two lines, under an item's first line.
    const figure = `1. Enable GitHub Pages, ${prose}.\n   :::{figure} pages.png\n   :name: image:pages\n\n   Screenshot of the GitHub Pages settings.\n   :::\n\n2. Add the workflow.\n`;
    const { chunks } = checkInvariants(figure, { chunkSize: 60, syntax: auto() });
    const piece = chunks.find((chunk) => chunk.text.includes('{figure}'));
    expect(piece?.text).toMatch(/^1\.\n {3}:::\{figure\} pages\.png\n {3}:name: image:pages\n/);
    expect(piece?.containers).toEqual([
      { kind: 'myst', name: 'figure', title: 'pages.png', attributes: { name: 'image:pages' } },
    ]);
  });

  test('so does a piece of a footnote definition', () => {
    // MyST's quickstart: `[^3]:`, a paragraph, then `    :::{iframe} https://…` in the note. The
    // piece that starts at the directive wrote it on the label's line (`[^3]: :::{iframe} …`),
    // where it is text, and its address became a link.
    const markdown =
      '# Notes\n\nText with a note.[^3]\n\n[^3]:\n    Just as an example of lots of helpful information at your finger-tips, here is the video.\n\n    :::{iframe} https://www.youtube.com/embed/yYcQf-Yq8B0\n    :::\n\n    Cannot do that in a PDF, and more words to make it longer than a chunk.\n';
    for (const chunkSize of [60, 100]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const pieces = chunks.filter((chunk) => chunk.text.includes('{iframe}'));
      expect(pieces.length).toBeGreaterThan(0);
      for (const piece of pieces) {
        expect(piece.text).not.toMatch(/\[\^3\]: *:::/);
        expect(piece.text).toMatch(/(?:^|\n) {4}:::\{iframe\} https:/);
      }
    }
  });

  test('a closing tag at the margin still ends the list before it', () => {
    const markdown =
      '{{% columns %}}\n- one has some words\n\n{{% /columns %}}\n\n- two has some words\n';
    const source = sourceText(markdown);
    const { tree } = parseDialects(source, dialectsFor([template()], source));
    expect(tree.children.map((node) => node.type)).toEqual(['containerDirective', 'list']);
  });

  test('a raw block around one fenced code block: every piece is a fenced block of its own', () => {
    // Jekyll docs show Liquid this way; the pieces of the fence were left open or unopened.
    const code = Array.from({ length: 12 }, (_, n) => `  {% include part-${n}.html %}`);
    const markdown = `Intro.\n\n{% raw %}\n\n\`\`\`liquid\n<html>\n${code.join('\n')}\n</html>\n\`\`\`\n\n{% endraw %}\n\nAfter.\n`;
    for (const chunkSize of [80, 160]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: [template()] });
      const pieces = chunks.filter((chunk) => chunk.text.includes('{% raw %}'));
      expect(pieces.length).toBeGreaterThan(1);
      for (const piece of pieces) {
        expect(piece.text).toMatch(/\{% raw %\}\n+```liquid\n[\s\S]*\n```\n+\{% endraw %\}/);
        expect(piece.text.match(/^```/gm)).toHaveLength(2);
      }
      const lines = pieces.flatMap((piece) => piece.text.split('\n'));
      for (const line of code) expect(lines).toContain(line);
      expect(chunks.at(-1)?.text).toContain('After.');
    }
  });

  test('a raw block whose closer is inside a fenced block it opened is no block (Jekyll)', () => {
    // Liquid ends `raw` at the first `{% endraw %}`, code or not; here that is inside the fence
    // (the author closed the fence after it), so the raw block and the fence cross. The opener
    // paired with the next raw block's closer and took the prose and heading between them in.
    const markdown = [
      '{% raw %}',
      '```liquid',
      '<table>{{ row }}</table>',
      '{% endraw %}',
      '```',
      '',
      'For now, we do not display any content from the second row onwards.',
      '',
      '### Add table data rows',
      '',
      'In this section we add the data rows to the table.',
      '',
      '{% raw %}',
      '```liquid',
      '{% tablerow pair in row %}',
      '```',
      '{% endraw %}',
      '',
    ].join('\n');
    const literals = scanTemplateTags(sourceText(markdown)).literals.map(({ open, close }) =>
      markdown.slice(open.line.start, close.line.end),
    );
    expect(literals).toEqual([
      '{% raw %}\n```liquid\n{% tablerow pair in row %}\n```\n{% endraw %}',
    ]);
    const { chunks } = checkInvariants(markdown, { chunkSize: 100, syntax: [template()] });
    const heading = chunks.find((chunk) => chunk.text.includes('### Add table data rows'));
    expect(heading?.text.startsWith('### Add table data rows')).toBe(true);
    expect(heading?.breadcrumbs.map((crumb) => crumb.text)).toEqual([]);
  });

  test('a literal block whose body holds a long fence is left as it was, nothing lost', () => {
    const markdown = '{% raw %}\n````````````\ncode\n````````````\n{% endraw %}\n\nAfter.\n';
    const { chunks } = chunkdown({ chunkSize: 500, syntax: [template()] }).split(markdown);
    const text = chunks.map((chunk) => chunk.text).join('\n\n');
    for (const line of ['{% raw %}', 'code', '{% endraw %}', 'After.'])
      expect(text).toContain(line);
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
          // In the block (or holding it whole).
          if (chunk.containers?.length) expect(chunk.containers[0]?.name).toBe('tabs');
          expect(chunk.text).toContain('{% tabs %}\n');
          expect(chunk.text).toContain('{% tab title="yarn" %}\n');
        }
        if (chunk.text.includes('Hugo note') || chunk.text.includes('surely')) {
          expect(chunk.text).toMatch(/(^|\n)\{\{< note >\}\}\n/);
        }
      }
    });
  }

  test('a large document reads in segments as it reads whole, no segment inside a block', () => {
    const markdown = Array.from({ length: 30 }, () => doc).join('\n');
    const { segmented, whole } = readSegmentedAndWhole(markdown, template());
    expect(segmented).toEqual(whole);
  });
});

describe('branches of a block', () => {
  const markdown = [
    'Intro paragraph.',
    '',
    '{% if site.cloud %}',
    'Run the cloud installer, which sets up the service for you and keeps it updated.',
    '',
    'Then sign in with your account to finish.',
    '{% elsif site.docker %}',
    'Pull the image and start a container from it with the ports you need.',
    '{% else %}',
    'Download the archive, unpack it and put the binary somewhere on your path.',
    '',
    'Start it by hand the first time, to check that it runs.',
    '{% endif %}',
    '',
    'After the block.',
  ].join('\n');
  const branch: Record<string, string> = {
    cloud: '{% if site.cloud %}\n',
    docker: '{% elsif site.docker %}\n',
    archive: '{% else %}\n',
  };
  const words: Record<string, string[]> = {
    cloud: ['installer', 'sign'],
    docker: ['image', 'ports'],
    archive: ['archive', 'hand'],
  };

  for (const chunkSize of [60, 120, 300]) {
    test(`a piece of a branch is written after the block's opener and its branch tag (size ${chunkSize})`, () => {
      const result = checkInvariants(markdown, { chunkSize, syntax: auto() });
      const chunks = result.chunks;
      for (const chunk of chunks) {
        for (const [name, said] of Object.entries(words)) {
          if (!said.some((word) => chunk.text.includes(word))) continue;
          // The branch's text follows the block's opener and its branch tag, and the block
          // closes after it.
          expect(
            chunk.text.startsWith('{% if site.cloud %}\n') || chunk.text.startsWith('Intro'),
          ).toBe(true);
          const tag = chunk.text.indexOf(branch[name] as string);
          expect(tag).toBeGreaterThanOrEqual(0);
          for (const word of said.filter((each) => chunk.text.includes(each)))
            expect(chunk.text.indexOf(word)).toBeGreaterThan(tag);
          expect(chunk.text).toMatch(/\{% endif %\}(\n\nAfter the block\.)?$/);
        }
        if (chunk.text.includes('installer')) expect(chunk.text).not.toMatch(/\{% els/);
      }
      const all = chunks.map((chunk) => chunk.text).join('\n');
      for (const word of Object.values(words).flat()) expect(all).toContain(word);
    });
  }

  test('a block too big for a chunk is cut at its branches first', () => {
    const { chunks } = chunkdown({ chunkSize: 160, syntax: auto() }).split(markdown);
    expect(chunks.map((chunk) => chunk.text)).toContain(
      '{% if site.cloud %}\n{% else %}\nDownload the archive, unpack it and put the binary somewhere on your path.\n\nStart it by hand the first time, to check that it runs.\n{% endif %}',
    );
    const cloud = chunks.find((chunk) => chunk.text.includes('installer'));
    expect(cloud?.text).toContain('Then sign in with your account to finish.\n{% endif %}');
  });
});
