import { describe, expect, test } from 'vitest';
import { auto } from '../src/syntax.js';
import { checkInvariants } from './helpers/invariants.js';

/** The checker the corpus reports rely on reports no problem where the chunks have none. */
describe('the invariant checker', () => {
  test('front matter after a byte order mark is no lost words, also under auto()', () => {
    // Dapr's docs: Hugo pages that start with a BOM, then YAML front matter.
    const markdown = [
      '\uFEFF---',
      'type: docs',
      'title: "Zeebe command binding spec"',
      'description: "Detailed documentation on the Zeebe command binding component"',
      '---',
      '',
      '## Component format',
      '',
      'To set up the binding, create a component. See [this guide]({{< ref "howto.md" >}}).',
      '',
      '{{% alert title="Note" color="primary" %}}',
      'The binding needs a running gateway.',
      '{{% /alert %}}',
    ].join('\n');
    for (const syntax of [undefined, auto()]) {
      const result = checkInvariants(markdown, {
        chunkSize: 100,
        ...(syntax ? { syntax } : {}),
      });
      expect(result.frontmatter?.data).toMatchObject({ type: 'docs' });
      expect(result.chunks.some((chunk) => chunk.text.includes('Zeebe'))).toBe(false);
    }
  });

  test('math closed by `$$` four columns in is read as chunkdown reads it', () => {
    // QuantEcon's lectures: the checker read the indented closer as math and reported every
    // equation after it as changed.
    const markdown = [
      '# Budget',
      '',
      '$$',
      "c + \\sum_{s'} \\hat a(s') Q(s' | s)",
      '     \\leq  y^k(s) + a',
      '     $$',
      '',
      'and also the constraints',
      '',
      '$$',
      'c \\geq 0',
      '$$',
    ].join('\n');
    for (const chunkSize of [40, 500]) {
      const { chunks } = checkInvariants(markdown, { chunkSize, syntax: auto() });
      expect(chunks.map((chunk) => chunk.text).join('\n')).toContain('     \\leq  y^k(s) + a\n$$');
    }
  });
});
