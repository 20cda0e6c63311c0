import { describe, expect, test } from 'vitest';
import {
  checkedSplitter,
  createAdapterSplitter,
  placementOf,
  synchronous,
} from '../src/adapters/options.js';
import { chunkdown } from '../src/index.js';
import { characterLength } from '../src/options.js';
import { auto } from '../src/syntax.js';
import type { Chunk } from '../src/types.js';

const framework = { name: 'LangChain', defaultChunkSize: 1000 };

describe('createAdapterSplitter', () => {
  test('the framework’s chunk size by default, overlap 0, characters', () => {
    const { settings, splitter } = createAdapterSplitter(undefined, framework);
    expect(settings).toEqual({ chunkSize: 1000, overlap: 0, lengthFunction: characterLength });
    expect(splitter.chunkSize).toBe(1000);
    expect(createAdapterSplitter(null, framework).settings.chunkSize).toBe(1000);
  });

  test('chunkOverlap is overlap; given both, they must agree', () => {
    expect(
      createAdapterSplitter({ chunkSize: 100, chunkOverlap: 10 }, framework).settings.overlap,
    ).toBe(10);
    expect(
      createAdapterSplitter({ chunkSize: 100, overlap: 10, chunkOverlap: 10 }, framework).settings,
    ).not.toHaveProperty('chunkOverlap');
    expect(() =>
      createAdapterSplitter({ chunkSize: 100, overlap: 10, chunkOverlap: 20 }, framework),
    ).toThrow(
      'Expected `options.overlap` and `options.chunkOverlap` (its LangChain name) to be equal, not 10 and 20',
    );
  });

  test('options that are not an object, or that chunkdown refuses, are refused', () => {
    expect(() => createAdapterSplitter([] as never, framework)).toThrow(
      'Expected an options object such as `{ chunkSize: 1000 }`, or nothing, not an array',
    );
    expect(() => createAdapterSplitter({ chunkSize: -1 }, framework)).toThrow(RangeError);
  });
});

describe('checkedSplitter', () => {
  test('refuses a raw cap below the chunk size', () => {
    expect(() => checkedSplitter({ chunkSize: 100, maxRawSize: 99 })).toThrow(
      /^Expected `options\.maxRawSize` \(99\) to be at least `options\.chunkSize` \(100\)/,
    );
    expect(checkedSplitter({ chunkSize: 100, maxRawSize: 100 }).maxRawSize).toBe(100);
  });
});

describe('synchronous', () => {
  test('takes a function that returns a number, once probed on the empty string', () => {
    const probed: string[] = [];
    const length = (text: string) => {
      probed.push(text);
      return text.length;
    };
    expect(synchronous(length)).toBe(length);
    expect(probed).toEqual(['']);
  });

  test('refuses a function that returns a promise, and what is no function', () => {
    expect(() => synchronous(async (text: string) => text.length)).toThrow(
      /^Expected a synchronous `\(text: string\) => number`/,
    );
    expect(() => synchronous(5)).toThrow(/not number$/);
  });
});

describe('metadataFormat and placementOf', () => {
  const chunk = chunkdown({ chunkSize: 20, syntax: auto() })
    .split(
      '# Guide\n\n## Setup\n\n:::note[Before you start]\nBack up the database first, then upgrade it.\n:::\n',
    )
    .chunks.filter((candidate) => candidate.containers.length > 0)
    .at(-1);

  test('flat by default; anything but flat or structured is refused, naming the option', () => {
    expect(createAdapterSplitter(undefined, framework).metadataFormat).toBe('flat');
    expect(createAdapterSplitter({ metadataFormat: 'structured' }, framework).metadataFormat).toBe(
      'structured',
    );
    expect(() => createAdapterSplitter({ metadataFormat: 'nested' as never }, framework)).toThrow(
      "Expected `'flat'` or `'structured'` for `options.metadataFormat`, not `'nested'`",
    );
    expect(() => createAdapterSplitter({ metadataFormat: 1 as never }, framework)).toThrow(
      RangeError,
    );
  });

  test('flat: breadcrumbs joined with ›, headings and containers as strings', () => {
    expect(chunk).toBeDefined();
    expect(placementOf(chunk as Chunk, 'flat')).toEqual({
      breadcrumbs: 'Guide › Setup',
      headings: ['Guide', 'Setup'],
      containers: ['note: Before you start'],
    });
  });

  test('structured: copies of chunkdown’s breadcrumbs and containers', () => {
    const placement = placementOf(chunk as Chunk, 'structured');
    expect(placement).toEqual({
      breadcrumbs: [
        { text: 'Guide', depth: 1 },
        { text: 'Setup', depth: 2 },
      ],
      headings: ['Guide', 'Setup'],
      containers: [{ kind: 'directive', name: 'note', title: 'Before you start' }],
    });
    expect(placement.breadcrumbs[0]).not.toBe(chunk?.breadcrumbs[0]);
    expect(placement.containers?.[0]).not.toBe(chunk?.containers[0]);
  });
});
