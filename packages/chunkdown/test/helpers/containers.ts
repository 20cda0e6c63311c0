import type { Nodes } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { mathFromMarkdown } from 'mdast-util-math';
import { math } from 'micromark-extension-math';

/**
 * The container checks of the invariant oracle (issue 25), read line by line as a person (or
 * another markdown tool) reads a chunk, without chunkdown's parser: a chunk must close every
 * container it opens and open every container it closes.
 *
 * - Directive fences: a line of three or more colons and a name opens (`:::note`, `::: tip`,
 *   `:::note[Title]`), a line of colons alone closes the innermost one with at most as many.
 * - JSX components: a line that starts with `<Name …>` (a capitalized name, not self-closing)
 *   opens, `</Name>` closes; tags on the same line pair up.
 * - MDC components: a line of two colons and a name opens (`::note`, `::card{…}`), a line of two
 *   colons alone closes the innermost one.
 *
 * Lines inside fenced code are not read.
 */
export function unbalancedContainers(text: string): string[] {
  const problems: string[] = [];
  const directives: number[] = [];
  const tags: string[] = [];
  let components = 0;
  let fence: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    // Block quote and list markers, nested too (`* * :::tip` opens a tip in a nested item).
    const line = raw.replace(/^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t])))*[ \t]*/, '');
    const marker = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (marker && (marker[1] as string).startsWith(fence) && (marker[2] as string).trim() === '')
        fence = undefined;
      continue;
    }
    if (marker && !(marker[1]?.startsWith('`') && marker[2]?.includes('`'))) {
      fence = marker[1] as string;
      continue;
    }
    if (/^::[ \t]*$/.test(line)) {
      if (components === 0) problems.push(`closes a component it did not open: ${line}`);
      else components--;
      continue;
    }
    if (/^::[A-Za-z$]/.test(line)) {
      components++;
      continue;
    }
    const close = /^(:{3,})[ \t]*$/.exec(line);
    if (close) {
      const colons = (close[1] as string).length;
      if (directives.length === 0 || (directives[directives.length - 1] as number) > colons) {
        problems.push(`closes a container it did not open: ${line}`);
      } else directives.pop();
      continue;
    }
    // DocFX: `::: zone-end`, `:::row-end:::` close; a tag between colons (`:::image …:::`) is
    // whole but for rows, columns and complex images, which open.
    const docfx =
      /^(:{3})[ \t]*([A-Za-z][\w-]*)(.*?):::[ \t]*$|^(:{3})[ \t]*(zone|moniker)-end\b/.exec(line);
    if (docfx) {
      const name = (docfx[2] ?? 'end') as string;
      if (name.endsWith('-end') || docfx[4]) {
        if (directives.length === 0) problems.push(`closes a container it did not open: ${line}`);
        else directives.pop();
      } else if (/^(row|column)$/.test(name) || (name === 'image' && /type="complex"/.test(line)))
        directives.push(3);
      continue;
    }
    const open = /^(:{3,})[ \t]*[A-Za-z]/.exec(line);
    if (open) {
      directives.push((open[1] as string).length);
      continue;
    }
    // Components at the start of a line (flow JSX: `<Tabs>`, `</TabItem>`), not `Vec<T>` in text.
    if (!/^<\/?[A-Z]/.test(line)) continue;
    for (const tag of line.matchAll(
      /<(\/?)([A-Z][\w.]*)((?:[^<>"'{}]|"[^"]*"|'[^']*'|\{[^{}]*\})*)>/g,
    )) {
      if ((tag[3] as string).trimEnd().endsWith('/')) continue;
      const name = tag[2] as string;
      if (tag[1]) {
        if (tags[tags.length - 1] === name) tags.pop();
        else problems.push(`closes <${name}> it did not open`);
      } else tags.push(name);
    }
  }
  if (directives.length > 0)
    problems.push(`leaves ${directives.length} directive container(s) open`);
  if (tags.length > 0) problems.push(`leaves <${tags.join('>, <')}> open`);
  if (components > 0) problems.push(`leaves ${components} component(s) open`);
  return problems;
}

/**
 * The display math of a text as `micromark-extension-math` reads it (chunkdown's own parser
 * aside): the TeX of each `$$` block. A closing `$$` line with a label (MyST: `$$ (eq-1)`, Quarto:
 * `$$ {#eq-1}`) closes the block, as MyST and Quarto read it: the label is taken off before the
 * read.
 *
 * @param text
 *   Markdown.
 * @returns
 *   The values of its `math` nodes.
 */
/**
 * Display math closed at the end of its last line of TeX (`$$\begin{x}` … `\end{x}$$`), as
 * chunkdown reads it, with the closer moved to a line of its own, as `micromark-extension-math`
 * reads it.
 */
function closersOnTheirLines(text: string): string {
  let open = false;
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^[ \t>]*(`{3,}|~{3,})/.exec(line)?.[1];
      if (!open && fence !== undefined) {
        if (marker?.startsWith(fence)) fence = undefined;
        return line;
      }
      if (!open && marker) {
        fence = marker;
        return line;
      }
      const match = /^([ \t>]*)(.*?)(\${2,})[ \t]*$/.exec(line);
      const tex = match?.[2] ?? '';
      if (!open) {
        if (/^[ \t>]*\${2,}[^$]*$/.test(line)) open = true;
        return line;
      }
      if (!match) return line;
      open = false;
      return tex.trim() === '' ? line : `${match[1]}${tex}\n${match[1]}${match[3]}`;
    })
    .join('\n');
}

export function displayMath(text: string): string[] {
  // Labels after a closer go, and a bare closer four columns in or more is moved to the line's
  // start: chunkdown's math reads both as closers, `micromark-extension-math` neither.
  const unlabelled = text
    .replace(/^([ \t>]*\${2,})[ \t]*(?:\([^\s()]+\)|\{[^{}\n]+\})[ \t]*$/gm, '$1')
    .replace(/^[ \t]{4,}(\${2,})[ \t]*$/gm, '$1');
  const tree = fromMarkdown(closersOnTheirLines(unlabelled), {
    extensions: [math({ singleDollarTextMath: false })],
    mdastExtensions: [mathFromMarkdown()],
  });
  const values: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'math') values.push(node.value);
    if ('children' in node) for (const child of node.children as Nodes[]) visit(child);
  };
  visit(tree);
  return values;
}
