import { EXAMPLES, exampleText } from '../examples.ts';
import { type AppState, DEFAULT_SETTINGS, type Settings } from './settings.ts';
import { decodeState } from './url-state.ts';

/** The page's state: the document, the example it came from, the options, and its edits. */
export interface AppStore {
  /** The text as last taken from the editor, the example it still equals and the options. */
  readonly state: Readonly<AppState>;
  /** Base name of downloads (`<name>.json`): the opened file's or example's, else `chunks`. */
  readonly name: string;
  /**
   * Counts the edits and loads of the text, so an answer is drawn only over the text it was made
   * from without comparing a 1 MB string.
   */
  readonly revision: number;
  /** The user edited the text in the editor (it is taken before the next split). */
  edit(): void;
  /**
   * Take the editor's text before a split; an example it no longer equals is forgotten.
   *
   * @param text The editor's text.
   */
  takeText(text: string): void;
  /**
   * Show another document: an example, a file or a saved state.
   *
   * @param text Its text, as the editor shows it.
   * @param example The example it is, if any.
   * @param name Base name for downloads.
   */
  load(text: string, example: string | null, name: string): void;
  /**
   * New options from the controls or a saved state.
   *
   * @param settings The options.
   */
  setSettings(settings: Settings): void;
}

/**
 * The state a page opens with: the one in the URL fragment, else the first example with the
 * default options.
 *
 * @param hash `location.hash`.
 * @returns The state.
 */
export function initialState(hash: string): AppState {
  const first = EXAMPLES[0];
  return (
    decodeState(hash, exampleText) ?? {
      text: first?.text ?? '',
      example: first?.id ?? null,
      settings: { ...DEFAULT_SETTINGS, rules: {} },
    }
  );
}

/**
 * Hold the page's state.
 *
 * @param initial State to start from (see {@link initialState}).
 * @returns The store.
 */
export function createAppStore(initial: AppState): AppStore {
  const state: AppState = { ...initial };
  let name = 'chunks';
  let revision = 0;
  return {
    state,
    get name() {
      return name;
    },
    get revision() {
      return revision;
    },
    edit() {
      revision++;
    },
    takeText(text) {
      if (text === state.text) return;
      state.text = text;
      if (state.example !== null && exampleText(state.example) !== text) state.example = null;
    },
    load(text, example, fileName) {
      state.text = text;
      state.example = example;
      name = fileName;
      revision++;
    },
    setSettings(settings) {
      state.settings = settings;
    },
  };
}
