import { describe, expect, it } from 'vitest';
import { applyRuleFlag, checkRules, mergeRules } from '../../src/cli/rules.js';
import { usageError } from '../helpers/usage-error.js';

describe('rules', () => {
  it('parses every form of --rule', () => {
    let rules = applyRuleFlag({}, 'code=never-split');
    rules = applyRuleFlag(rules, 'table.split=allow-split');
    rules = applyRuleFlag(rules, 'image.style=inline');
    rules = applyRuleFlag(rules, 'list=size-split:12.5');
    expect(rules).toEqual({
      code: { split: 'never-split' },
      table: { split: 'allow-split' },
      image: { style: 'inline' },
      list: { split: { rule: 'size-split', size: 12.5 } },
    });
  });

  it('names the flag and the accepted values in errors', () => {
    expect(usageError(() => applyRuleFlag({}, 'paragraph=never-split'))).toMatch(
      /^--rule "paragraph=never-split": unknown node type `paragraph`, expected one of `link`, `image`, .*`word`$/,
    );
    expect(usageError(() => applyRuleFlag({}, 'link=sometimes'))).toBe(
      '--rule "link=sometimes": unknown split rule "sometimes", expected `never-split`, `allow-split`, `size-split:N`',
    );
    expect(usageError(() => applyRuleFlag({}, 'list.style=preserve'))).toBe(
      '--rule "list.style=preserve": `style` applies only to `link`, `image` and `footnote`, not `list`',
    );
    expect(usageError(() => applyRuleFlag({}, 'link.style=reference'))).toMatch(
      /unknown style "reference", expected `inline`, `preserve`$/,
    );
    expect(usageError(() => applyRuleFlag({}, 'link.color=red'))).toMatch(/unknown field `color`/);
    expect(usageError(() => applyRuleFlag({}, 'never-split'))).toMatch(/^--rule expects TYPE=RULE/);
    expect(usageError(() => applyRuleFlag({}, 'list=size-split:'))).toMatch(/unknown split rule/);
  });

  it('checks rules from a config file', () => {
    expect(
      checkRules(
        {
          link: { split: { rule: 'allow-split' }, style: 'preserve' },
          table: { split: { rule: 'size-split', size: 300 } },
          list: { split: 'size-split:20' },
        },
        'c.json: rules',
      ),
    ).toEqual({
      link: { split: { rule: 'allow-split' }, style: 'preserve' },
      table: { split: { rule: 'size-split', size: 300 } },
      list: { split: { rule: 'size-split', size: 20 } },
    });
    expect(usageError(() => checkRules({ nope: {} }, 'c.json: rules'))).toMatch(
      /^c\.json: rules: unknown node type `nope`/,
    );
    expect(usageError(() => checkRules({ table: { split: { rule: 'size-split' } } }, 'r'))).toMatch(
      /^r\.table\.split must be/,
    );
    expect(usageError(() => checkRules({ table: 'never-split' }, 'r'))).toMatch(
      /^r\.table must be an object/,
    );
    expect(usageError(() => checkRules([], 'r'))).toBe('r must be an object keyed by node type');
  });

  it('merges rules field by field, the second argument winning', () => {
    expect(
      mergeRules(
        { link: { split: 'never-split', style: 'preserve' }, code: { split: 'never-split' } },
        { link: { split: 'allow-split' }, list: { split: 'never-split' } },
      ),
    ).toEqual({
      link: { split: 'allow-split', style: 'preserve' },
      code: { split: 'never-split' },
      list: { split: 'never-split' },
    });
  });
});
