import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { Frontmatter } from './types.js';

/** A document with its front matter taken out. */
export interface WithoutFrontmatter {
  frontmatter: Frontmatter | undefined;
  /** The document with the front matter blanked (spaces, line endings kept), so offsets still hold. */
  body: string;
}

const fences = {
  yaml: { open: /^---[ \t]*\r?\n/, close: /^(?:---|\.\.\.)[ \t]*$/ },
  toml: { open: /^\+\+\+[ \t]*\r?\n/, close: /^\+\+\+[ \t]*$/ },
} as const;

/**
 * Take the front matter from the top of a document: YAML between `---` and `---` (or `...`), or
 * TOML between `+++` lines. It counts only when it parses to a mapping, so a thematic break or a
 * setext heading at the top is never mistaken for it.
 *
 * @param markdown
 *   The document.
 * @returns
 *   The front matter and the document without it.
 */
export function takeFrontmatter(markdown: string): WithoutFrontmatter {
  for (const format of ['yaml', 'toml'] as const) {
    const fence = fences[format];
    const open = fence.open.exec(markdown);
    if (!open) continue;
    let lineStart = open[0].length;
    while (lineStart < markdown.length) {
      let lineEnd = markdown.indexOf('\n', lineStart);
      if (lineEnd === -1) lineEnd = markdown.length;
      const line = markdown.slice(lineStart, lineEnd).replace(/\r$/, '');
      if (fence.close.test(line)) {
        const raw = markdown.slice(open[0].length, lineStart).replace(/\r?\n$/, '');
        const frontmatter = read(format, raw);
        if (!frontmatter) return { frontmatter: undefined, body: markdown };
        const end = lineEnd;
        const body = markdown.slice(0, end).replace(/[^\r\n]/g, ' ') + markdown.slice(end);
        return { frontmatter, body };
      }
      lineStart = lineEnd + 1;
    }
    return { frontmatter: undefined, body: markdown };
  }
  return { frontmatter: undefined, body: markdown };
}

function read(format: 'yaml' | 'toml', raw: string): Frontmatter | undefined {
  try {
    const data = format === 'yaml' ? parseYaml(raw) : parseToml(raw);
    if (data === null || typeof data !== 'object' || Array.isArray(data)) return undefined;
    return { format, raw, data };
  } catch {
    return undefined;
  }
}
