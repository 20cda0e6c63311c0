import { describe, expect, test } from 'vitest';
import { flagNames } from '../../src/cli/args.js';
import { ruleTypes } from '../../src/cli/rules.js';
import { defaultChunkSize, defaultTokenChunkSize } from '../../src/cli/settings.js';
import { tokenNames } from '../../src/cli/tokens.js';
import { helpText } from '../../src/cli/usage.js';

describe('helpText', () => {
  test('names every flag, every rule type and every encoding', () => {
    for (const flag of flagNames) expect(helpText, flag).toContain(`--${flag}`);
    for (const type of ruleTypes) expect(helpText, type).toMatch(new RegExp(`\\b${type}\\b`));
    for (const name of tokenNames) expect(helpText).toContain(name);
  });

  test('says the default chunk sizes', () => {
    expect(helpText).toContain(
      `default ${defaultChunkSize} characters, ${defaultTokenChunkSize} with --tokens`,
    );
  });
});
