import { highlightSegments, type Range } from '../lib/highlight.ts';
import { escapeHtml } from './dom.ts';

/** Number of chunk colors in the stylesheet (`.c0` … `.c7`). */
export const PALETTE_SIZE = 8;

/** The source text area with chunk ranges painted behind its text. */
export interface Editor {
  /** Current text. */
  readonly value: string;
  /** Replace the text (does not fire the input callback). */
  setValue(text: string): void;
  /** Paint chunk ranges; ignored unless `text` is still the editor's text. */
  showChunks(text: string, ranges: readonly (Range | null)[]): void;
  /** Hide the paint (the text changed, the ranges no longer fit it). */
  hideChunks(): void;
  /** Emphasize the ranges of these chunks. */
  activate(indices: readonly number[]): void;
  /** Scroll the text area to the start of a chunk. */
  reveal(index: number): void;
}

/**
 * Set up the editor: a transparent text area over a backdrop that repeats its text with marks.
 * Both share font, padding and wrapping, and the backdrop follows the text area's scrolling.
 *
 * @param textarea The text area.
 * @param backdrop Scrolling element behind it.
 * @param layer Element inside the backdrop that receives the marked-up text.
 * @param onCaret Called with the caret offset when the user clicks or moves in the text.
 * @returns The editor.
 */
export function createEditor(
  textarea: HTMLTextAreaElement,
  backdrop: HTMLElement,
  layer: HTMLElement,
  onCaret: (offset: number) => void,
): Editor {
  let active: readonly number[] = [];

  textarea.addEventListener('scroll', () => {
    backdrop.scrollTop = textarea.scrollTop;
    backdrop.scrollLeft = textarea.scrollLeft;
  });
  const caret = () => onCaret(textarea.selectionStart);
  textarea.addEventListener('click', caret);
  textarea.addEventListener('keyup', (event) => {
    if (event.key.startsWith('Arrow') || event.key === 'Home' || event.key === 'End') caret();
  });

  function paintActive(): void {
    for (const mark of layer.querySelectorAll('mark.active')) mark.classList.remove('active');
    for (const index of active) {
      for (const mark of layer.querySelectorAll(`mark[data-c~="${index}"]`)) {
        mark.classList.add('active');
      }
    }
  }

  return {
    get value() {
      return textarea.value;
    },
    setValue(text) {
      textarea.value = text;
      textarea.scrollTop = 0;
      layer.classList.add('stale');
    },
    showChunks(text, ranges) {
      if (text !== textarea.value) return;
      const located = ranges.map((range) => range ?? { start: 0, end: 0 });
      const starts = new Set(located.map((range) => range.start));
      let html = '';
      for (const segment of highlightSegments(text.length, located)) {
        const part = escapeHtml(text.slice(segment.start, segment.end));
        const first = segment.chunks[0];
        if (first === undefined) {
          html += part;
          continue;
        }
        const classes = [`c${first % PALETTE_SIZE}`];
        if (segment.chunks.length > 1) classes.push('overlap');
        if (starts.has(segment.start)) classes.push('start');
        html += `<mark class="${classes.join(' ')}" data-c="${segment.chunks.join(' ')}">${part}</mark>`;
      }
      // A trailing newline needs a character after it to take up its line, as in the text area.
      layer.innerHTML = `${html}\u200b`;
      layer.classList.remove('stale');
      backdrop.scrollTop = textarea.scrollTop;
      paintActive();
    },
    hideChunks() {
      // Hidden, not removed: dropping the layout of a 1 MB backdrop on the first keystroke stalls.
      layer.classList.add('stale');
    },
    activate(indices) {
      active = indices;
      paintActive();
    },
    reveal(index) {
      const mark = layer.querySelector<HTMLElement>(`mark[data-c~="${index}"]`);
      if (!mark || layer.classList.contains('stale')) return;
      textarea.scrollTop = Math.max(0, mark.offsetTop - 24);
      backdrop.scrollTop = textarea.scrollTop;
    },
  };
}
