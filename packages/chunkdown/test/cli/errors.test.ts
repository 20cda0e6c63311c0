import { describe, expect, test } from 'vitest';
import { describeError, RunError, UsageError } from '../../src/cli/errors.js';

describe('describeError', () => {
  test('a short phrase for the file system’s codes, the message otherwise', () => {
    const coded = (code: string) =>
      Object.assign(new Error(`${code}: long text, open 'x'`), { code });
    expect(describeError(coded('ENOENT'))).toBe('no such file or directory');
    expect(describeError(coded('EACCES'))).toBe('permission denied');
    expect(describeError(coded('EPERM'))).toBe('permission denied');
    expect(describeError(coded('EISDIR'))).toBe('is a directory');
    expect(describeError(coded('ENOTDIR'))).toBe('not a directory');
    expect(describeError(coded('EMFILE'))).toBe('too many open files');
    expect(describeError(new Error('something else'))).toBe('something else');
    expect(describeError('a string')).toBe('a string');
  });
});

describe('errors of a run', () => {
  test('are told apart by class and name', () => {
    expect(new UsageError('x').name).toBe('UsageError');
    expect(new RunError('x').name).toBe('RunError');
    expect(new UsageError('x')).toBeInstanceOf(Error);
    expect(new RunError('x')).not.toBeInstanceOf(UsageError);
  });
});
