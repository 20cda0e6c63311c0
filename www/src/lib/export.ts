import type { Chunk, Frontmatter } from 'chunkdown';
import { type Settings, toChunkdownOptions } from './settings.ts';

/**
 * The chunks as one JSON document, with the options that made them and the front matter.
 *
 * @param chunks Chunks from `split()`.
 * @param frontmatter Front matter from `split()`.
 * @param settings Settings the chunks were made with.
 * @returns Pretty-printed JSON, ending in a newline.
 */
export function toJson(
  chunks: readonly Chunk[],
  frontmatter: Frontmatter | undefined,
  settings: Settings,
): string {
  const options = { ...toChunkdownOptions(settings), sizeUnit: settings.unit };
  return `${JSON.stringify({ options, frontmatter: frontmatter ?? null, chunks }, null, 2)}\n`;
}

/**
 * The chunks as JSON Lines: one chunk object per line, ready for a bulk loader.
 *
 * @param chunks Chunks from `split()`.
 * @returns One line per chunk, each ending in a newline; empty for no chunks.
 */
export function toJsonl(chunks: readonly Chunk[]): string {
  return chunks.map((chunk) => `${JSON.stringify(chunk)}\n`).join('');
}
