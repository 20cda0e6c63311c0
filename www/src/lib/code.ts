import {
  DEFAULT_RULE,
  DEFAULT_SETTINGS,
  dialectsOf,
  type RuleSetting,
  type Settings,
} from './settings.ts';

/** The current settings as code: the library call and the command line that give these chunks. */
export interface SettingsCode {
  /** `import …` lines and `const splitter = chunkdown({ … });`. */
  js: string;
  /** `chunkdown FILE --chunk-size 500 …`. */
  cli: string;
}

/** A string as a JavaScript literal in single quotes. */
const literal = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
/** A word for a POSIX shell: as is when safe, else in single quotes. */
const shellWord = (text: string) =>
  /^[\w./:=,@%+-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;

/** A rule's `split` as the library takes it, or `undefined` for the default. */
function splitOf(rule: RuleSetting): string | undefined {
  if (rule.split === 'default') return undefined;
  return rule.split === 'size-split'
    ? `{ rule: 'size-split', size: ${rule.size} }`
    : literal(rule.split);
}

/**
 * The `chunkdown({…})` call and the `chunkdown` command for these settings: only what differs
 * from the defaults besides the chunk size, which both always say. Dialects: `auto()` and the
 * command's default when every dialect is detected, `--syntax none` when all are off, else the
 * dialects on (`mdx()`, `directive({ when: 'detected' })`; the command line reads a list of
 * dialects for every file).
 *
 * @param settings The page's settings.
 * @param tokenizerName The `tokenizer.json` file loaded, for the `tokenizer` unit.
 * @returns The code.
 */
export function settingsCode(settings: Settings, tokenizerName = 'tokenizer.json'): SettingsCode {
  const imports = new Map<string, Set<string>>([['chunkdown', new Set(['chunkdown'])]]);
  const use = (from: string, name: string) => {
    const names = imports.get(from) ?? new Set<string>();
    names.add(name);
    imports.set(from, names);
  };
  const options: string[] = [`chunkSize: ${settings.chunkSize}`];
  const flags: string[] = ['--chunk-size', String(settings.chunkSize)];
  const before: string[] = [];
  if (settings.maxOverflowRatio !== DEFAULT_SETTINGS.maxOverflowRatio) {
    options.push(`maxOverflowRatio: ${settings.maxOverflowRatio}`);
    flags.push('--max-overflow-ratio', String(settings.maxOverflowRatio));
  }
  if (settings.maxRawSize !== null) {
    options.push(`maxRawSize: ${settings.maxRawSize}`);
    flags.push('--max-raw-size', String(settings.maxRawSize));
  }
  if (settings.overlap !== 0) {
    options.push(`overlap: ${settings.overlap}`);
    flags.push('--overlap', String(settings.overlap));
  }
  if (settings.minChunkSize !== 0) {
    options.push(`minChunkSize: ${settings.minChunkSize}`);
    flags.push('--min-chunk-size', String(settings.minChunkSize));
  }
  if (settings.context) {
    options.push('context: true');
    flags.push('--context');
  }
  if (settings.unit === 'cl100k') {
    use('chunkdown/tokenizers', 'cl100k_base');
    options.push('lengthFunction: cl100k_base');
    flags.push('--tokens', 'cl100k_base');
  } else if (settings.unit === 'tokenizer') {
    use('chunkdown/tokenizers/json', 'fromTokenizerJson');
    use('node:fs', 'readFileSync');
    const prefix = settings.prefix ? `, { prefix: ${literal(settings.prefix)} }` : '';
    before.push(
      `const tokenizer = fromTokenizerJson(readFileSync(${literal(tokenizerName)}, 'utf8')${prefix});`,
    );
    options.push('lengthFunction: tokenizer');
    flags.push('--tokenizer', shellWord(tokenizerName));
    if (settings.prefix) flags.push('--prefix', shellWord(settings.prefix));
  }
  const rules: string[] = [];
  for (const [key, rule] of Object.entries(settings.rules)) {
    if (!rule) continue;
    const parts: string[] = [];
    const split = splitOf(rule);
    if (split) {
      parts.push(`split: ${split}`);
      flags.push(
        '--rule',
        `${key}=${rule.split === 'size-split' ? `size-split:${rule.size}` : rule.split}`,
      );
    }
    if (rule.style !== DEFAULT_RULE.style) {
      parts.push(`style: ${literal(rule.style)}`);
      flags.push('--rule', `${key}.style=${rule.style}`);
    }
    if (parts.length > 0)
      rules.push(`    ${/^\w+$/.test(key) ? key : literal(key)}: { ${parts.join(', ')} },`);
  }
  if (rules.length > 0) options.push(`rules: {\n${rules.join('\n')}\n  }`);
  const choices = Object.entries(settings.syntax);
  if (choices.every(([, choice]) => choice === 'auto')) {
    use('chunkdown/syntax', 'auto');
    options.push('syntax: auto()');
  } else if (dialectsOf(settings.syntax).length === 0) {
    flags.push('--syntax', 'none');
  } else {
    const calls = choices
      .filter(([, choice]) => choice !== 'off')
      .map(([name, choice]) => {
        use('chunkdown/syntax', name);
        return choice === 'on' ? `${name}()` : `${name}({ when: 'detected' })`;
      });
    options.push(`syntax: [${calls.join(', ')}]`);
    const listed = choices.filter(([, choice]) => choice === 'on').map(([name]) => name);
    // The command line reads a list for every file; a dialect left to detection is not in it.
    flags.push('--syntax', listed.length > 0 ? listed.join(',') : 'none');
  }
  const importLines = [...imports].map(
    ([from, names]) => `import { ${[...names].sort().join(', ')} } from '${from}';`,
  );
  const js = [
    ...importLines,
    '',
    ...before,
    `const splitter = chunkdown({\n  ${options.join(',\n  ')},\n});`,
    'const { chunks } = splitter.split(markdown);',
  ].join('\n');
  return { js, cli: `chunkdown doc.md ${flags.join(' ')}` };
}
