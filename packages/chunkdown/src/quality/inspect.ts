import type { Nodes, Root } from 'mdast';
import { toString as renderText } from 'mdast-util-to-string';
import { visit } from 'unist-util-visit';
import { parse } from '../internal.js';

/** What the quality report checks in each chunk, read back from the chunk's own markdown. */
export interface ChunkQuality {
  /** Lines that look like table rows but are not in a table (their header row is elsewhere). */
  orphanRows: number;
  /** Fenced code blocks that are opened but never closed. */
  unbalancedFences: number;
  /** Length in characters of the rendered text (what a reader sees). */
  contentChars: number;
}

const rowLine = /^\|.*\|$/;
const fenceLine = /^(`{3,}|~{3,})/;

/**
 * Parse a chunk's markdown back and check that it stands on its own: every table row sits in
 * a table with its header, every fenced code block is closed.
 *
 * @param text Markdown of one chunk.
 * @param contentChars The chunk's rendered length in characters, when already known: then a
 * chunk without pipes and fence markers is not parsed at all.
 * @returns What was found.
 */
export function inspectChunk(text: string, contentChars?: number): ChunkQuality {
  if (contentChars !== undefined && !/[|]|```|~~~/.test(text)) {
    return { orphanRows: 0, unbalancedFences: 0, contentChars };
  }
  const tree: Root = parse(text);
  const lines = text.split(/\r?\n|\r/);
  const quality: ChunkQuality = { orphanRows: 0, unbalancedFences: 0, contentChars: 0 };
  quality.contentChars = contentChars ?? renderText(tree).length;
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
    } else if (node.type === 'code') {
      const source = text.slice(start.offset, end.offset).split(/\r?\n|\r/);
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

/** Remove blockquote markers and indentation in front of a line's content. */
function stripContainers(line: string): string {
  return line.replace(/^[\s>]*/, '').trimEnd();
}
