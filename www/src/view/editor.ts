import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  Annotation,
  type Range as CmRange,
  EditorSelection,
  EditorState,
  StateEffect,
  StateField,
} from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView, keymap, placeholder } from '@codemirror/view';
import type { Segment } from '../lib/highlight.ts';

/** Number of chunk colors in the stylesheet (`.c0` … `.c7`). */
export const PALETTE_SIZE = 8;

/** What the editor reports to the page. */
export interface EditorEvents {
  /** The user changed the text (typing, pasting, undo…), not {@link Editor.setValue}. */
  onInput(): void;
  /** The user moved the caret (click, arrow keys) to `offset`. */
  onCaret(offset: number): void;
  /** A file was dropped on the editor. */
  onDropFile(file: File): void;
}

/** The source editor with chunk ranges painted over its text. */
export interface Editor {
  /** Current text (built from the editor's document on each read: read it once per use). */
  readonly value: string;
  /** Replace the text (does not fire `onInput`). */
  setValue(text: string): void;
  /**
   * Paint chunk ranges: one mark per run of text covered by the same chunks. The caller makes
   * sure they were made from the current text; edits after that move the marks along.
   */
  showChunks(segments: readonly Segment[], starts: readonly number[]): void;
  /** Emphasize the ranges of these chunks. */
  activate(indices: readonly number[]): void;
  /** Scroll to a source offset (the start of a chunk). */
  reveal(offset: number): void;
  /** Move keyboard focus into the text. */
  focus(): void;
}

/** Marks a transaction made by the page rather than by the user. */
const external = Annotation.define<boolean>();

interface Paint {
  segments: readonly Segment[];
  starts: ReadonlySet<number>;
  active: ReadonlySet<number>;
}

const setPaint = StateEffect.define<Paint | null>();

/** The chunk marks, mapped through edits until the next split repaints them. */
const paintField = StateField.define<{ paint: Paint | null; decorations: DecorationSet }>({
  create: () => ({ paint: null, decorations: Decoration.none }),
  update(value, transaction) {
    let next = value;
    if (transaction.docChanged) {
      next = { paint: null, decorations: value.decorations.map(transaction.changes) };
    }
    for (const effect of transaction.effects) {
      if (effect.is(setPaint)) {
        next = {
          paint: effect.value,
          decorations: effect.value ? decorate(effect.value) : Decoration.none,
        };
      }
    }
    return next;
  },
  provide: (field) => EditorView.decorations.from(field, (value) => value.decorations),
});

/**
 * Marks for the segments. Only the part of the document in view is ever in the page: the editor
 * renders the lines around the viewport, so a 1 MB document costs no more layout than a short one.
 */
function decorate({ segments, starts, active }: Paint): DecorationSet {
  const marks: CmRange<Decoration>[] = [];
  const cache = new Map<string, Decoration>();
  for (const segment of segments) {
    const first = segment.chunks[0];
    if (first === undefined || segment.end <= segment.start) continue;
    const classes = ['chunk', `c${first % PALETTE_SIZE}`];
    if (segment.chunks.length > 1) classes.push('overlap');
    if (starts.has(segment.start)) classes.push('start');
    if (segment.chunks.some((chunk) => active.has(chunk))) classes.push('active');
    const data = segment.chunks.join(' ');
    const key = `${classes.join(' ')}|${data}`;
    let mark = cache.get(key);
    if (!mark) {
      mark = Decoration.mark({ class: classes.join(' '), attributes: { 'data-c': data } });
      cache.set(key, mark);
    }
    marks.push(mark.range(segment.start, segment.end));
  }
  return Decoration.set(marks);
}

/**
 * Set up the editor in `parent`: a CodeMirror view, which keeps only the lines in view in the
 * page, with the chunk ranges as mark decorations. Typing, pasting and scrolling cost the same
 * on a 1 MB document as on a short one; a text area lays out its whole text on every keystroke.
 *
 * @param parent Element to put the editor in.
 * @param events Callbacks for input, caret moves and dropped files.
 * @returns The editor.
 */
export function createEditor(parent: HTMLElement, events: EditorEvents): Editor {
  let view: EditorView;

  /**
   * Insert text given by an `insertText` input event (what `Input.insertText` and some input
   * methods send) as one change, instead of letting the browser build DOM for it line by line.
   */
  const insertLargeText = (event: InputEvent): boolean => {
    const text = event.data;
    if (event.inputType !== 'insertText' || text === null || text.length < 256) return false;
    const selection = document.getSelection();
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    let from = view.state.selection.main.from;
    let to = view.state.selection.main.to;
    if (range && view.contentDOM.contains(range.commonAncestorContainer)) {
      from = view.posAtDOM(range.startContainer, range.startOffset);
      to = view.posAtDOM(range.endContainer, range.endOffset);
    }
    event.preventDefault();
    view.dispatch({
      changes: { from, to, insert: text },
      selection: EditorSelection.cursor(from + text.length),
      userEvent: 'input.type',
      scrollIntoView: true,
    });
    return true;
  };

  view = new EditorView({
    parent,
    state: EditorState.create({
      doc: '',
      extensions: [
        history(),
        keymap.of([...defaultKeymap, ...historyKeymap]),
        EditorView.lineWrapping,
        // The page's colors (light or dark, after the system setting) for the selection.
        EditorView.theme({
          '&.cm-focused > .cm-scroller > .cm-selectionLayer .cm-selectionBackground, .cm-selectionBackground':
            { background: 'var(--selection)' },
        }),
        placeholder('Paste or type markdown, or drop a .md file here'),
        EditorView.contentAttributes.of({
          id: 'source',
          'aria-label': 'Markdown source',
          spellcheck: 'false',
          autocorrect: 'off',
          autocapitalize: 'off',
        }),
        paintField,
        EditorView.domEventHandlers({
          beforeinput: (event) => insertLargeText(event),
          drop: (event) => {
            const file = event.dataTransfer?.files[0];
            if (!file) return false;
            event.preventDefault();
            events.onDropFile(file);
            return true;
          },
        }),
        EditorView.updateListener.of((update) => {
          const byUser = update.transactions.some((tr) => !tr.annotation(external));
          if (update.docChanged && byUser) events.onInput();
          else if (
            update.selectionSet &&
            update.transactions.some((tr) => tr.isUserEvent('select'))
          ) {
            events.onCaret(update.state.selection.main.head);
          }
        }),
      ],
    }),
  });

  // Scripts (and the end-to-end tests) read and set the text as on a text area: `#source.value`.
  Object.defineProperty(view.contentDOM, 'value', {
    configurable: true,
    get: () => view.state.doc.toString(),
    set: (text: unknown) => {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: String(text) },
        selection: EditorSelection.cursor(0),
        userEvent: 'input',
      });
    },
  });

  const paint = (): Paint | null => view.state.field(paintField).paint;

  return {
    get value() {
      return view.state.doc.toString();
    },
    setValue(text) {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.length, insert: text },
        selection: EditorSelection.cursor(0),
        effects: [setPaint.of(null), EditorView.scrollIntoView(0)],
        annotations: external.of(true),
      });
    },
    showChunks(segments, starts) {
      const active = paint()?.active ?? new Set<number>();
      view.dispatch({
        effects: setPaint.of({ segments, starts: new Set(starts), active }),
        annotations: external.of(true),
      });
    },
    activate(indices) {
      const current = paint();
      if (!current) return;
      view.dispatch({
        effects: setPaint.of({ ...current, active: new Set(indices) }),
        annotations: external.of(true),
      });
    },
    reveal(offset) {
      if (!paint()) return;
      const at = Math.max(0, Math.min(offset, view.state.doc.length));
      view.dispatch({
        effects: EditorView.scrollIntoView(at, { y: 'start', yMargin: 24 }),
        annotations: external.of(true),
      });
    },
    focus() {
      view.focus();
    },
  };
}
