/**
 * Command-line flags of the benchmark.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';

const usage = `Usage: pnpm bench [flags]

  --corpus DIR      also benchmark every *.md under DIR (repeatable; relative to your cwd)
  --sizes 500,1500  chunk sizes (default 500,1500)
  --ratio 1.5       maxOverflowRatio for both chunkdowns (default 1.5)
  --only a,b        splitters to run besides the floor: chunkdown, chunkdown-auto (with
                    syntax: auto()), chunkdown-v3, langchain, mastra, llamaindex
  --skip a,b        input sets to skip: node_modules, corpus, adversarial, scaling, large
  --timeout S       time budget per (splitter, document) in seconds (default 20)
  --runs N          time each document N times and keep the fastest (default 1)
  --clock cpu|wall  CPU time of the child (default; other load on the machine barely moves it)
                    or wall-clock time
  --max-mb N        cap on the node_modules markdown taken (default 3)
  --quick           smaller inputs and budgets, for a fast look (about a minute)
  --profile DIR     write a V8 CPU profile of every child process to DIR (see bench/profile.mjs)
  --no-build        do not build the library first (use packages/chunkdown/dist as it is)
  --out FILE        where to write the Markdown report (default bench/results/latest.md,
                    bench/results/quick.md with --quick)
  --tokens          time sizing in tokens instead: characters against a WordPiece and a BPE
                    tokenizer.json and cl100k_base (bench/tokens.mjs, also pnpm bench:tokens;
                    pnpm bench --tokens --help for its flags)
  --dialects        time the docs dialects instead: auto() against none on 1-8 MB real
                    documents, update() after an edit, the command line beside the library
                    (bench/dialects.mjs; pnpm bench --dialects --help for its flags)
  --help            show this help
`;

/** Every splitter the benchmark knows, besides the floor. */
export const splitterNames = [
  'chunkdown',
  'chunkdown-auto',
  'chunkdown-v3',
  'langchain',
  'mastra',
  'llamaindex',
];

/** Every input set the benchmark knows. */
export const setNames = ['node_modules', 'corpus', 'adversarial', 'scaling', 'large'];

/**
 * Parse `process.argv` into the benchmark settings.
 *
 * @param {string[]} argv Arguments after the script name.
 * @returns Settings; exits the process on `--help` or a bad flag.
 */
export function parseCli(argv) {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        corpus: { type: 'string', multiple: true, default: [] },
        sizes: { type: 'string', default: '500,1500' },
        ratio: { type: 'string', default: '1.5' },
        only: { type: 'string', default: splitterNames.join(',') },
        skip: { type: 'string', default: '' },
        timeout: { type: 'string' },
        runs: { type: 'string', default: '1' },
        clock: { type: 'string', default: 'cpu' },
        'max-mb': { type: 'string' },
        quick: { type: 'boolean', default: false },
        'no-build': { type: 'boolean', default: false },
        out: { type: 'string' },
        profile: { type: 'string' },
        help: { type: 'boolean', default: false },
        tokens: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    fail(error.message);
  }
  if (values.help) {
    process.stdout.write(usage);
    process.exit(0);
  }

  // pnpm runs scripts in the package folder; paths the user typed are relative to where they were.
  const userCwd = process.env.INIT_CWD || process.cwd();
  const quick = values.quick;
  return {
    corpora: values.corpus.map((dir) => path.resolve(userCwd, dir)),
    sizes: list(values.sizes).map((size) => number('--sizes', size, 1)),
    ratio: number('--ratio', values.ratio, 1),
    splitters: checked('--only', list(values.only), splitterNames),
    skip: checked('--skip', list(values.skip), setNames),
    timeoutMs: 1000 * number('--timeout', values.timeout ?? (quick ? '10' : '20'), 0.1),
    runs: number('--runs', values.runs, 1),
    clock: checked('--clock', [values.clock], ['cpu', 'wall'])[0],
    maxBytes: 1e6 * number('--max-mb', values['max-mb'] ?? (quick ? '0.5' : '3'), 0.01),
    quick,
    build: !values['no-build'],
    profileDir: values.profile && path.resolve(userCwd, values.profile),
    out: values.out
      ? path.resolve(userCwd, values.out)
      : new URL(`results/${quick ? 'quick' : 'latest'}.md`, import.meta.url).pathname,
    argv,
  };
}

function list(value) {
  return value
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

function number(flag, value, min) {
  const result = Number(value);
  if (!Number.isFinite(result) || result < min) {
    fail(`Expected a number ≥ ${min} for \`${flag}\`, got \`${value}\``);
  }
  return result;
}

function checked(flag, names, known) {
  for (const name of names) {
    if (!known.includes(name)) {
      fail(`Unknown \`${name}\` in \`${flag}\`, expected one of: ${known.join(', ')}`);
    }
  }
  return names;
}

function fail(message) {
  process.stderr.write(`${message}\n\n${usage}`);
  process.exit(2);
}
