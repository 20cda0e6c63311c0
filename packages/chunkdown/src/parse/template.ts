import type { Container } from '../types.js';
import type { DialectParser, ScannedContainer } from './dialect.js';
import { type SourceLine, sourceLines } from './source-lines.js';

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
    micromark: [],
    mdast: [],
    toMarkdown: [],
    detect: (markdown) => mayHoldTags(markdown) && scanTemplateTags(markdown).scanned.length > 0,
    scan: (markdown) => (mayHoldTags(markdown) ? scanTemplateTags(markdown).scanned : []),
    spans: (markdown) => (mayHoldTags(markdown) ? scanTemplateTags(markdown).spans : []),
  };
}

/** Whether a text may hold a block tag at all (a quick test before the line scan). */
function mayHoldTags(markdown: string): boolean {
  return markdown.includes('{%') || markdown.includes('{{<') || markdown.includes('{{%');
}

/** A Liquid-family tag alone on a line: `{% name … %}`, `{%- name … -%}`, `{% endname %}`. */
const liquidTag = /^\{%-?[ \t]*(end)?([A-Za-z_][\w-]*)([^%]*?)[ \t]*-?%\}$/;
/** A Hugo shortcode alone on a line: `{{< name … >}}`, `{{% /name %}}` (not an escaped one, `{{</*`). */
const hugoTag = /^\{\{([<%])[ \t]*(\/)?[ \t]*([A-Za-z_][\w./-]*)(.*?)[ \t]*([>%])\}\}$/;

/** Blocks whose body is no markdown: left alone (read as CommonMark reads them). */
const literal = new Set(['raw', 'highlight', 'comment', 'verbatim']);

/** A tag line that opens or closes a block. */
interface TagLine {
  family: 'liquid' | 'hugo<' | 'hugo%';
  name: string;
  closing: boolean;
  /** What follows the name (attributes, arguments). */
  rest: string;
  line: SourceLine;
}

/**
 * The paired block tags of a document: the containers they make, and the stretches from each
 * opening line to its closing line (no segment of a large document ends inside one).
 *
 * @param markdown
 *   The document.
 * @returns
 *   The containers (by opening line) and the stretches.
 */
export function scanTemplateTags(markdown: string): {
  scanned: ScannedContainer[];
  spans: Array<[number, number]>;
} {
  const scanned: ScannedContainer[] = [];
  const spans: Array<[number, number]> = [];
  const open: TagLine[] = [];
  // The literal block the lines are in (`{% raw %}` … `{% endraw %}`): no tag in it counts.
  let inLiteral: TagLine | undefined;
  for (const line of sourceLines(markdown)) {
    if (line.code || line.blank || line.text.charCodeAt(0) !== 123) continue;
    const tag = tagLine(line);
    if (!tag) continue;
    if (inLiteral) {
      if (tag.closing && tag.name === inLiteral.name && tag.family === inLiteral.family) {
        inLiteral = undefined;
      }
      continue;
    }
    if (literal.has(tag.name)) {
      if (!tag.closing) inLiteral = tag;
      continue;
    }
    if (!tag.closing) {
      // A self-closing shortcode (`{{< tab header="x" />}}`) opens nothing.
      if (!tag.rest.endsWith('/')) open.push(tag);
      continue;
    }
    let at = open.length - 1;
    while (at >= 0) {
      const candidate = open[at] as TagLine;
      if (candidate.family === tag.family && candidate.name === tag.name) break;
      at--;
    }
    if (at === -1) continue;
    const opener = open[at] as TagLine;
    open.length = at;
    spans.push([opener.line.start, line.end]);
    scanned.push({
      container: containerOf(opener),
      open: [opener.line.textStart, opener.line.end],
      close: [line.textStart, line.end],
      body: 'fenced',
      opener: opener.line.text.trimEnd(),
      closer: line.text.trimEnd(),
      separator: '\n',
    });
  }
  scanned.sort((a, b) => a.open[0] - b.open[0]);
  spans.sort((a, b) => a[0] - b[0]);
  return { scanned, spans };
}

/** The block tag a line is, if it is one alone on the line. */
function tagLine(line: SourceLine): TagLine | undefined {
  const text = line.text.trimEnd();
  const liquid = liquidTag.exec(text);
  if (liquid) {
    return {
      family: 'liquid',
      name: (liquid[2] as string).toLowerCase(),
      closing: liquid[1] !== undefined,
      rest: (liquid[3] as string).trim(),
      line,
    };
  }
  const hugo = hugoTag.exec(text);
  // The delimiters pair (`{{<` with `>}}`, `{{%` with `%}}`).
  if (!hugo || (hugo[1] === '<') !== (hugo[5] === '>')) return undefined;
  return {
    family: hugo[1] === '<' ? 'hugo<' : 'hugo%',
    name: (hugo[3] as string).toLowerCase(),
    closing: hugo[2] !== undefined,
    rest: (hugo[4] as string).trim(),
    line,
  };
}

/** What a template block is, for the chunks in it: its name, attributes and title. */
function containerOf(tag: TagLine): Container {
  const attributes: Record<string, string> = {};
  for (const match of tag.rest.matchAll(/([A-Za-z_][\w-]*)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
    attributes[match[1] as string] = match[2] ?? match[3] ?? match[4] ?? '';
  }
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
