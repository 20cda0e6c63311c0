import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { importsOf, layerViolations, mutableState, placeOf } from './helpers/layers.js';

const src = fileURLToPath(new URL('../src', import.meta.url));

describe('the source tree is the pipeline', () => {
  test('no module imports from a later stage, and consumers use only the entry points', () => {
    expect(layerViolations(importsOf(src))).toEqual([]);
  });

  test('a back-edge is caught: a stage importing a later one, a consumer importing a stage', () => {
    const graph = new Map([
      ['tree/sections.ts', ['util/fence-lines.ts', 'split/blocks.ts']],
      ['split/blocks.ts', ['tree/sections.ts', 'split/unit.ts', 'pipeline.ts']],
      ['cli/run.ts', ['internal.ts', 'parse/parse.ts']],
      ['util/line-starts.ts', ['types.ts', 'parse/parse.ts']],
      ['pipeline.ts', ['chunkdown.ts', 'cli/run.ts']],
    ]);
    expect(layerViolations(graph).map(({ from, to }) => `${from} → ${to}`)).toEqual([
      'tree/sections.ts → split/blocks.ts',
      'split/blocks.ts → pipeline.ts',
      'cli/run.ts → parse/parse.ts',
      'util/line-starts.ts → parse/parse.ts',
      'pipeline.ts → cli/run.ts',
    ]);
  });

  test('at most ten modules are flat in src/: adapters, tokenizers and stages sit in folders', () => {
    const modules = [...importsOf(src).keys()];
    const flat = modules.filter((path) => placeOf(path).folder === '');
    // The core entry points, the shared vocabulary and the wiring; adapters and tokenizers have
    // their own folders.
    expect(flat.length).toBeLessThanOrEqual(10);
    expect(flat.filter((path) => /langchain|llamaindex|mastra|token/.test(path))).toEqual([]);
    expect(modules.length - flat.length).toBeGreaterThan(flat.length * 3);
  });

  test('no module keeps state between calls: module-level bindings are constants', () => {
    expect(mutableState(src)).toEqual([]);
  });
});
