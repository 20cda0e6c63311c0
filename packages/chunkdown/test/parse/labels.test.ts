import { describe, expect, test } from 'vitest';
import {
  guessLabels,
  type KnownLabels,
  labelHook,
  normalizeLabel,
  wrongAnswers,
} from '../../src/parse/labels.js';
import { parseSegment, parseWhole } from '../../src/parse/parse.js';

const known = (definitions: string[] = [], footnotes: string[] = []): KnownLabels => ({
  definitions: new Set(definitions),
  footnotes: new Set(footnotes),
});

describe('labels', () => {
  test('labels are normalized like micromark does and guessed after container markers', () => {
    expect(normalizeLabel(' Foo \t\n  BAR ')).toBe('FOO BAR');
    expect(normalizeLabel('ẞ')).toBe(normalizeLabel('ß'));
    const { definitions, footnotes } = guessLabels(
      '[a]: /1\n> - [B c]: /2\n  1. [d\\]e]: /3\n[^f]: note\ntext [g]: no',
    );
    expect([...definitions]).toEqual(['A', 'B C', 'D\\]E']);
    // Footnotes are never guessed (see `guessLabels`).
    expect(footnotes.size).toBe(0);
  });

  test('the label pattern takes linear time on a line of list markers', () => {
    // A pattern with ambiguous runs of spaces would backtrack exponentially here.
    expect(guessLabels(`${'-  '.repeat(20_000)}x\n`).definitions.size).toBe(0);
  });
});

describe('labelHook', () => {
  test('records the labels a parse defines and what it was told about the others', () => {
    const { labels, tree } = parseSegment('See [a] and [b] and [c].\n\n[c]: /c', known(['A']));
    expect(labels?.definitions.defined).toEqual(new Set(['C']));
    expect(labels?.definitions.found).toEqual(new Set(['A', 'C']));
    expect(labels?.definitions.missed).toEqual(new Set(['B']));
    // A label made known makes a reference, as a definition elsewhere in the document would.
    expect(JSON.stringify(tree)).toContain('"linkReference"');
    expect(tree).not.toEqual(parseWhole('See [a] and [b] and [c].\n\n[c]: /c'));
  });

  test('footnotes apart, and nothing for an empty text', () => {
    const { labels } = parseSegment('Claim[^1].\n\n[^1]: Source.', known());
    expect(labels?.footnotes.defined).toEqual(new Set(['1']));
    expect(labels?.definitions.defined.size).toBe(0);
    expect(labelHook(known()).record()).toBeUndefined();
  });
});

describe('wrongAnswers', () => {
  test('a parse told a label is defined when the document does not, or the other way round', () => {
    const { labels } = parseSegment('See [a] and [b].', known(['A']));
    expect(wrongAnswers(labels!, known(['A']))).toBe(false);
    expect(wrongAnswers(labels!, known([]))).toBe(true);
    expect(wrongAnswers(labels!, known(['A', 'B']))).toBe(true);
    const notes = parseSegment('Claim[^x].', known()).labels!;
    expect(wrongAnswers(notes, known([], ['X']))).toBe(true);
  });
});
