import type { Element, ElementContent, Root as HastRoot } from 'hast';
import { sanitize } from 'hast-util-sanitize';
import { toHtml } from 'hast-util-to-html';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toHast } from 'mdast-util-to-hast';
import { gfm } from 'micromark-extension-gfm';

/**
 * A chunk as a reader (and the model) sees it: its markdown rendered to HTML (CommonMark + GFM:
 * tables, code with its language as `class="language-…"`), sanitized (`hast-util-sanitize`'s
 * GitHub-like schema: no script, no event handler, no `javascript:` URL; raw HTML in the chunk is
 * left out), with its containers (MkDocs admonitions and tabs, `:::` directive containers and
 * DocFX zones, monikers, rows and columns, DocFX tabs, MDX components on lines of their own) drawn as boxes with their titles: the opener and closer
 * lines are taken off, an MkDocs body's indentation with them, and the body rendered inside.
 *
 * @param text The chunk's markdown.
 * @returns Safe HTML.
 */
export function renderChunk(text: string): string {
  return toHtml({ type: 'root', children: renderBlocks(text.split('\n'), 0) });
}

/** Containers nested deeper than this are rendered as their text. */
const MAX_DEPTH = 8;

const MKDOCS = /^( *)(!!!|\?\?\?\+?|===)[ \t]+(.*)$/;
const DIRECTIVE = /^( {0,3})(:{3,})[ \t]*\{?([A-Za-z][\w-]*)\}?(.*)$/;
const JSX_OPEN = /^( {0,3})<([A-Z][\w.]*)((?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)>\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** A DocFX tab heading: `# [Bash](#tab/bash)`. */
const TAB = /^ {0,3}(#{1,6})[ \t]+(?:<a\s[^>]*>\s*<\/a>[ \t]*)?\[([^\]]*)\]\(#tab\/[^)]*\)[ \t]*$/;

/** Render lines: markdown between containers, each container a box around its own lines. */
function renderBlocks(lines: readonly string[], depth: number): ElementContent[] {
  const out: ElementContent[] = [];
  let plain: string[] = [];
  const flush = () => {
    if (plain.length > 0) out.push(...markdown(plain.join('\n')));
    plain = [];
  };
  let fence: string | undefined;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string;
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker?.startsWith(fence) && line.trim() === marker) fence = undefined;
      plain.push(line);
      continue;
    }
    if (marker) {
      fence = marker;
      plain.push(line);
      continue;
    }
    const found = depth < MAX_DEPTH ? containerAt(lines, index) : null;
    if (!found) {
      plain.push(line);
      continue;
    }
    flush();
    out.push(box(found.title, renderBlocks(found.body, depth + 1)));
    index = found.end - 1;
  }
  flush();
  return out;
}

/** The container opened on line `index`: its title, its body's lines and the line after it. */
function containerAt(
  lines: readonly string[],
  index: number,
): { title: string; body: string[]; end: number } | null {
  const line = lines[index] as string;
  const tab = TAB.exec(line);
  if (tab) {
    // To the next heading of its level or higher (a tab or not), or a `---` after a blank line.
    const level = (tab[1] as string).length;
    let end = index + 1;
    for (; end < lines.length; end++) {
      const next = lines[end] as string;
      const heading = /^ {0,3}(#{1,6})(?:[ \t]|$)/.exec(next);
      if (heading && (heading[1] as string).length <= level) break;
      if (/^-{3,}[ \t]*$/.test(next) && (lines[end - 1] ?? '').trim() === '') break;
    }
    return { title: `tab: ${tab[2]}`, body: lines.slice(index + 1, end), end };
  }
  const mkdocs = MKDOCS.exec(line);
  if (mkdocs) {
    const indent = (mkdocs[1] as string).length + 4;
    const title = (mkdocs[3] as string).replace(
      /^([\w-]+)(?:\s+(?:"(.*)"|(.*)))?$/,
      (_, kind, quoted, bare) => (quoted || bare ? `${kind}: ${quoted ?? bare}` : kind),
    );
    let end = index + 1;
    while (end < lines.length) {
      const next = lines[end] as string;
      if (next.trim() !== '' && next.length - next.trimStart().length < indent) break;
      end++;
    }
    const body = lines
      .slice(index + 1, end)
      .map((text) => text.slice(Math.min(indent, text.length - text.trimStart().length)));
    return {
      title: mkdocs[2] === '===' ? `tab: ${title.replace(/^"|"$/g, '')}` : title,
      body,
      end,
    };
  }
  const directive = DIRECTIVE.exec(line);
  if (directive && !/-end\b/.test(directive[3] as string)) {
    const colons = (directive[2] as string).length;
    let depth = 0;
    for (let end = index + 1; end < lines.length; end++) {
      const next = (lines[end] as string).trim();
      const open = /^(:{3,})[ \t]*\{?[A-Za-z]/.exec(next);
      if (open && !/-end\b/.test(next)) depth++;
      else if (/^:{3,}$/.test(next) || /^:{3,}\s*[\w-]+-end\b/.test(next)) {
        if (depth === 0 && next.replace(/[^:].*$/, '').length >= Math.min(colons, 3)) {
          // `[Title]`, or DocFX's `:::column span="2":::` (the colons that end the tag go).
          const rest = (directive[4] as string)
            .trim()
            .replace(/^\[(.*)\]$/, '$1')
            .replace(/:{3}$/, '')
            .trim();
          const name = directive[3] as string;
          return {
            title: rest ? `${name}: ${rest}` : name,
            body: lines.slice(index + 1, end),
            end: end + 1,
          };
        }
        depth--;
      }
    }
    return null;
  }
  const jsx = JSX_OPEN.exec(line);
  if (jsx && !(jsx[3] as string).trimEnd().endsWith('/')) {
    const name = jsx[2] as string;
    let depth = 0;
    for (let end = index + 1; end < lines.length; end++) {
      const next = (lines[end] as string).trim();
      if (new RegExp(`^<${name.replace('.', '\\.')}\\b`).test(next) && !next.endsWith('/>'))
        depth++;
      else if (next === `</${name}>`) {
        if (depth === 0) {
          const attributes = (jsx[3] as string).trim();
          const body = lines.slice(index + 1, end);
          // Children indented under the tag: take the common indentation off.
          const indent = Math.min(
            ...body
              .filter((text) => text.trim() !== '')
              .map((text) => text.length - text.trimStart().length),
          );
          return {
            title: attributes ? `<${name}> ${attributes}` : `<${name}>`,
            body: Number.isFinite(indent)
              ? body.map((text) => text.slice(Math.min(indent, text.length)))
              : body,
            end: end + 1,
          };
        }
        depth--;
      }
    }
  }
  return null;
}

/** Markdown (CommonMark + GFM) to sanitized HTML nodes. */
function markdown(text: string): ElementContent[] {
  const tree = fromMarkdown(text, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const hast = sanitize(toHast(tree) as HastRoot) as HastRoot;
  labelCode(hast.children);
  return hast.children as ElementContent[];
}

/**
 * Give each code block with a language (`<pre><code class="language-sh">`, after sanitizing)
 * `data-lang="sh"` on its `<pre>`, which the page shows above the code.
 */
function labelCode(nodes: readonly HastRoot['children'][number][]): void {
  for (const node of nodes) {
    if (node.type !== 'element') continue;
    const code = node.tagName === 'pre' ? node.children[0] : undefined;
    if (code?.type === 'element' && code.tagName === 'code') {
      const classes = code.properties.className;
      const language = (Array.isArray(classes) ? classes : [])
        .map(String)
        .find((name) => name.startsWith('language-'))
        ?.slice('language-'.length);
      if (language) node.properties.dataLang = language;
    }
    labelCode(node.children);
  }
}

/** A box for a container: its kind and title on top, the content below. */
function box(title: string, children: ElementContent[]): Element {
  return {
    type: 'element',
    tagName: 'div',
    properties: { className: ['container-box'] },
    children: [
      {
        type: 'element',
        tagName: 'p',
        properties: { className: ['container-title'] },
        children: [{ type: 'text', value: title }],
      },
      ...children,
    ],
  };
}
