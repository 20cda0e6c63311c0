/** The names the controls give the library's options. */
export const OPTION_LABELS: Readonly<Record<string, string>> = {
  chunkSize: 'Chunk size',
  maxOverflowRatio: 'Overflow ratio',
  maxRawSize: 'Raw size cap',
  overlap: 'Overlap',
  minChunkSize: 'Minimum size',
  prefix: 'Prefix',
};

/** What a bound the library states reads as in words. */
const BOUNDS: Readonly<Record<string, string>> = { '>': 'above', '≥': 'of at least' };

/**
 * The library's error for an invalid option in words a person reads: the control's name and what
 * it accepts (`Chunk size must be a number above 0, not -3`), instead of
 * `RangeError: Expected a finite number > 0 for options.chunkSize, not -3`. A message of another
 * shape keeps its text, without the error's class name.
 *
 * @param message The error as `describe()` gives it (`RangeError: …`).
 * @returns The sentence.
 */
export function humanError(message: string): string {
  const text = message.replace(/^(?:Range|Type)?Error: /, '');
  const bound =
    /^Expected (a finite number|an integer) (>|≥) (\S+) for `?options\.(\w+)`?, not `?(.*?)`?$/.exec(
      text,
    );
  if (bound) {
    const [, kind, relation, limit, key, value] = bound as unknown as string[];
    const what = kind === 'an integer' ? 'a whole number' : 'a number';
    const shown =
      value === '' || value === '""' ? 'empty' : (value as string).replace(/^"|"$/g, '');
    return `${label(key as string)} must be ${what} ${BOUNDS[relation as string] ?? relation} ${limit}, not ${shown}`;
  }
  const smaller =
    /^Expected `?options\.(\w+)`? to be smaller than `?(\w+)`? \((\S+)\), not (\S+)$/.exec(text);
  if (smaller) {
    const [, key, other, limit, value] = smaller as unknown as string[];
    return `${label(key as string)} must be smaller than the ${label(other as string).toLowerCase()} (${limit}), not ${value}`;
  }
  return text.replace(/`options\.(\w+)`|options\.(\w+)/g, (_, a, b) => label(a ?? b));
}

function label(key: string): string {
  return OPTION_LABELS[key] ?? key;
}
