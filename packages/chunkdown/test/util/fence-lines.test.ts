import { describe, expect, test } from 'vitest';
import { hasFenceLines, scanFences } from '../../src/util/fence-lines.js';

describe('scanFences', () => {
  test('the fence open after reading the text line by line, with its info string', () => {
    expect(scanFences('```js\ncode')).toEqual({ char: '`', length: 3, info: 'js' });
    expect(scanFences('```js\ncode\n```')).toBeUndefined();
    // Closed only by the same character, at least as long, with nothing after it.
    expect(scanFences('````\n```\n~~~~\n```` x')).toEqual({ char: '`', length: 4, info: '' });
  });

  test('sees fences inside containers and indented, as a line-by-line reader does', () => {
    expect(scanFences('> ```\n> code')).toEqual({ char: '`', length: 3, info: '' });
    expect(scanFences('- ~~~\n  code\n  ~~~')).toBeUndefined();
    expect(scanFences('1. ```\n        code')).toEqual({ char: '`', length: 3, info: '' });
    expect(scanFences('        ```')).toEqual({ char: '`', length: 3, info: '' });
  });

  test('goes on from a fence left open before, and a backtick info string is inline code', () => {
    expect(scanFences('code\n```', { char: '`', length: 3 })).toBeUndefined();
    expect(scanFences('``` not `a` fence')).toBeUndefined();
    expect(scanFences('~~~ `fine`')).toEqual({ char: '~', length: 3, info: '`fine`' });
  });
});

describe('hasFenceLines', () => {
  test('whether any line could be a fence', () => {
    expect(hasFenceLines('text\n  > * ```\n')).toBe(true);
    expect(hasFenceLines('text `` two ``')).toBe(false);
    expect(hasFenceLines('a ``` inside a line')).toBe(false);
  });
});
