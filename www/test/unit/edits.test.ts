import { ChangeSet, Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { applyEdits, type ChangeJson } from '../../src/lib/edits.ts';

describe('applyEdits', () => {
  const before = 'line one\nline two\n\nline four';
  const doc = Text.of(before.split('\n'));

  it('applies CodeMirror change sets as the editor makes them', () => {
    const typed = ChangeSet.of({ from: 5, insert: 'number ' }, doc.length);
    const removed = ChangeSet.of(
      [
        { from: 0, to: 5 },
        { from: 14, to: 16, insert: 'x\ny' },
      ],
      typed.newLength,
    );
    const both = typed.compose(removed);
    const after = both.apply(doc).toString();
    expect(
      applyEdits(before, {
        changes: both.toJSON() as ChangeJson,
        length: after.length,
      }),
    ).toBe(after);
  });

  it('takes the whole text when it is sent', () => {
    expect(applyEdits('old', { text: 'new' })).toBe('new');
  });

  it('throws when the changes do not fit the text held', () => {
    const change = ChangeSet.of({ from: 2, insert: 'x' }, 10);
    expect(() =>
      applyEdits('short', { changes: change.toJSON() as ChangeJson, length: 11 }),
    ).toThrow(/out of step|cover 10 characters of a text of 5/);
  });
});
