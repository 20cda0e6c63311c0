import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  Annotation,
  type ChangeDesc,
  type ChangeSet,
  type Range as CmRange,
  EditorSelection,
  EditorState,
  StateEffect,
  StateField,
} from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  keymap,
  placeholder,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import type { ChangeJson, Edits } from '../lib/edits.ts';
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
  /** Length of the text (without reading it). */
  readonly length: number;
  /** Where the caret is (offset of the main selection's head). */
  readonly caret: number;
  /**
   * A feed of the text's edits for a worker that keeps a copy: the first {@link EditFeed.take}
   * gives the whole text, each later one what changed since the one before.
   */
  feed(): EditFeed;
}

/** Edits of the editor's text since they were last taken (see {@link Editor.feed}). */
export interface EditFeed {
  /** The edits since the last take (the whole text on the first take or after a reset). */
  take(): Edits;
  /** Send the whole text next time (the receiver lost its copy). */
  reset(): void;
}

/** Marks a transaction made by the page rather than by the user. */
const external = Annotation.define<boolean>();

interface Paint {
  segments: readonly Segment[];
  starts: ReadonlySet<number>;
  active: ReadonlySet<number>;
}

const setPaint = StateEffect.define<Paint | null>();

/** The chunk paint and the edits made since it was made (through which it is mapped). */
interface PaintState {
  paint: Paint | null;
  /** Edits since the paint, `null` when there were none. */
  changes: ChangeDesc | null;
}

/** The chunk paint, kept as the split gave it; edits after it are kept to map it along. */
const paintField = StateField.define<PaintState>({
  create: () => ({ paint: null, changes: null }),
  update(value, transaction) {
    let next = value;
    if (transaction.docChanged && value.paint) {
      const { desc } = transaction.changes;
      next = {
        paint: value.paint,
        changes: value.changes ? value.changes.composeDesc(desc) : desc,
      };
    }
    for (const effect of transaction.effects) {
      if (effect.is(setPaint)) next = { paint: effect.value, changes: null };
    }
    return next;
  },
});

/** A fenced code block's fence line (three or more backticks or tildes, up to three spaces in). */
const FENCE_LINE = /^(?:[ \t]*>)*[ \t]*(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?(?:`{3,}|~{3,})/;

/**
 * The marks of the lines in view only: the chunk runs that meet the viewport (found by binary
 * search, mapped through the edits made since the split) and the fence lines of code blocks.
 * Typing, scrolling and a new split cost the same on a 1 MB document as on a short one: no work
 * in proportion to the document, only to what is on screen.
 */
const paintPlugin = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    readonly cache = new Map<string, Decoration>();
    constructor(view: EditorView) {
      this.decorations = this.build(view);
    }
    update(update: ViewUpdate) {
      const before = update.startState.field(paintField);
      const after = update.state.field(paintField);
      if (update.docChanged || update.viewportChanged || before !== after) {
        this.decorations = this.build(update.view);
      }
    }
    build(view: EditorView): DecorationSet {
      const { paint, changes } = view.state.field(paintField);
      const marks: CmRange<Decoration>[] = [];
      for (const { from, to } of view.visibleRanges) {
        const lines: CmRange<Decoration>[] = [];
        for (let at = from; at <= to; ) {
          const line = view.state.doc.lineAt(at);
          if (FENCE_LINE.test(line.text)) lines.push(fenceLine.range(line.from));
          at = line.to + 1;
        }
        marks.push(...lines);
        if (!paint) continue;
        const inverse = changes?.invertedDesc;
        const oldFrom = inverse ? inverse.mapPos(from, -1) : from;
        const oldTo = inverse ? inverse.mapPos(to, 1) : to;
        const { segments } = paint;
        // The first run that ends after the viewport's start.
        let low = 0;
        let high = segments.length;
        while (low < high) {
          const middle = (low + high) >> 1;
          if ((segments[middle] as Segment).end <= oldFrom) low = middle + 1;
          else high = middle;
        }
        for (let index = low; index < segments.length; index++) {
          const segment = segments[index] as Segment;
          if (segment.start >= oldTo) break;
          const start = changes ? changes.mapPos(segment.start, 1) : segment.start;
          const end = changes ? changes.mapPos(segment.end, -1) : segment.end;
          const mark = this.mark(paint, segment);
          if (!mark || end <= start) continue;
          // The start of a chunk is marked on its first line only (a mark is drawn line by line).
          const lineEnd = view.state.doc.lineAt(start).to;
          if (paint.starts.has(segment.start) && lineEnd < end) {
            marks.push(mark.range(start, lineEnd));
            const rest = this.mark(paint, segment, false);
            if (rest && lineEnd + 1 < end) marks.push(rest.range(lineEnd + 1, end));
          } else {
            marks.push(mark.range(start, end));
          }
        }
      }
      return Decoration.set(marks, true);
    }
    mark({ starts, active }: Paint, segment: Segment, start = true): Decoration | null {
      const first = segment.chunks[0];
      if (first === undefined || segment.end <= segment.start) return null;
      const classes = ['chunk', `c${first % PALETTE_SIZE}`];
      if (segment.chunks.length > 1) classes.push('overlap');
      if (start && starts.has(segment.start)) classes.push('start');
      if (segment.chunks.some((chunk) => active.has(chunk))) classes.push('active');
      const data = segment.chunks.join(' ');
      const key = `${classes.join(' ')}|${data}`;
      let mark = this.cache.get(key);
      if (!mark) {
        mark = Decoration.mark({ class: classes.join(' '), attributes: { 'data-c': data } });
        if (this.cache.size > 4096) this.cache.clear();
        this.cache.set(key, mark);
      }
      return mark;
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

const fenceLine = Decoration.line({ class: 'fence-line' });

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
  /** The edits each feed has not taken yet (`null`: it takes the whole text next). */
  const feeds = new Set<{ pending: ChangeSet | null; whole: boolean }>();

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
        paintPlugin,
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
          if (update.docChanged) {
            for (const feed of feeds) {
              if (!feed.whole)
                feed.pending = feed.pending ? feed.pending.compose(update.changes) : update.changes;
            }
          }
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

  // …and put the caret somewhere, as on a text area (scrolled into view).
  Object.defineProperty(view.contentDOM, 'setSelectionRange', {
    configurable: true,
    value: (from: number, to: number = from) => {
      const length = view.state.doc.length;
      const clamp = (at: number) => Math.max(0, Math.min(length, Math.trunc(at)));
      view.focus();
      view.dispatch({
        selection: EditorSelection.range(clamp(from), clamp(to)),
        scrollIntoView: true,
        annotations: external.of(true),
      });
    },
  });

  /** The paint, while no edit has moved it since the split. */
  const paint = (): Paint | null => {
    const state = view.state.field(paintField);
    return state.changes ? null : state.paint;
  };

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
    get length() {
      return view.state.doc.length;
    },
    get caret() {
      return view.state.selection.main.head;
    },
    feed() {
      const state = { pending: null as ChangeSet | null, whole: true };
      feeds.add(state);
      return {
        take() {
          const { doc } = view.state;
          if (state.whole) {
            state.whole = false;
            state.pending = null;
            return { text: doc.toString() };
          }
          const changes = (state.pending?.toJSON() ?? [doc.length]) as ChangeJson;
          state.pending = null;
          return { changes, length: doc.length };
        },
        reset() {
          state.whole = true;
          state.pending = null;
        },
      };
    },
  };
}
