import { compressToEncodedURIComponent } from 'lz-string';
import { describe, expect, it } from 'vitest';
import { type AppState, DEFAULT_SETTINGS } from '../../src/lib/settings.ts';
import {
  decodeState,
  encodeState,
  fromStateFile,
  MAX_LINK_CHARS,
  toStateFile,
} from '../../src/lib/url-state.ts';

const EXAMPLE = Array.from(
  { length: 300 },
  (_, line) => `Line ${line} of the example says ${(line * 7919) % 1009}.`,
).join('\n');
const lookup = (id: string) => (id === 'demo' ? EXAMPLE : undefined);

const custom: AppState = {
  text: '# Überschrift 🌊\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n日本語の文章です。',
  example: null,
  settings: {
    ...DEFAULT_SETTINGS,
    chunkSize: 321,
    maxRawSize: 800,
    unit: 'cl100k',
    rules: { code: { split: 'size-split', size: 120, style: 'default' } },
  },
};

describe('URL state', () => {
  it('round-trips text and every option', () => {
    const hash = encodeState(custom, lookup);
    expect(hash).toMatch(/^#s=[A-Za-z0-9+\-$]+$/);
    expect(decodeState(hash, lookup)).toEqual(custom);
    expect(decodeState(hash.slice(1), lookup)).toEqual(custom);
  });

  it('stores an unchanged example by id, so its link stays short', () => {
    const state: AppState = { text: EXAMPLE, example: 'demo', settings: custom.settings };
    const hash = encodeState(state, lookup);
    // The settings alone (every option and a flag per dialect) take a few hundred characters;
    // the example's text would take thousands.
    expect(hash.length).toBeLessThan(400);
    expect(encodeState({ ...state, example: null }, lookup).length).toBeGreaterThan(2000);
    expect(decodeState(hash, lookup)).toEqual(state);
  });

  it('stores an edited example as text', () => {
    const state: AppState = { text: `${EXAMPLE}more`, example: 'demo', settings: custom.settings };
    const decoded = decodeState(encodeState(state, lookup), lookup);
    expect(decoded).toEqual({ ...state, example: null });
  });

  it('survives `+` being read as a space', () => {
    const hash = encodeState(custom, lookup);
    expect(decodeState(hash.replace(/\+/g, ' '), lookup)).toEqual(custom);
  });

  it('gives null for a fragment without state or with garbage', () => {
    expect(decodeState('', lookup)).toBeNull();
    expect(decodeState('#section-2', lookup)).toBeNull();
    expect(decodeState('#s=%%%not-compressed', lookup)).toBeNull();
    expect(decodeState(`#s=${compressToEncodedURIComponent('{"v":1,')}`, lookup)).toBeNull();
    expect(decodeState(`#s=${compressToEncodedURIComponent('42')}`, lookup)).toBeNull();
  });

  it('falls back to defaults for missing parts and unknown examples', () => {
    const packed = compressToEncodedURIComponent(JSON.stringify({ v: 1, e: 'gone' }));
    expect(decodeState(`#s=${packed}`, lookup)).toEqual({
      text: '',
      example: null,
      settings: { ...DEFAULT_SETTINGS, rules: {} },
    });
  });
});

describe('state files', () => {
  it('round-trip a state too large for a link, and name an unchanged example', () => {
    const lines = Array.from(
      { length: 8000 },
      (_, line) => `Row ${line}: ${(line * 7919) % 100_003} and ${(line * 104_729) % 99_991}.`,
    );
    const big: AppState = { ...custom, text: lines.join('\n') };
    expect(encodeState(big, lookup).length).toBeGreaterThan(MAX_LINK_CHARS);
    expect(fromStateFile(toStateFile(big, lookup), lookup)).toEqual(big);
    const example: AppState = { text: EXAMPLE, example: 'demo', settings: custom.settings };
    const file = toStateFile(example, lookup);
    expect(file).not.toContain('Line 299');
    expect(fromStateFile(file, lookup)).toEqual(example);
  });

  it('takes any other file for a document', () => {
    expect(fromStateFile('# Title\n\ntext', lookup)).toBeNull();
    expect(fromStateFile('{ "chunks": [] }', lookup)).toBeNull();
    expect(fromStateFile('{ not json', lookup)).toBeNull();
  });

  it('sanitizes the settings of a state file as those of a link', () => {
    const file = JSON.stringify({
      format: 'chunkdown-visualizer-state',
      version: 1,
      text: 'a\r\nb',
      settings: { chunkSize: 'huge', unit: 'bytes' },
    });
    const state = fromStateFile(file, lookup);
    expect(state?.text).toBe('a\nb');
    expect(state?.settings.chunkSize).toBe(DEFAULT_SETTINGS.chunkSize);
    expect(state?.settings.unit).toBe(DEFAULT_SETTINGS.unit);
  });
});
