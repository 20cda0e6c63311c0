/**
 * Docs dialects for the `syntax` option: what docs frameworks write beyond CommonMark + GFM.
 *
 * ```ts
 * import { chunkdown } from 'chunkdown';
 * import { auto, directive, math, mdx } from 'chunkdown/syntax';
 *
 * chunkdown({ chunkSize: 500, syntax: [mdx(), directive(), math()] }); // always on
 * chunkdown({ chunkSize: 500, syntax: auto() }); // each on where a document shows it
 * ```
 *
 * A separate entry point, so that the core never loads a dialect's parser (MDX brings acorn).
 *
 * @module
 */
import { defineSyntax } from './parse/dialect.js';
import { type DirectiveOptions, directiveParser } from './parse/directive.js';
import { docfxParser } from './parse/docfx.js';
import { type MathOptions, mathParser } from './parse/math.js';
import { mdcParser } from './parse/mdc.js';
import { mdxParser } from './parse/mdx.js';
import { mkdocsParser } from './parse/mkdocs.js';
import { mystParser } from './parse/myst.js';
import { obsidianParser } from './parse/obsidian.js';
import { templateParser } from './parse/template.js';
import type { Syntax, SyntaxName } from './types.js';

export type { DirectiveOptions } from './parse/directive.js';
export type { MathOptions } from './parse/math.js';
export type { Syntax, SyntaxExtension, SyntaxName } from './types.js';

/** When a dialect is on: for every document (default), or only for those that show it. */
export interface When {
  /**
   * `'always'` (default): read every document with it; `'detected'`: only documents that show
   * it (see {@link auto}).
   */
  when?: Syntax['when'] | undefined;
}

/**
 * Directive containers: `:::note`, `:::note[Title]{#id .class}` (Docusaurus, Starlight,
 * remark-directive, read by `micromark-extension-directive`), `::: tip Title` (VitePress,
 * markdown-it) and `:::note Title` (older Docusaurus). Leaf (`::name`) and text (`:name`)
 * directives are off unless asked for: text directives swallow ordinary colons (`12:45`).
 * Detected by `:::` lines that pair.
 *
 * @param options
 *   When it is on, and which other directive forms to read.
 * @returns
 *   The dialect.
 */
export function directive(options: DirectiveOptions & When = {}): Syntax {
  const when = whenOf(options, 'directive');
  for (const key of ['leaf', 'text'] as const) oneOf(options[key], 'directive', key, [true, false]);
  return defineSyntax('directive', when, directiveParser(options));
}

/**
 * Math: display math between `$$` lines and `$$x$$` inside text (`micromark-extension-math`),
 * kept as written (no escapes added or removed); single-dollar math where a document shows TeX
 * between single dollars (`inline: 'detected'`, the default: prices never do), always with
 * `inline: true`, never with `inline: false`. Detected by `$$` lines that pair, or by such TeX.
 *
 * @param options
 *   When it is on, and whether single dollars make math.
 * @returns
 *   The dialect.
 */
export function math(options: MathOptions & When = {}): Syntax {
  const when = whenOf(options, 'math');
  oneOf(options.inline, 'math', 'inline', [true, false, 'detected']);
  return defineSyntax('math', when, mathParser(options));
}

/**
 * MDX (`micromark-extension-mdxjs`, `mdast-util-mdx`): ESM lines, JSX components (`<Tabs>`,
 * `<TabItem value="npm">`, `<Aside>`, `<Steps>`) and expressions. A block that does not parse as
 * MDX (a stray `{` or `<` in prose) is read as CommonMark (with the other dialects), the rest of
 * the document keeps MDX, and the split says where, why and which lines (`diagnostics`).
 * Detected by top-level `import`/`export` lines with a JSX component, or a block of JSX (a
 * component opened and closed alone on lines) in a document without HTML comments, `class="…"`
 * or mdBook includes; the command line reads every `.mdx` file as MDX.
 *
 * @param options
 *   When it is on.
 * @returns
 *   The dialect.
 */
export function mdx(options: When = {}): Syntax {
  return defineSyntax('mdx', whenOf(options, 'mdx'), mdxParser());
}

/**
 * MkDocs (Material for MkDocs, Python-Markdown): admonitions (`!!! note "Title"`, `??? tip`,
 * `???+ tip`) and content tabs (`=== "Tab"`), whose bodies are indented four columns, and
 * PyMdown's blocks (`/// note | Title` … `///`, `//// tab | Python` … `////`). Detected by such
 * a line followed by an indented body, or by a block that closes.
 *
 * @param options
 *   When it is on.
 * @returns
 *   The dialect.
 */
export function mkdocs(options: When = {}): Syntax {
  return defineSyntax('mkdocs', whenOf(options, 'mkdocs'), mkdocsParser());
}

/**
 * Template languages' paired block tags, each alone on its line, read as containers whose body is
 * markdown: Liquid, Jekyll, GitBook, Nunjucks and Jinja (`{% hint style="info" %}` …
 * `{% endhint %}`) and Hugo shortcodes (`{{< note >}}` … `{{< /note >}}`, `{{% details %}}` …
 * `{{% /details %}}`). A tag whose pair is not in the document stays a line of text. Detected by
 * such tag lines that pair.
 *
 * @param options
 *   When it is on.
 * @returns
 *   The dialect.
 */
export function template(options: When = {}): Syntax {
  return defineSyntax('template', whenOf(options, 'template'), templateParser());
}

/**
 * Obsidian: wikilinks and embeds (`[[Page|alias]]`, `![[diagram.png]]`), atoms whose content is
 * what a reader sees (the alias, or the page name), and block ids (`^abc123` at the end of a
 * line), markup that stays with its line. Detected by a wikilink (`[[…]]` with a letter in it,
 * not followed by `(` or `[`).
 *
 * @param options
 *   When it is on.
 * @returns
 *   The dialect.
 */
export function obsidian(options: When = {}): Syntax {
  return defineSyntax('obsidian', whenOf(options, 'obsidian'), obsidianParser());
}

/**
 * MyST (MyST-Parser, Jupyter Book, Sphinx) directives whose body is markdown, read as containers:
 * colon fences (`:::{note}` … `:::`) and backtick fences (```` ```{admonition} Title ```` …
 * ```` ``` ````), nested with longer fences outside, their options (`:key: value` lines or a `---`
 * block) repeated with the opener on every piece; a `{list-table}` repeats its header rows
 * (`:header-rows: N`) and keeps each row whole. Directives whose body is code (`{code-block}`,
 * `{code-cell}`, `{math}`, `{eval-rst}`, …) stay code. Detected by such directives that pair.
 *
 * @param options
 *   When it is on.
 * @returns
 *   The dialect.
 */
export function myst(options: When = {}): Syntax {
  return defineSyntax('myst', whenOf(options, 'myst'), mystParser());
}

/**
 * DocFX (Microsoft Learn): zone pivots (`::: zone pivot="x"` … `::: zone-end`), monikers
 * (`::: moniker range="x"` … `::: moniker-end`), rows and columns (`:::row:::`,
 * `:::column:::` … `:::column-end:::`) and complex images (`:::image type="complex" …:::` …
 * `:::image-end:::`) read as containers whose body is markdown; tab groups (`# [Bash](#tab/bash)`
 * … `---`) as a container per tab whose heading starts every piece of it; tags inside text
 * (`[!INCLUDE [x](y)]`, `:::image …:::`, `:::code …:::`) as atoms. A tag whose pair is not in
 * the document stays as written. Detected by such lines that pair, a tab heading or a tag in text.
 *
 * @param options
 *   When it is on.
 * @returns
 *   The dialect.
 */
export function docfx(options: When = {}): Syntax {
  return defineSyntax('docfx', whenOf(options, 'docfx'), docfxParser());
}

/**
 * MDC (Nuxt Content, Docus, `remark-mdc`) block components, read as containers whose body is
 * markdown: `::note` … `::`, `::card{title="Open" icon="i-x"}` … `::`, `::alert[Label]` … `::`,
 * nested by indentation or by more colons (`:::template-features`; a closer ends the innermost
 * component of as many colons), their props (a `---` YAML block right after the opening line)
 * repeated with the opener on every piece; inline components (`:badge[v4.3]`,
 * `:read-more{to="/x"}`) are atoms. A component whose closer is not in the document stays a line
 * of text. Detected by components of two colons that pair.
 *
 * @param options
 *   When it is on.
 * @returns
 *   The dialect.
 */
export function mdc(options: When = {}): Syntax {
  return defineSyntax('mdc', whenOf(options, 'mdc'), mdcParser());
}

/**
 * The built-in dialects by name, in the order {@link auto} gives them: what `--syntax` names, and
 * what a dialect's name resolves to on the command line's worker threads.
 */
export const builtinSyntax: Readonly<Record<SyntaxName, (options?: When) => Syntax>> =
  Object.freeze({ mdx, directive, math, mkdocs, template, obsidian, myst, docfx, mdc });

/** Names of the dialects, in the order {@link auto} gives them. */
export const syntaxNames: readonly SyntaxName[] = Object.freeze(
  Object.keys(builtinSyntax) as SyntaxName[],
);

/**
 * Every dialect, each on only for the documents that show it: `:::` lines that pair (directives),
 * `$$` lines that pair or TeX between single dollars (math), top-level `import`/`export` with JSX (MDX), `!!!`/`???`/`===`
 * lines followed by an indented body (MkDocs), template tags, wikilinks (Obsidian), MyST
 * directives that pair, DocFX's lines that pair, tab headings and tags, MDC components that
 * pair. What the command line and the visualizer use.
 *
 * @returns
 *   The dialects.
 */
export function auto(): Syntax[] {
  return syntaxNames.map((name) => builtinSyntax[name]({ when: 'detected' }));
}

/** Throw unless an option of a dialect is absent or one of the values it takes. */
function oneOf(
  value: unknown,
  name: SyntaxName,
  key: string,
  accepted: readonly (boolean | string)[],
): void {
  if (value === undefined || accepted.includes(value as boolean | string)) return;
  const shown = accepted.map((each) => `\`${JSON.stringify(each).replaceAll('"', "'")}\``);
  throw new TypeError(
    `Expected ${shown.slice(0, -1).join(', ')} or ${shown.at(-1)} for \`${name}({ ${key} })\`, not \`${JSON.stringify(value) ?? String(value)}\``,
  );
}

function whenOf(options: When, name: SyntaxName): Syntax['when'] {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`Expected an options object for \`${name}()\`, not ${String(options)}`);
  }
  const when = options.when ?? 'always';
  if (when !== 'always' && when !== 'detected') {
    throw new RangeError(
      `Expected \`'always'\` or \`'detected'\` for \`${name}({ when })\`, not \`${JSON.stringify(when)}\``,
    );
  }
  return when;
}
