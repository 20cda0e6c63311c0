import type { OutlineSection as Section } from 'chunkdown/quality';
import type { Range } from '../lib/highlight.ts';
import { chunksIn } from '../lib/sections.ts';
import { h } from './dom.ts';

/**
 * Render the section tree: each heading with the chunks its section spans.
 *
 * @param container Element to fill.
 * @param sections Sections from the library's `outline()`.
 * @param ranges Chunk ranges (empty when the split failed).
 * @param onSelect Called with the chunks of a clicked section.
 */
export function renderTree(
  container: HTMLElement,
  sections: readonly Section[],
  ranges: readonly Range[],
  onSelect: (chunks: number[]) => void,
): void {
  if (sections.length === 0) {
    container.replaceChildren(h('p', { class: 'empty' }, 'No sections: the document is empty.'));
    return;
  }
  const note = h(
    'p',
    { class: 'hint' },
    'Each heading owns everything up to the next heading of the same or higher rank.',
  );
  container.replaceChildren(note, list(sections, ranges, onSelect));
}

function list(
  sections: readonly Section[],
  ranges: readonly Range[],
  onSelect: (chunks: number[]) => void,
): HTMLUListElement {
  return h(
    'ul',
    { class: 'tree' },
    sections.map((section) => {
      const chunks = chunksIn(section, ranges);
      const label = section.heading
        ? section.heading.text || '(empty heading)'
        : '(before the first heading)';
      const depth = section.heading ? `H${section.heading.depth}` : '—';
      return h(
        'li',
        {},
        h(
          'button',
          { type: 'button', class: 'section', onclick: () => onSelect(chunks) },
          h('span', { class: 'depth' }, depth),
          h('span', { class: 'section-title' }, label),
          h('span', { class: 'section-chunks' }, span(chunks)),
        ),
        section.children.length > 0 ? list(section.children, ranges, onSelect) : null,
      );
    }),
  );
}

function span(chunks: readonly number[]): string {
  const first = chunks[0];
  const last = chunks[chunks.length - 1];
  if (first === undefined || last === undefined) return 'no chunks';
  if (first === last) return `chunk ${first + 1}`;
  return `chunks ${first + 1}–${last + 1} (${chunks.length})`;
}
