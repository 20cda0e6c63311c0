import type { Code } from 'mdast';
import { describe, expect, test } from 'vitest';
import { ITEM, LINE, TOKEN, WORD } from '../../src/split/levels.js';
import { codeTailStarts, linesUnit } from '../../src/split/lines.js';
import type { Unit } from '../../src/split/types.js';
import type { ChunkdownOptions } from '../../src/types.js';
import { stage } from '../helpers/stages.js';

/** The unit of a document's code block. */
function unitOf(value: string, options: ChunkdownOptions = { chunkSize: 100 }): Unit {
  const markdown = `\`\`\`js\n${value}\n\`\`\``;
  const { document, state } = stage(markdown, options);
  const node = document.blocks[0] as Code;
  return linesUnit(node, [], document, state, undefined);
}

/** The slices of the code that the parts of a unit hold. */
function slices(unit: Unit): string[] {
  const parts = unit.split();
  if (!Array.isArray(parts)) return [`${parts.reason} ${parts.nodeType}`];
  return parts.map((part) => {
    const [leaf] = part.leaves();
    return (leaf!.node as Code).value.slice(leaf!.from, leaf!.to);
  });
}

describe('linesUnit', () => {
  const value = 'const a = 1;\nconst b = 2;\n\nconst c = 3;\nconst d = 4;';

  test('is the whole block, measured on its text', () => {
    const unit = unitOf(value);
    expect(unit.size).toBe(value.length);
    expect(unit.leaves().map((leaf) => [leaf.node.type, leaf.from])).toEqual([['code', -1]]);
  });

  test('cuts between blank-line groups first, then lines, then at spaces', () => {
    const unit = unitOf(value);
    expect(slices(unit)).toEqual(['const a = 1;\nconst b = 2;', 'const c = 3;\nconst d = 4;']);
    const [group] = unit.split() as Unit[];
    expect(slices(group!)).toEqual(['const a = 1;', 'const b = 2;']);
    const [line] = group!.split() as Unit[];
    expect(slices(line!)).toEqual(['const', 'a', '=', '1;']);
  });

  test('the separator after a piece counts only when the next piece joins it', () => {
    const [first, second] = unitOf(value).split() as Unit[];
    expect(first?.size).toBe('const a = 1;\nconst b = 2;'.length);
    expect(first?.trail).toBe(2);
    expect(second?.trail).toBe(0);
  });

  test('an indented line keeps its indentation with its first word', () => {
    const [, line] = unitOf('if (x) {\n    return y;\n}').split() as Unit[];
    expect(slices(line!)).toEqual(['    return', 'y;']);
  });

  test('a word is cut between graphemes only when words may be split', () => {
    const word = 'x'.repeat(30);
    expect(slices(unitOf(word, { chunkSize: 10 }))).toEqual(['word code']);
    const cut = unitOf(word, { chunkSize: 10, rules: { word: { split: 'allow-split' } } });
    const pieces = cut.split() as Unit[];
    expect(pieces).toHaveLength(30);
    expect(pieces.every((piece) => piece.leaves()[0]?.wordCut)).toBe(true);
  });
});

describe('codeTailStarts', () => {
  const code = 'let a = 1;\n\nlet bb = src/main.rs;\n  indented more';
  const starts = [...codeTailStarts(code, 0, code.length)];
  const rankAt = (text: string) => starts.find((start) => code.slice(start.at) === text)?.rank;

  test('come from the end backwards', () => {
    const offsets = starts.map((start) => start.at);
    expect(offsets).toEqual([...offsets].sort((a, b) => b - a));
  });

  test('a line after blank lines is an item, other lines are lines, then words, then tokens', () => {
    expect(rankAt('let bb = src/main.rs;\n  indented more')).toBe(ITEM);
    expect(rankAt('  indented more')).toBe(LINE);
    expect(rankAt('more')).toBe(WORD);
    expect(rankAt('/main.rs;\n  indented more')).toBe(TOKEN);
  });

  test('never inside the indentation, nor between two letters', () => {
    expect(rankAt(' indented more')).toBeUndefined();
    expect(rankAt('indented more')).toBeUndefined();
    expect(rankAt('ore')).toBeUndefined();
  });

  test('only inside the part, and only where text follows', () => {
    const part = [...codeTailStarts(code, 12, 21)];
    expect(part.every((start) => start.at > 12 && start.at < 21)).toBe(true);
    expect([...codeTailStarts('a\n\n', 0, 3)]).toEqual([]);
  });
});
