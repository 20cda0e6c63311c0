import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { flagNames } from '../../src/cli/args.js';
import { helpText } from '../../src/cli/usage.js';

// The command's flags, as `util.parseArgs` takes them, are all in `--help` and in the page of
// the command line (docs/cli.md), so neither falls behind the code.

const page = readFileSync(new URL('../../../../docs/cli.md', import.meta.url), 'utf8');

describe('every flag is documented', () => {
  test.each(flagNames)('--%s is in --help and in docs/cli.md', (name) => {
    const flag = new RegExp(`--${name}(?![\\w-])`);
    expect(helpText).toMatch(flag);
    expect(page).toMatch(flag);
  });
});
