/**
 * Pages of docs-site markdown with the dialects' constructs, where they span blank lines: directive
 * containers (nested, VitePress forms), display math, MkDocs admonitions and tabs, a reference
 * with its definition; and MDX (ESM, JSX elements spanning blank lines, an expression, a Steps
 * list). `n` makes each page's names its own.
 */
export const docsPage = (n: number) => `# Page ${n}

Intro with a [reference][ref${n}] and a note.

:::note[Before you start ${n}]

First paragraph of the note.

Second paragraph, after a blank line.

- a list
- in the note

:::

::::tabs

:::tab npm

\`\`\`sh
npm install thing
\`\`\`

:::

:::tab pnpm

Run it with pnpm.

:::

::::

::: tip Title ${n}

A VitePress tip with a blank line inside.

Still the tip.

:::

$$
a^2 + b^2

= c^2
$$

Text between.

!!! warning "Careful ${n}"

    The body of an admonition.

    Its second paragraph.

=== "Linux"

    Linux steps.

=== "macOS"

    macOS steps.

[ref${n}]: https://example.com/${n}
`;

export const mdxPage = (n: number) => `import { Tabs${n}, TabItem${n} } from '@theme/Tabs';

export const version${n} = '${n}.0';

# Component ${n}

<Tabs${n} groupId="pm">

<TabItem${n} value="npm" label="npm">

Install it with npm.

A second paragraph in the tab.

</TabItem${n}>

<TabItem${n} value="yarn">

Or with yarn.

</TabItem${n}>

</Tabs${n}>

{/* A comment
spanning

lines */}

<Steps>

1. First step.

2. Second step.

</Steps>

:::caution

A Docusaurus admonition.

:::

<img src="/a${n}.png" alt="Picture ${n}" />
`;
