import { describe, expect, test } from 'vitest';
import { checkedSplitter, createAdapterSplitter, synchronous } from '../src/adapter-options.js';
import { characterLength } from '../src/options.js';

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
