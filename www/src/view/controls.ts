import { defaultNodeRules, type NodeRule, type SyntaxName } from 'chunkdown';
import { settingsCode } from '../lib/code.ts';
import {
  DEFAULT_RULE,
  DEFAULT_SETTINGS,
  DIALECT_CHOICES,
  DIALECTS,
  type DialectChoice,
  hasContextOption,
  overflowLimit,
  RULE_CONTROLS,
  type RuleKey,
  type RuleSetting,
  type Settings,
  type SplitChoice,
  type StyleChoice,
  withRule,
} from '../lib/settings.ts';
import { formatNumber, h } from './dom.ts';
import { copyText } from './save.ts';

type NumberKey = 'chunkSize' | 'maxOverflowRatio' | 'maxRawSize' | 'overlap' | 'minChunkSize';

interface NumberField {
  key: NumberKey;
  label: string;
  hint: string;
  min: number;
  step: number;
}

const NUMBER_FIELDS: readonly NumberField[] = [
  {
    key: 'chunkSize',
    label: 'Chunk size',
    hint: 'Target content size of a chunk.',
    min: 1,
    step: 1,
  },
  {
    key: 'maxOverflowRatio',
    label: 'Overflow ratio',
    hint: 'A chunk may grow to chunk size × ratio, only to keep a unit whole.',
    min: 1,
    step: 0.1,
  },
  {
    key: 'maxRawSize',
    label: 'Raw size cap',
    hint: 'Hard cap on the markdown of every chunk. Empty: no cap.',
    min: 1,
    step: 1,
  },
  {
    key: 'overlap',
    label: 'Overlap',
    hint: 'Sentences carried over from the previous chunk of the same section.',
    min: 0,
    step: 1,
  },
  {
    key: 'minChunkSize',
    label: 'Minimum size',
    hint: 'Smaller chunks are merged into a neighbour when the merge fits.',
    min: 0,
    step: 1,
  },
];

const UNIT_LABELS = {
  characters: 'characters',
  cl100k: 'cl100k tokens',
  tokenizer: 'tokenizer.json tokens',
} as const;
const DIALECT_LABELS = { auto: 'auto (detect)', on: 'on', off: 'off' } as const;

/** What the tokenizer control shows: the file loaded and what it adds, or why it failed. */
export type TokenizerShown =
  | { name: string; specialTokens: readonly string[] }
  | { name: string; error: string };

/** The option controls. */
export interface Controls {
  /** Show these settings (after loading a shared link, or a reset). */
  set(settings: Settings): void;
  /** Mark the controls whose option an error message names; `null` clears the marks. */
  flagInvalid(message: string | null): void;
  /** Show the tokenizer.json that sizes the `tokenizer` unit, or why a file did not load. */
  showTokenizer(shown: TokenizerShown): void;
}

/**
 * Build a control for every option into `form`.
 *
 * @param form The form to fill.
 * @param initial Settings to show first.
 * @param onChange Called with new settings after every edit.
 * @param onTokenizerFile Called with a `tokenizer.json` the user picked (the page loads it into
 *   the worker and answers with {@link Controls.showTokenizer}).
 * @returns The controls.
 */
export function createControls(
  form: HTMLFormElement,
  initial: Settings,
  onChange: (settings: Settings) => void,
  onTokenizerFile: (file: File) => void = () => {},
): Controls {
  let settings = initial;
  const numbers = new Map<NumberKey, HTMLInputElement>();
  const rows = new Map<
    RuleKey,
    { split: HTMLSelectElement; size: HTMLInputElement; style: HTMLSelectElement | null }
  >();

  const unit = h(
    'select',
    { id: 'opt-unit', name: 'unit' },
    Object.entries(UNIT_LABELS).map(([value, label]) => h('option', { value }, label)),
  );
  const limit = h('p', { class: 'hint', id: 'opt-limit' });

  const commit = (next: Settings) => {
    settings = next;
    showLimit();
    markChanged();
    onChange(settings);
  };

  // The tokenizer.json unit: a file picker beside the unit, the prefix the model embeds with, and
  // what the loaded file adds to every chunk.
  let tokenizerLoaded = false;
  /** The name of the tokenizer.json loaded, for "Copy as code". */
  let tokenizerName: string | null = null;
  const tokenizerFile = h('input', {
    id: 'opt-tokenizer-file',
    type: 'file',
    accept: '.json,application/json',
    hidden: true,
  });
  const tokenizerButton = h(
    'button',
    { type: 'button', id: 'opt-tokenizer' },
    'Load tokenizer.json…',
  );
  const tokenizerStatus = h('p', { class: 'hint', id: 'tokenizer-status', role: 'status' });
  const prefix = h('input', {
    id: 'opt-prefix',
    name: 'prefix',
    type: 'text',
    placeholder: 'none (e.g. passage: )',
    spellcheck: false,
    'aria-describedby': 'hint-prefix',
  });
  const prefixField = h(
    'div',
    { class: 'field' },
    h('label', { htmlFor: prefix.id }, 'Prefix'),
    prefix,
    h(
      'p',
      { class: 'hint', id: 'hint-prefix' },
      'What the model embeds documents with before the text; counted once per chunk in the raw size.',
    ),
  );
  tokenizerButton.addEventListener('click', () => tokenizerFile.click());
  tokenizerFile.addEventListener('change', () => {
    const file = tokenizerFile.files?.[0];
    tokenizerFile.value = '';
    if (file) {
      tokenizerStatus.textContent = `Loading ${file.name}…`;
      onTokenizerFile(file);
    }
  });
  prefix.addEventListener('input', () => commit({ ...settings, prefix: prefix.value }));

  unit.addEventListener('change', () => {
    const chosen = (Object.keys(UNIT_LABELS) as Settings['unit'][]).find(
      (name) => name === unit.value,
    );
    if (chosen === 'tokenizer' && !tokenizerLoaded) {
      // Nothing to measure with yet: pick a file first (the unit switches once it loads).
      unit.value = settings.unit;
      tokenizerFile.click();
      return;
    }
    commit({ ...settings, unit: chosen ?? 'characters' });
    showTokenizerFields();
  });

  // The `context` option is newer than some versions of the library: offer it where it exists.
  const context = hasContextOption()
    ? h('input', { id: 'opt-context', name: 'context', type: 'checkbox' })
    : null;
  context?.addEventListener('change', () => commit({ ...settings, context: context.checked }));

  const fields = NUMBER_FIELDS.map((field) => {
    const input = h('input', {
      id: `opt-${field.key}`,
      name: field.key,
      type: 'number',
      inputMode: field.step < 1 ? 'decimal' : 'numeric',
      min: field.min,
      step: field.step,
      placeholder: field.key === 'maxRawSize' ? 'none' : '',
      'aria-describedby': `hint-${field.key}`,
    });
    input.addEventListener('input', () => {
      const value = input.value.trim() === '' ? Number.NaN : Number(input.value);
      const next =
        field.key === 'maxRawSize'
          ? { ...settings, maxRawSize: Number.isNaN(value) ? null : value }
          : { ...settings, [field.key]: value };
      commit(next);
    });
    numbers.set(field.key, input);
    return h(
      'div',
      { class: 'field' },
      h('label', { htmlFor: input.id }, field.label),
      input,
      h('p', { class: 'hint', id: `hint-${field.key}` }, field.hint),
      field.key === 'maxOverflowRatio' ? limit : null,
    );
  });

  const ruleRows = RULE_CONTROLS.map((control) => {
    const { key } = control;
    const split = h(
      'select',
      { id: `rule-${key}-split`, 'aria-label': `${key} split rule` },
      control.split.map((choice) =>
        h(
          'option',
          { value: choice },
          choice === 'default' ? `default (${describe(key)})` : choice,
        ),
      ),
    );
    const size = h('input', {
      id: `rule-${key}-size`,
      type: 'number',
      min: 1,
      step: 1,
      'aria-label': `${key} size-split size`,
    });
    const style = control.style
      ? h(
          'select',
          { id: `rule-${key}-style`, 'aria-label': `${key} reference style` },
          control.style.map((choice) =>
            h(
              'option',
              { value: choice },
              choice === 'default' ? `style: default (${defaultStyle(key)})` : `style: ${choice}`,
            ),
          ),
        )
      : null;
    const update = () => {
      const rule: RuleSetting = {
        split: split.value as SplitChoice,
        size: size.valueAsNumber,
        style: (style?.value ?? 'default') as StyleChoice,
      };
      size.hidden = rule.split !== 'size-split';
      commit(withRule(settings, key, rule));
    };
    split.addEventListener('change', update);
    size.addEventListener('input', update);
    style?.addEventListener('change', update);
    rows.set(key, { split, size, style });
    return h(
      'div',
      { class: 'rule' },
      h('code', { class: 'rule-key' }, key),
      h('div', { class: 'rule-inputs' }, split, size, style),
    );
  });

  const rulesBox = h(
    'details',
    { class: 'rules', id: 'rules' },
    h('summary', {}, 'Node rules'),
    h(
      'p',
      { class: 'hint' },
      'When a node may be split, per node type. size-split keeps it whole up to the size.',
    ),
    ruleRows,
  );

  const dialects = new Map<SyntaxName, HTMLSelectElement>();
  const dialectRows = DIALECTS.map((name) => {
    const select = h(
      'select',
      { id: `syntax-${name}`, 'aria-label': `${name} dialect` },
      DIALECT_CHOICES.map((choice) => h('option', { value: choice }, DIALECT_LABELS[choice])),
    );
    select.addEventListener('change', () =>
      commit({
        ...settings,
        syntax: { ...settings.syntax, [name]: select.value as DialectChoice },
      }),
    );
    dialects.set(name, select);
    return h(
      'div',
      { class: 'rule' },
      h('code', { class: 'rule-key' }, name),
      h('div', { class: 'rule-inputs' }, select),
    );
  });
  const dialectsBox = h(
    'details',
    { class: 'rules', id: 'dialects' },
    h('summary', {}, 'Docs dialects'),
    h(
      'p',
      { class: 'hint' },
      'Syntax beyond CommonMark: MDX components, ::: directives, $$ math, MkDocs !!! admonitions and === tabs. auto: where the document shows it.',
    ),
    dialectRows,
  );

  const reset = h('button', { type: 'button', class: 'link-button' }, 'Reset options');
  reset.addEventListener('click', () => {
    const fresh = { ...DEFAULT_SETTINGS, rules: {}, syntax: { ...DEFAULT_SETTINGS.syntax } };
    set(fresh);
    commit(fresh);
  });

  // "Copy as code": the chunkdown({…}) call and the command line for the settings shown.
  const codeJs = h('pre', { class: 'code-snippet', id: 'code-js' });
  const codeCli = h('pre', { class: 'code-snippet', id: 'code-cli' });
  const copyButton = (label: string, source: HTMLElement) => {
    const button = h('button', { type: 'button' }, label);
    button.addEventListener('click', async () => {
      const copied = await copyText(source.textContent ?? '');
      button.textContent = copied ? 'Copied' : 'Select and copy';
      setTimeout(() => {
        button.textContent = label;
      }, 1500);
    });
    return button;
  };
  const codeBox = h(
    'details',
    { class: 'rules code-box', id: 'copy-code' },
    h('summary', {}, 'Copy as code'),
    h('p', { class: 'hint' }, 'The library call and the command that give these chunks.'),
    codeJs,
    copyButton('Copy the call', codeJs),
    codeCli,
    copyButton('Copy the command', codeCli),
  );
  codeBox.addEventListener('toggle', () => showCode());
  function showCode(): void {
    if (!codeBox.open) return;
    const code = settingsCode(settings, tokenizerName ?? 'tokenizer.json');
    codeJs.textContent = code.js;
    codeCli.textContent = code.cli;
  }

  /** Mark the controls whose setting differs from the default (a dot after their label). */
  function markChanged(): void {
    const changed = (element: Element | null, yes: boolean) =>
      element?.classList.toggle('control-changed', yes);
    for (const [key, input] of numbers) {
      const value = settings[key];
      const fallback = DEFAULT_SETTINGS[key];
      const same = value === fallback || (Number.isNaN(value) && Number.isNaN(fallback));
      changed(input.closest('.field'), !same);
    }
    changed(unit.closest('.field'), settings.unit !== DEFAULT_SETTINGS.unit);
    if (context) changed(context.closest('.field'), settings.context !== DEFAULT_SETTINGS.context);
    for (const [key, row] of rows) changed(row.split.closest('.rule'), key in settings.rules);
    for (const [name, select] of dialects) {
      changed(select.closest('.rule'), (settings.syntax[name] ?? 'auto') !== 'auto');
    }
    const rulesChanged = Object.keys(settings.rules).length;
    const dialectsChanged = Object.values(settings.syntax).filter((c) => c !== 'auto').length;
    changed(rulesBox, rulesChanged > 0);
    changed(dialectsBox, dialectsChanged > 0);
    showCode();
  }

  form.replaceChildren(
    h(
      'div',
      { class: 'field' },
      h('label', { htmlFor: unit.id }, 'Size unit'),
      h('div', { class: 'unit-row' }, unit, tokenizerButton, tokenizerFile),
      h(
        'p',
        { class: 'hint' },
        'What sizes are measured in, for both splitters; a tokenizer.json (bge, e5, nomic, Qwen3-Embedding, …) counts its special tokens once per chunk in the raw size.',
      ),
      tokenizerStatus,
    ),
    prefixField,
    ...fields,
    ...(context
      ? [
          h(
            'div',
            { class: 'field checkbox' },
            h('label', { htmlFor: context.id }, context, ' Context header'),
            h(
              'p',
              { class: 'hint' },
              'Add the text to embed to every chunk: title › breadcrumbs, a blank line, the text.',
            ),
          ),
        ]
      : []),
    dialectsBox,
    rulesBox,
    h('div', { class: 'options-actions' }, reset),
    codeBox,
  );
  form.addEventListener('submit', (event) => event.preventDefault());

  function showLimit(): void {
    const value = overflowLimit(settings);
    limit.textContent =
      value === null
        ? ''
        : `Limit: ${formatNumber(value)} ${UNIT_LABELS[settings.unit]} per chunk.`;
  }

  function showTokenizerFields(): void {
    prefixField.hidden = settings.unit !== 'tokenizer';
  }

  function set(next: Settings): void {
    settings = next;
    unit.value = next.unit;
    prefix.value = next.prefix;
    showTokenizerFields();
    if (context) context.checked = next.context;
    for (const [key, input] of numbers) {
      const value = next[key];
      input.value = value === null || Number.isNaN(value) ? '' : String(value);
    }
    for (const [key, row] of rows) {
      const rule = next.rules[key] ?? DEFAULT_RULE;
      row.split.value = rule.split;
      row.size.value = String(rule.size);
      row.size.hidden = rule.split !== 'size-split';
      if (row.style) row.style.value = rule.style;
    }
    for (const [name, select] of dialects) select.value = next.syntax[name] ?? 'auto';
    // Show the rules and dialects a shared link set.
    if (Object.keys(next.rules).length > 0) rulesBox.open = true;
    if (Object.values(next.syntax).some((choice) => choice !== 'auto')) dialectsBox.open = true;
    showLimit();
    markChanged();
  }

  set(initial);

  return {
    set,
    showTokenizer(shown) {
      if ('error' in shown) {
        tokenizerStatus.textContent = `${shown.name} is not a tokenizer this can read: ${shown.error}`;
        tokenizerStatus.classList.add('error');
        return;
      }
      tokenizerLoaded = true;
      tokenizerName = shown.name;
      tokenizerStatus.classList.remove('error');
      const added =
        shown.specialTokens.length > 0
          ? `adds ${shown.specialTokens.join(' ')} to every chunk`
          : 'adds no special tokens';
      tokenizerStatus.textContent = `${shown.name}: ${added}.`;
    },
    flagInvalid(message) {
      for (const [key, input] of numbers) {
        input.toggleAttribute('aria-invalid', (message ?? '').includes(key));
      }
    },
  };
}

/** How the library treats a node type by default, for the "default (…)" labels. */
function describe(key: RuleKey): string {
  const rule = defaultNodeRules[key] as NodeRule | undefined;
  const split = rule?.split;
  if (split === undefined) return 'allow-split';
  if (typeof split === 'string') return split;
  return split.rule === 'size-split' ? `size-split ${split.size}` : split.rule;
}

function defaultStyle(key: RuleKey): string {
  return defaultNodeRules[key]?.style ?? 'inline';
}
