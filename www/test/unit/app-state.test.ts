import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXAMPLES } from '../../src/examples.ts';
import { createAppStore, initialState } from '../../src/lib/app-state.ts';
import { debounce } from '../../src/lib/debounce.ts';
import { DEFAULT_SETTINGS } from '../../src/lib/settings.ts';
import { encodeState } from '../../src/lib/url-state.ts';

const first = EXAMPLES[0];
if (!first) throw new Error('no examples');
const lookup = (id: string) => EXAMPLES.find((example) => example.id === id)?.text;

describe('initialState', () => {
  it('is the state in the URL, else the first example with the default options', () => {
    const settings = { ...DEFAULT_SETTINGS, chunkSize: 80, rules: {} };
    const hash = encodeState({ text: 'Shared text.', example: null, settings }, lookup);
    expect(initialState(hash)).toEqual({ text: 'Shared text.', example: null, settings });
    expect(initialState('')).toEqual({
      text: first.text,
      example: first.id,
      settings: { ...DEFAULT_SETTINGS, rules: {} },
    });
  });
});

describe('the app store', () => {
  it('forgets the example once its text is edited, and counts edits and loads', () => {
    const store = createAppStore(initialState(''));
    expect([store.state.example, store.revision, store.name]).toEqual([first.id, 0, 'chunks']);
    store.takeText(first.text);
    expect(store.state.example).toBe(first.id);
    store.edit();
    store.takeText(`${first.text}!`);
    expect([store.state.example, store.revision]).toEqual([null, 1]);
    store.load('# Notes', null, 'notes');
    expect([store.state.text, store.name, store.revision]).toEqual(['# Notes', 'notes', 2]);
  });
});

describe('debounce', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs once the pause is over, and not after a cancel', () => {
    vi.useFakeTimers();
    const run = vi.fn();
    const pause = debounce(run);
    pause.schedule(200);
    vi.advanceTimersByTime(150);
    pause.schedule(200);
    vi.advanceTimersByTime(150);
    expect([run.mock.calls.length, pause.pending]).toEqual([0, true]);
    vi.advanceTimersByTime(50);
    expect([run.mock.calls.length, pause.pending]).toEqual([1, false]);
    pause.schedule(0);
    pause.cancel();
    vi.runAllTimers();
    expect([run.mock.calls.length, pause.pending]).toEqual([1, false]);
  });
});
