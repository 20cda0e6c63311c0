import type { Nodes, Root } from 'mdast';
import { toString as renderText } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { parse } from '../internal.js';
import { unbalancedContainers, unindentBodies } from './containers.js';

/** What the quality report checks in each chunk, read back from the chunk's own markdown. */
export interface ChunkQuality {
  /** Lines that look like table rows but are not in a table (their header row is elsewhere). */
  orphanRows: number;
  /** Fenced code blocks that are opened but never closed. */
  unbalancedFences: number;
  /**
   * Containers of the dialects in use (directive `:::` fences, MDX components, MyST fences) opened and not
   * closed, or closed and not opened; 0 without those dialects (`inspectChunk` always sets it;
   * optional for qualities made before it existed).
   */
  unbalancedContainers?: number;
  /** Length in characters of the rendered text (what a reader sees). */
  contentChars: number;
}

/** How {@link inspectChunk} reads a chunk. */
export interface InspectOptions {
  /**
   * The docs dialects the chunk's document was read with (`SplitResult.syntax`: `'mdx'`,
   * `'mkdocs'`, `'directive'`, …): fences and containers are checked as they read them. A fence
   * indented in an MkDocs admonition or tab, or in the children of an MDX component, is a fence
   * there, not the indented code CommonMark sees.
   */
  syntax?: readonly string[] | null | undefined;
}

const rowLine = /^\|.*\|$/;
const fenceLine = /^(`{3,}|~{3,})/;

/**
 * Parse a chunk's markdown back and check that it stands on its own, as the dialects it was read
 * with read it: every table row sits in a table with its header, every fenced code block is
 * closed, every container of a dialect in use is closed and opened.
 *
 * @param text Markdown of one chunk.
 * @param contentChars The chunk's rendered length in characters, when already known: then a
 * chunk without pipes and fence markers is not parsed at all.
 * @param options The dialects the chunk's document was read with.
 * @returns What was found.
 */
export function inspectChunk(
  text: string,
  contentChars?: number,
  options: InspectOptions = {},
): ChunkQuality {
  const syntax = new Set(options.syntax ?? []);
  const mdx = syntax.has('mdx');
  const containers = unbalancedContainers(text, {
    directive: syntax.has('directive'),
    mdx,
    myst: syntax.has('myst'),
    docfx: syntax.has('docfx'),
    mdc: syntax.has('mdc'),
  });
  if (contentChars !== undefined && !/[|]|```|~~~/.test(text)) {
    return { orphanRows: 0, unbalancedFences: 0, unbalancedContainers: containers, contentChars };
  }
  // MkDocs bodies read as markdown, as MkDocs reads them.
  const markdown = syntax.has('mkdocs') ? unindentBodies(text) : text;
  const tree: Root = parse(markdown);
  const lines = markdown.split(/\r?\n|\r/);
  const quality: ChunkQuality = {
    orphanRows: 0,
    unbalancedFences: 0,
    unbalancedContainers: containers,
    contentChars: 0,
  };
  quality.contentChars = contentChars ?? renderText(tree).length;
  // MDX has no indented code: a fence is a fence at any indentation (in a component's children).
  if (mdx) quality.unbalancedFences = openFences(lines);
  visit(tree, (node: Nodes) => {
    const start = node.position?.start;
    const end = node.position?.end;
    if (!start || !end) return;
    if (node.type === 'paragraph') {
      // A row without its header and delimiter row is parsed as a paragraph of pipes.
      for (let line = start.line; line <= end.line; line++) {
        let content = lines[line - 1] ?? '';
        // The first line may begin with a list marker before the paragraph.
        if (line === start.line) content = content.slice(start.column - 1);
        if (rowLine.test(stripContainers(content))) quality.orphanRows++;
      }
    } else if (node.type === 'code' && !mdx) {
      const source = markdown.slice(start.offset, end.offset).split(/\r?\n|\r/);
      const opening = fenceLine.exec(source[0]?.trimStart() ?? '')?.[1];
      if (!opening) return; // indented code has no fence to close
      const last = source.length > 1 ? stripContainers(source[source.length - 1] ?? '') : '';
      const closing = /^(`{3,}|~{3,})\s*$/.exec(last)?.[1];
      const closes =
        closing !== undefined && closing[0] === opening[0] && closing.length >= opening.length;
      if (!closes) quality.unbalancedFences++;
    }
  });
  return quality;
}

/**
 * Fences left open, read line by line with any indentation (block quote and list markers
 * skipped): how MDX, which has no indented code, reads them.
 */
function openFences(lines: readonly string[]): number {
  let open: string | undefined;
  for (const raw of lines) {
    const line = raw.replace(/^(?:[ \t]*(?:>|(?:[-+*]|\d{1,9}[.)])(?=[ \t])))*[ \t]*/, '');
    const marker = /^(`{3,}|~{3,})(.*)$/.exec(line);
    if (!marker) continue;
    const fence = marker[1] as string;
    if (open === undefined) {
      if (!(fence.startsWith('`') && (marker[2] as string).includes('`'))) open = fence;
    } else if (fence.startsWith(open) && (marker[2] as string).trim() === '') {
      open = undefined;
    }
  }
  return open === undefined ? 0 : 1;
}

/** Remove blockquote markers and indentation in front of a line's content. */
function stripContainers(line: string): string {
  return line.replace(/^[\s>]*/, '').trimEnd();
}
