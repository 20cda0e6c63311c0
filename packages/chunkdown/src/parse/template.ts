import type { Container } from '../types.js';
import { firstIndexAtLeast } from '../util/sorted.js';
import type { DialectParser } from './dialect.js';
import type { SourceLine } from './source-lines.js';
import { type SourceText, textOutsideCode } from './source-text.js';
import {
  literalBlocks,
  type PairedTagLines,
  pairTagLines,
  type TagLine,
  type TagLineRules,
  tagAttributes,
} from './tag-lines.js';
import { templateTagNode, templateTagSyntax } from './template-tags.js';

/**
 * The template dialect: paired block tags of template languages, each alone on its line, read
 * as containers whose body is markdown. Liquid, Jekyll, GitBook, Nunjucks and Jinja
 * (`{% hint style="info" %}` … `{% endhint %}`, `{%- tabs -%}` … `{%- endtabs -%}`) and Hugo
 * shortcodes (`{{< note >}}` … `{{< /note >}}`, `{{% details title="x" %}}` … `{{% /details %}}`).
 * A closing tag closes the innermost open tag of its name (those opened inside it and never
 * closed stay lines of text); a tag whose pair is not in the document is a line of text, no more.
 * Literal blocks (`raw`, `highlight`, `comment`, `verbatim`) and tags inside fenced code are
 * left as they are.
 *
 * @returns
 *   The parser.
 */
export function templateParser(): DialectParser {
  return {
    micromark: [templateTagSyntax()],
    mdast: [templateTagNode.fromMarkdown],
    toMarkdown: [templateTagNode.toMarkdown],
    detect: (source) =>
      (mayHoldTags(source.text) && scanTemplateTags(source).scanned.length > 0) ||
      (inlineTag.test(source.text) && inlineTag.test(source.once(textOutsideCode))),
    scan: (source) => {
      if (!mayHoldTags(source.text)) return [];
      const found = scanTemplateTags(source);
      return [...found.scanned, ...literalBlocks(source.text, found, literalContainer)];
    },
    spans: (source) => (mayHoldTags(source.text) ? scanTemplateTags(source).spans : []),
  };
}

/**
 * A template tag inside text (`{{ page.title }}`, `{% include "x" %}`, `{{< ref "a" >}}`): the
 * document is read with the dialect, so that it is an atom.
 */
const inlineTag =
  /\{%-?\s*[A-Za-z_][^%]{0,2000}%\}|\{\{[<%]|\{\{-?\s*[A-Za-z_.$][\s\S]{0,2000}?\}\}/;

/** Whether a text may hold a block tag at all (a quick test before the line scan). */
function mayHoldTags(markdown: string): boolean {
  return markdown.includes('{%') || markdown.includes('{{<') || markdown.includes('{{%');
}

/** A Liquid-family tag: `{% name … %}`, `{%- name … -%}`, `{% endname %}`. */
const liquidTag = /^\{%-?\s*(end)?([A-Za-z_][\w-]*)([^%]*?)\s*-?%\}$/;
/** A Hugo shortcode: `{{< name … >}}`, `{{% /name %}}` (not an escaped one, `{{</*`). */
const hugoTag = /^\{\{([<%])\s*(\/)?\s*([A-Za-z_][\w./-]*)([\s\S]*?)\s*([>%])\}\}$/;
/** The tags of a line made only of tags (`{{% /tab %}} {{% tab "b" %}}`), and the space between. */
const tagsOfLine = /\s*(\{%[^%]*%\}|\{\{[<%][\s\S]*?[>%]\}\})/y;
/** How many lines a tag's attributes may take (`{{% blocks/cover` … `%}}`). */
const MAX_TAG_LINES = 20;

/**
 * Branch tags and the blocks they are branches of (Liquid, Jinja, Nunjucks): each runs to the
 * next branch or the block's closer, a container inside the block with no closer of its own, so
 * a piece of a branch is written after the block's opener and its branch tag, and a block splits
 * at its branches first.
 */
const branchOf: Readonly<Record<string, readonly string[]>> = {
  else: ['if', 'unless', 'for', 'case'],
  elsif: ['if', 'unless'],
  elif: ['if'],
  elseif: ['if'],
  when: ['case'],
};

/** Blocks whose body is no markdown: kept as written. */
const literal = new Set(['raw', 'highlight', 'comment', 'verbatim']);
/**
 * Hugo shortcodes whose body is code or data, as Hugo's docs and themes render it: site
 * configuration shown as TOML, YAML and JSON tabs (`code-toggle`), a file's code (`code`), a
 * diagram (`mermaid`) and TeX (`katex`). Liquid's `{% code %}` (GitBook) holds markdown.
 */
const literalShortcodes = new Set(['code-toggle', 'code', 'mermaid', 'katex']);

/**
 * Whether a tag is a code tab: one of Docsy's (a `{{< tab >}}` right inside a `{{< tabpane >}}`,
 * neither of them `text=true`) or of Kubernetes' (`{{< tab name="POSIX" codelang="yaml" >}}`).
 * Both sites render such a tab's body as a code block, so it is literal: YAML's `---`, TOML's
 * `+++` and a shell's `# comment` in it are code, not a heading or a break. A `{{% tab %}}` body
 * is markdown.
 */
function isCodeTab(tag: TagLine, parent: TagLine | undefined): boolean {
  if (tag.family !== 'hugo' || tag.name !== 'tab' || tag.delimiter !== '<') return false;
  const attributes = tagAttributes(tag.rest);
  if (attributes.codelang !== undefined) return true;
  return (
    parent?.family === 'hugo' &&
    parent.name === 'tabpane' &&
    attributes.text !== 'true' &&
    tagAttributes(parent.rest).text !== 'true'
  );
}

/** The rules of template block tags for the paired-tag-line engine. */
const templateRules: TagLineRules = {
  firstChars: [123],
  read: tagLine,
  literal: (tag, parent) =>
    literal.has(tag.name) ||
    (tag.family === 'hugo' && literalShortcodes.has(tag.name)) ||
    isCodeTab(tag, parent),
  container: containerOf,
};

/**
 * The paired block tags of a document: the containers they make, and the stretches from each
 * opening line to its closing line (no segment of a large document ends inside one).
 *
 * @param source
 *   The document.
 * @returns
 *   The containers (by opening line), the stretches, the literal blocks and the unpaired tags
 *   (found once per source).
 */
export function scanTemplateTags(source: SourceText): PairedTagLines {
  return source.once(pairTemplateTags);
}

function pairTemplateTags(source: SourceText): PairedTagLines {
  // A line of several tags is all structure or all text: where one of its tags pairs and
  // another does not (`{{% /tab %}} {{% tab "c" %}}` with no closer for `c`), blanking the one
  // would leave the other indented as code. Such lines are read as text, and paired again.
  const asText = new Set<number>();
  for (;;) {
    const rules: TagLineRules =
      asText.size === 0
        ? templateRules
        : {
            ...templateRules,
            read: (line, lines, index, markdown) =>
              asText.has(line.start) ? undefined : tagLine(line, lines, index, markdown),
          };
    const found = pairTagLines(source, rules);
    const mixed = halfPairedLines(found);
    if (mixed.length === 0) return found;
    for (const start of mixed) asText.add(start);
  }
}

/** The lines (by start) that hold a tag that pairs and one that does not. */
function halfPairedLines(found: PairedTagLines): number[] {
  // (A self-closing tag, `{{< tab header="x" />}}`, pairs with nothing by design.)
  const shared = found.unpaired.filter((tag) => tag.start !== undefined && tag.role !== 'single');
  if (shared.length === 0) return [];
  const paired: number[] = [];
  for (const each of found.scanned) {
    paired.push(each.open[0]);
    if (each.close && each.close[1] > each.close[0]) paired.push(each.close[0]);
  }
  for (const { open, close } of found.literals) {
    paired.push(open.start ?? open.line.textStart, close.start ?? close.line.textStart);
  }
  paired.sort((a, b) => a - b);
  const lines = new Set<number>();
  for (const tag of shared) {
    const { start, end } = tag.line;
    // The first paired tag at or after the line's start: on the line when before its end.
    const first = paired[firstIndexAtLeast(paired, start)];
    if (first !== undefined && first <= end) lines.add(start);
  }
  return [...lines];
}

/** What a literal block is: its name, and the language of `{% highlight ruby %}`. */
function literalContainer(tag: TagLine): Container {
  if (tag.family === 'hugo') return containerOf(tag);
  const language = tag.name === 'highlight' ? /^[\w+#.-]+/.exec(tag.rest)?.[0] : undefined;
  return { kind: 'template', name: tag.name, ...(language ? { attributes: { language } } : {}) };
}

/**
 * The block tag a line is: a tag alone on its line, the tags of a line made only of tags, or a
 * tag whose attributes run over the next lines (`{{% blocks/cover`, `  title="x"`, `%}}`).
 */
function tagLine(
  line: SourceLine,
  lines: readonly SourceLine[],
  index: number,
  markdown: string,
): TagLine | TagLine[] | undefined {
  const text = line.text.trimEnd();
  const alone = tagOf(text, line);
  if (alone) return alone;
  // Several tags on the line.
  const tags: TagLine[] = [];
  tagsOfLine.lastIndex = 0;
  let match = tagsOfLine.exec(text);
  while (match) {
    const start = line.textStart + tagsOfLine.lastIndex - (match[1] as string).length;
    const tag = tagOf(match[1] as string, line, start, start + (match[1] as string).length);
    if (!tag) return undefined;
    tags.push(tag);
    if (tagsOfLine.lastIndex === text.length) return withSinglesAttached(tags);
    match = tagsOfLine.exec(text);
  }
  if (tags.length > 0 || !/^\{(%|\{[<%])/.test(text)) return undefined;
  // An opening tag that runs over the next lines.
  for (let next = index + 1; next < Math.min(lines.length, index + MAX_TAG_LINES); next++) {
    const after = lines[next] as SourceLine;
    if (after.blank) return undefined;
    const last = closingText(after, line, markdown);
    if (!/[%>]\}\}?$/.test(last)) continue;
    const run = [text, lineRun(lines, index + 1, next - 1), last].filter((each) => each !== '');
    const tag = tagOf(run.join('\n'), line, undefined, after.end);
    return tag?.role === 'open' ? tag : undefined;
  }
  return undefined;
}

/**
 * The tags of a line, each self-closing one (`{{< tab header="Front matter:" disabled=true />}}`)
 * made part of the tag before it on the line, or else of the one after it: the line
 * `{{< tabpane >}} {{< tab header="x" />}}` opens the pane with both, and blanking the opener
 * alone would have left the other indented, read as code.
 */
function withSinglesAttached(tags: TagLine[]): TagLine[] {
  const kept: TagLine[] = [];
  // Where the singles before the first kept tag start.
  let leading: number | undefined;
  for (const tag of tags) {
    const previous = kept[kept.length - 1];
    if (tag.role !== 'single') {
      if (leading !== undefined) tag.start = Math.min(tag.start ?? leading, leading);
      leading = undefined;
      kept.push(tag);
    } else if (previous) previous.end = tag.end;
    else leading ??= tag.start;
  }
  return kept.length === 0 ? tags : kept;
}

/**
 * The text of the line that may end an opener of several lines. A shortcode's `>}}` alone on its
 * line (`{{< card`, `  header="x"`, `>}}`) starts the way a block quote does: the line's text has
 * lost that `>` to a quote marker, which is given back when the opener's first line has one
 * marker fewer.
 */
function closingText(after: SourceLine, first: SourceLine, markdown: string): string {
  const text = after.text.trimEnd();
  const markers = (line: SourceLine) =>
    markdown.slice(line.start, line.textStart).split('>').length;
  const raw = markdown.slice(after.start, after.end).trimEnd();
  return text === '}}' && raw.endsWith('>}}') && markers(after) === markers(first) + 1
    ? '>}}'
    : text;
}

/** The text of lines `from` to `to` (inclusive), each trimmed at its end, joined by newlines. */
function lineRun(lines: readonly SourceLine[], from: number, to: number): string {
  const texts: string[] = [];
  for (let at = from; at <= to; at++) texts.push((lines[at] as SourceLine).text.trimEnd());
  return texts.join('\n');
}

/** The tag a text is, if it is one tag. */
function tagOf(text: string, line: SourceLine, start?: number, end?: number): TagLine | undefined {
  const place = {
    line,
    ...(start === undefined ? {} : { start }),
    ...(end === undefined ? {} : { end }),
  };
  const liquid = liquidTag.exec(text);
  if (liquid) {
    const name = (liquid[2] as string).toLowerCase();
    const close = liquid[1] !== undefined;
    const within = close ? undefined : branchOf[name];
    return {
      family: 'liquid',
      name,
      role: close ? 'close' : 'open',
      rest: (liquid[3] as string).trim(),
      ...(within ? { implicit: true, within } : {}),
      ...place,
    };
  }
  const hugo = hugoTag.exec(text);
  // The delimiters pair (`{{<` with `>}}`, `{{%` with `%}}`).
  if (!hugo || (hugo[1] === '<') !== (hugo[5] === '>')) return undefined;
  const rest = (hugo[4] as string).trim();
  // Two tags (`{{% /tab %}} {{% tab %}}`) are no one tag.
  if (/[>%]\}\}/.test(rest)) return undefined;
  return {
    // Hugo pairs a closer with its opener by name, whatever their delimiters
    // (`{{% tab %}}` … `{{< /tab >}}`, as Docsy's docs write).
    family: 'hugo',
    name: (hugo[3] as string).toLowerCase(),
    // A self-closing shortcode (`{{< tab header="x" />}}`) opens nothing.
    role: hugo[2] !== undefined ? 'close' : rest.endsWith('/') ? 'single' : 'open',
    rest,
    delimiter: hugo[1] as '<' | '%',
    ...place,
  };
}

/** What a template block is, for the chunks in it: its name, attributes and title. */
function containerOf(tag: TagLine): Container {
  const attributes = tagAttributes(tag.rest);
  const title = attributes.title ?? positionalTitle(tag.rest);
  return {
    kind: 'template',
    name: tag.name,
    ...(title ? { title } : {}),
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
}

/** A quoted first argument (`{{< tab "Linux" >}}`, `{% tab "npm" %}`) as a title. */
function positionalTitle(rest: string): string | undefined {
  return /^"([^"]*)"|^'([^']*)'/
    .exec(rest)
    ?.slice(1)
    .find((each) => each !== undefined);
}
