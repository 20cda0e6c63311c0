#!/usr/bin/env node
/**
 * Check the package as a user gets it:
 *
 * 1. `pnpm pack` into a temporary folder (its `prepack` script builds `dist/`, so a fresh clone
 *    packs a whole package), and look at the tarball's file list (every file `exports`, `main`,
 *    `types` and `bin` name is in it) and its `package.json` (`homepage`, `bugs` and
 *    `repository` name one GitHub repository, which the package README links to);
 * 2. `publint --strict` and `attw --profile esm-only` on the tarball;
 * 3. walk the imports of the shipped files: the core (`chunkdown`) imports no Node built-in
 *    and nothing but its `dependencies`; the subpath exports import only their peers; every
 *    dependency is used;
 * 4. install the tarball with npm into an empty project next to the peer dependencies (at the
 *    versions of our devDependencies: `@langchain/textsplitters`, `@langchain/core`,
 *    `@llamaindex/core`, `gpt-tokenizer`, `@huggingface/tokenizers`, `@mastra/rag` with its peers
 *    `@mastra/core` and `zod`) and what the docs' mastra recipe uses (`ai`, `@mastra/libsql`), write
 *    a small WordPiece `tokenizer.json` there (the docs' tokenizer example reads it), then run every
 *    JavaScript example of the two READMEs (the repository's and the package's) and of the
 *    repository's `docs/*.md` there and compare their output with the `Output:` block after them
 *    where there is one, type-check each example with `tsc --strict`, type-check a TypeScript
 *    consumer (`node16` and `bundler` resolution, `skipLibCheck: false`), `require()` the package
 *    from CommonJS, and run the `chunkdown` command (also with `--tokenizer`);
 * 5. install the tarball alone into another empty project, where importing each subpath export
 *    fails with an error that names its missing peer, then with each entry point's peers alone
 *    (`gpt-tokenizer` for `chunkdown/tokenizers`, …), where it loads and works;
 * 6. the bundle size docs/integrations.md states is within 3 % of `scripts/bundle-size.mjs`'s;
 * 7. run every example again in a project that holds only the tarball and what the example
 *    imports (with the peers of the chunkdown entry points it imports), as a reader who ran only
 *    the install lines it needs.
 *
 * Usage: `node scripts/check-package.mjs [--keep] [--verbose]` (`--verbose` prints the type
 * errors of other packages' declarations too). npm's cache lives in
 * `node_modules/.cache/check-package`, so runs after the first one install offline.
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { wordPieceFrom } from '../bench/wordpiece.mjs';

const packageDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = new Set(process.argv.slice(2));
const npmCache = join(packageDir, 'node_modules', '.cache', 'check-package');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
/** Every peer dependency, at the version the tests use, and the peers of mastra's RAG package. */
const peers = [...Object.keys(manifest.peerDependencies), '@mastra/core', 'zod', '@types/node'].map(
  (name) => `${name}@${manifest.devDependencies[name]}`,
);
/**
 * What the docs' mastra recipe uses beside the package: the AI SDK and mastra's LibSQL store, at
 * the versions its install line in `docs/integrations.md` pins (a check below keeps them equal).
 */
const recipePackages = ['ai@7.0.173', '@mastra/libsql@1.23.1'];
/** The versions of the recipe's own packages, from `recipePackages`. */
const recipeVersions = Object.fromEntries(
  recipePackages.map((spec) => [
    spec.slice(0, spec.lastIndexOf('@')),
    spec.slice(spec.lastIndexOf('@') + 1),
  ]),
);
/**
 * The syntax extension the "Your own syntax" examples import, at the versions the tests use, in
 * the project their types are checked in.
 */
const syntaxExamplePackages = ['micromark-extension-wiki-link', 'mdast-util-wiki-link'].map(
  (name) => `${name}@${manifest.devDependencies[name]}`,
);
/**
 * Each entry point with the peers it needs, alone, and a program that uses it: in a project
 * with only these installed it must work; without them, importing it must fail naming one.
 */
const entryPeers = [
  {
    entry: 'chunkdown/tokenizers',
    peers: ['gpt-tokenizer'],
    probe: `const { cl100k_base } = await import('chunkdown/tokenizers');
console.log(cl100k_base('hello world'));`,
    prints: '2\n',
  },
  {
    entry: 'chunkdown/tokenizers/json',
    peers: ['@huggingface/tokenizers'],
    probe: `const { fromTokenizerJson } = await import('chunkdown/tokenizers/json');
const count = fromTokenizerJson({ model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', vocab: { '[UNK]': 0, hello: 1, world: 2 } }, pre_tokenizer: { type: 'Whitespace' } });
console.log(count('hello world'));`,
    prints: '2\n',
  },
  {
    entry: 'chunkdown/langchain',
    peers: ['@langchain/textsplitters', '@langchain/core'],
    probe: `const { ChunkdownTextSplitter } = await import('chunkdown/langchain');
console.log((await new ChunkdownTextSplitter({ chunkSize: 20 }).splitText('# A\\n\\nOne two. Three four five six.')).length);`,
    prints: '2\n',
  },
  {
    entry: 'chunkdown/llamaindex',
    peers: ['@llamaindex/core'],
    probe: `const { ChunkdownNodeParser } = await import('chunkdown/llamaindex');
console.log(new ChunkdownNodeParser({ chunkSize: 20 }).splitText('# A\\n\\nOne two. Three four five six.').length);`,
    prints: '2\n',
  },
  {
    entry: 'chunkdown/mastra',
    peers: ['@mastra/rag', '@mastra/core', 'zod'],
    probe: `const { MDocument } = await import('@mastra/rag');
const { chunkMDocument } = await import('chunkdown/mastra');
console.log(chunkMDocument(MDocument.fromMarkdown('# A\\n\\nOne two. Three four five six.'), { chunkSize: 20 }).length);`,
    prints: '2\n',
  },
];
const repositoryDir = join(packageDir, '..', '..');
/** The documents whose JavaScript examples run: the two READMEs and the pages of `docs/`. */
const readmes = {
  'README.md': join(repositoryDir, 'README.md'),
  'packages/chunkdown/README.md': join(packageDir, 'README.md'),
  ...Object.fromEntries(
    readdirSync(join(repositoryDir, 'docs'))
      .filter((name) => name.endsWith('.md'))
      .sort()
      .map((name) => [`docs/${name}`, join(repositoryDir, 'docs', name)]),
  ),
};

/** A document for the command-line check. */
const markdown = `# Llamas

Llamas are domesticated camelids from the Andes. They carry packs, give wool and guard sheep.

## Care

| food  | amount per day |
| ----- | -------------- |
| hay   | 2 kg           |
| water | 10 l           |
`;

/**
 * A TypeScript consumer: every public type is reachable and fits the LangChain and LlamaIndex
 * types; rule transforms are typed with their nodes.
 */
const consumer = `import { Document } from '@langchain/core/documents';
import type { TextSplitter } from '@langchain/textsplitters';
import type { NodeParser } from '@llamaindex/core/node-parser';
import { Document as LlamaDocument, type TextNode } from '@llamaindex/core/schema';
import {
  type Chunk,
  type ChunkdownOptions,
  chunkdown,
  defaultNodeRules,
  type Frontmatter,
  type NodeRules,
} from 'chunkdown';
import {
  type ChunkdownNodeMetadata,
  ChunkdownNodeParser,
  type ChunkdownNodeParserOptions,
} from 'chunkdown/llamaindex';
import {
  type ChunkdownDocumentMetadata,
  ChunkdownTextSplitter,
  type ChunkdownTextSplitterOptions,
} from 'chunkdown/langchain';
import { cl100k_base, tokenCounter, type TokenizerName } from 'chunkdown/tokenizers';
import { fromTokenizerJson, fromTokenizerJson as fromJsonOnly, type TokenizerJsonLength } from 'chunkdown/tokenizers/json';
import { o200k_base } from 'chunkdown/tokenizers/openai';
import { chunkMDocument, type ChunkdownMastraMetadata, type MastraChunk } from 'chunkdown/mastra';
import type { ModelLengthFunction } from 'chunkdown';
import { MDocument } from '@mastra/rag';

const options: ChunkdownOptions = {
  chunkSize: 200,
  rules: { ...defaultNodeRules, code: { split: { rule: 'size-split', size: 400 } } },
  lengthFunction: cl100k_base,
};
const chunks: Chunk[] = chunkdown(options).split('# a').chunks;
const name: TokenizerName = 'o200k_base';
const fields: ChunkdownTextSplitterOptions = { chunkSize: 200, chunkOverlap: 20, lengthFunction: tokenCounter(name) };
const splitter: TextSplitter = new ChunkdownTextSplitter(fields);
const docs: Document<ChunkdownDocumentMetadata>[] = await new ChunkdownTextSplitter(options).splitDocuments([
  new Document({ pageContent: '# a', metadata: { source: 'a.md' } }),
]);
const structuredDocs = await new ChunkdownTextSplitter({ ...options, metadataFormat: 'structured' }).splitDocuments([
  new Document({ pageContent: '# a', metadata: { source: 'a.md' } }),
]);
const from: number | undefined = structuredDocs[0]?.metadata.loc.lines.from;
const crumbs: string[] = docs.flatMap((doc) => doc.metadata.headings);
const path: string = docs[0]?.metadata.breadcrumbs ?? '';
const rules: NodeRules = {
  image: { transform: (node) => (node.type === 'image' && node.url.startsWith('data:') ? null : undefined) },
  code: { transform: (node) => (node.lang === 'mermaid' ? null : undefined) },
  heading: { transform: (node) => (node.depth > 4 ? null : undefined) },
};
const frontmatter: Frontmatter | undefined = chunkdown({ chunkSize: 100, rules }).split('---\\na: 1\\n---\\n# b').frontmatter;
const title: unknown = frontmatter?.error === undefined ? frontmatter?.data.a : frontmatter.raw;
const parserOptions: ChunkdownNodeParserOptions = { chunkSize: 300, includePrevNextRel: false };
const parser = new ChunkdownNodeParser(parserOptions);
const asNodeParser: NodeParser = parser;
const nodes: TextNode[] = parser.getNodesFromDocuments([new LlamaDocument({ text: '# a' })]);
const nodeCrumbs: string | undefined = (nodes[0]?.metadata as ChunkdownNodeMetadata | undefined)?.breadcrumbs;
const defaults = new ChunkdownTextSplitter();
const tokenizer = { model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', vocab: { '[UNK]': 0, a: 1 } } };
const model: TokenizerJsonLength = fromTokenizerJson(tokenizer, { prefix: 'passage: ', specialTokens: false });
const sized: ModelLengthFunction = fromJsonOnly(JSON.stringify(tokenizer));
const modelSplitter = chunkdown({ chunkSize: 100, maxRawSize: 128, lengthFunction: model });
const mastraChunks: MastraChunk[] = chunkMDocument(MDocument.fromMarkdown('# a'), { chunkSize: 200, lengthFunction: sized, chunkOverlap: 0 });
const mastraMetadata = mastraChunks[0]?.metadata as ChunkdownMastraMetadata | undefined;
const crumbsOfMastra: string[] | undefined = mastraMetadata?.headings;
const pathOfMastra: string | undefined = mastraMetadata?.breadcrumbs;
const counted: number = o200k_base('a') + model.modelLength('a') + model.reserve + modelSplitter.chunkSize;
// @ts-expect-error chunkSize is required.
chunkdown({});
// @ts-expect-error an image reference has no url: a transform checks node.type first.
chunkdown({ chunkSize: 100, rules: { image: { transform: (node) => (node.url ? null : undefined) } } });
export { asNodeParser, chunks, counted, crumbs, crumbsOfMastra, defaults, from, nodeCrumbs, path, pathOfMastra, splitter, title };
`;

const started = performance.now();
const temporary = mkdtempSync(join(tmpdir(), 'chunkdown-check-package-'));
let failures = 0;

try {
  step('prepack builds', () => {
    check(
      /\btsdown\b|\brun build\b/.test(manifest.scripts?.prepack ?? ''),
      `\`prepack\` builds dist/ (it is \`${manifest.scripts?.prepack ?? 'missing'}\`), so \`pnpm pack\` on a fresh clone ships it`,
    );
  });

  const tarball = step('pack (prepack builds)', () => {
    const { stdout, stderr } = run('pnpm', ['pack', '--pack-destination', temporary], packageDir, {
      quiet: true,
    });
    // The build's warnings that our configuration or code makes (not tsdown's own notices, such
    // as the Node.js versions it supports): an import it cannot resolve, a deprecated option.
    const ours = `${stdout}${stderr}`
      .split('\n')
      .filter((line) => /\[(UNRESOLVED_IMPORT|[A-Z_]+)\] Warning|is deprecated\. Use/.test(line))
      .filter((line) => !/\[PLUGIN_TIMINGS\]/.test(line));
    for (const line of ours) console.log(line);
    check(
      ours.length === 0,
      `the build warns of nothing in our configuration or code (${ours.length} warnings)`,
    );
    const name = readdirSync(temporary).find((file) => file.endsWith('.tgz'));
    if (!name) throw new Error('`pnpm pack` wrote no tarball');
    return join(temporary, name);
  });

  step('tarball contents', () => {
    const files = run('tar', ['-tzf', tarball], temporary, { quiet: true })
      .stdout.split('\n')
      .filter(Boolean)
      .map((file) => file.replace(/^package\//, ''));
    console.log(`${files.length} files: ${files.join(', ')}`);
    check(
      files.some((file) => file.startsWith('dist/')),
      'the tarball holds dist/',
    );
    // The command's worker is loaded by path (`new Worker(new URL('./cli-worker.js', …))`).
    for (const required of new Set([
      'package.json',
      'dist/cli-worker.js',
      ...manifestFiles(manifest),
    ])) {
      check(files.includes(required), `the tarball holds ${required}`);
    }
    const stray = files.filter(
      (file) => !/^(dist\/|package\.json$|readme|license|changelog)/i.test(file),
    );
    check(
      stray.length === 0,
      `the tarball holds only dist/, package.json and docs (stray: ${stray.join(', ') || 'none'})`,
    );
    for (const doc of ['README.md', 'LICENSE']) {
      if (!files.some((file) => file.toLowerCase().startsWith(doc.toLowerCase()))) {
        console.log(`warning: no ${doc} in the tarball (npm shows the package's own ${doc})`);
      }
    }
  });

  step('package.json and README links', () => {
    const packed = JSON.parse(
      run('tar', ['-xzOf', tarball, 'package/package.json'], temporary, { quiet: true }).stdout,
    );
    const repository = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(
      packed.repository?.url ?? '',
    )?.[1];
    console.log(`homepage ${packed.homepage}, bugs ${packed.bugs?.url}, repository ${repository}`);
    check(repository !== undefined, 'repository.url names a GitHub repository');
    check(
      packed.homepage === `${repository}#readme`,
      'homepage is the repository README (`<repository>#readme`)',
    );
    check(packed.bugs?.url === `${repository}/issues`, 'bugs.url is the repository issues');
    const readme = run('tar', ['-xzOf', tarball, 'package/README.md'], temporary, {
      quiet: true,
    }).stdout;
    check(
      readme.includes(`](${repository}#readme)`) && readme.includes(`](${repository}/issues)`),
      'the package README links to the repository and its issues',
    );
  });

  step('publint', () => run('pnpm', ['exec', 'publint', 'run', tarball, '--strict'], packageDir));
  step('attw', () => run('pnpm', ['exec', 'attw', tarball, '--profile', 'esm-only'], packageDir));

  const project = join(temporary, 'project');
  step('npm install', () => {
    mkdirSync(project);
    writeFileSync(
      join(project, 'package.json'),
      `${JSON.stringify({ name: 'consumer', private: true, type: 'module' }, null, 2)}\n`,
    );
    run(
      'npm',
      [
        'install',
        '--no-audit',
        '--no-fund',
        '--prefer-offline',
        '--cache',
        npmCache,
        tarball,
        ...peers,
        ...recipePackages,
        ...syntaxExamplePackages,
      ],
      project,
    );
    // A small BERT-family tokenizer.json, which the docs' tokenizer example reads.
    writeFileSync(
      join(project, 'tokenizer.json'),
      JSON.stringify(wordPieceFrom([markdown, consumer], { size: 2000 })),
    );
  });

  const installed = join(project, 'node_modules', 'chunkdown');
  step('imports of the shipped files', () => checkImports(installed));

  const examples = Object.entries(readmes).flatMap(([name, path]) => {
    // `docs/cli.md` → `readme-docs-cli-1.mjs`, …: one file per example, named after its document.
    const slug = name.replace(/\.md$/, '').replace(/\W+/g, '-').toLowerCase();
    return readmeExamples(readFileSync(path, 'utf8')).map((example, index) => ({
      ...example,
      readme: name,
      file: `readme-${slug}-${index + 1}`,
    }));
  });
  step('README examples run', () => {
    console.log(`${examples.length} JavaScript examples in ${Object.keys(readmes).join(', ')}`);
    check(examples.length >= 6, 'the READMEs and docs have their examples');
    for (const { file, source, output, readme, line } of examples) {
      writeFileSync(join(project, `${file}.mjs`), source);
      let stdout;
      try {
        stdout = run('node', [`${file}.mjs`], project, { quiet: true }).stdout;
      } catch (error) {
        check(false, `${readme}:${line} runs: ${String(error).split('\n').slice(0, 8).join('\n')}`);
        continue;
      }
      if (output === undefined) {
        console.log(`ok: ${readme}:${line} runs`);
        continue;
      }
      check(stdout === output, `${readme}:${line} prints its \`Output:\` block`);
      if (stdout !== output) console.log(`printed:\n${stdout}expected:\n${output}`);
    }
  });

  step('README examples type-check (tsc --strict, checkJs)', () => {
    // The examples as the reader saves them (`.mjs`, JavaScript with JSDoc types where a class
    // needs them), checked as TypeScript checks JavaScript.
    const files = examples.map(({ file }) => `${file}.mjs`);
    for (const resolution of ['node16', 'bundler']) {
      // What `tsc --strict` checks, and our declaration files too; examples may use Node's API.
      typecheck(
        project,
        files,
        resolution,
        { strict: true, allowJs: true, checkJs: true },
        /^readme-/,
        ['node'],
      );
    }
  });

  step('TypeScript consumer', () => {
    writeFileSync(join(project, 'consumer.ts'), consumer);
    for (const resolution of ['node16', 'bundler']) {
      typecheck(
        project,
        ['consumer.ts'],
        resolution,
        { strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true },
        /^consumer\.ts/,
      );
    }
  });

  step('CommonJS require()', () => {
    const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
    if (major < 20 || (major === 20 && minor < 19) || (major === 22 && minor < 12)) {
      console.log(`skipped: Node ${process.versions.node} cannot require() ES modules`);
      return;
    }
    const probe = (load) => `${load('chunkdown', 'chunkdown')}
${load('ChunkdownTextSplitter', 'chunkdown/langchain')}
${load('ChunkdownNodeParser', 'chunkdown/llamaindex')}
${load('cl100k_base', 'chunkdown/tokenizers')}
${load('fromTokenizerJson', 'chunkdown/tokenizers/json')}
${load('chunkMDocument', 'chunkdown/mastra')}
console.log(JSON.stringify(chunkdown({ chunkSize: 12 }).splitText('# A\\n\\nOne two. Three four.')));
console.log(typeof ChunkdownTextSplitter, typeof ChunkdownNodeParser, cl100k_base('hello world'));
console.log(typeof fromTokenizerJson, typeof chunkMDocument);
`;
    writeFileSync(
      join(project, 'require.cjs'),
      probe((name, from) => `const { ${name} } = require('${from}');`),
    );
    writeFileSync(
      join(project, 'import.mjs'),
      probe((name, from) => `import { ${name} } from '${from}';`),
    );
    const required = run('node', ['require.cjs'], project, { quiet: true }).stdout;
    process.stdout.write(required);
    const imported = run('node', ['import.mjs'], project, { quiet: true }).stdout;
    check(
      required === imported &&
        required.includes('function function 2') &&
        required.includes('function function\n'),
      'require() loads every entry point, as import does',
    );
  });

  step('chunkdown command', () => {
    writeFileSync(join(project, 'llamas.md'), markdown);
    const bin = join(project, 'node_modules', '.bin', 'chunkdown');
    const { stdout } = run(bin, ['llamas.md', '--chunk-size', '60', '--format', 'jsonl'], project, {
      quiet: true,
    });
    const texts = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).text);
    const library = run(
      'node',
      [
        '--input-type=module',
        '-e',
        `import { chunkdown } from 'chunkdown'; console.log(JSON.stringify(chunkdown({ chunkSize: 60 }).splitText(${JSON.stringify(markdown)})))`,
      ],
      project,
      { quiet: true },
    );
    console.log(`${texts.length} chunks from the command`);
    check(
      JSON.stringify(texts) === library.stdout.trim(),
      'the command prints the library’s chunks',
    );
    // Sized by a tokenizer.json, with a prefix: the same chunks as the library gives, each
    // within the cap as the model sees it.
    const sized = run(
      bin,
      [
        'llamas.md',
        '--tokenizer',
        'tokenizer.json',
        '--prefix',
        'passage: ',
        '--chunk-size',
        '24',
        '--max-raw-size',
        '32',
        '--format',
        'jsonl',
      ],
      project,
      { quiet: true },
    )
      .stdout.trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const expected = run(
      'node',
      [
        '--input-type=module',
        '-e',
        `import { readFileSync } from 'node:fs'; import { chunkdown } from 'chunkdown'; import { fromTokenizerJson } from 'chunkdown/tokenizers/json';
const lengthFunction = fromTokenizerJson(JSON.parse(readFileSync('tokenizer.json', 'utf8')), { prefix: 'passage: ' });
const { chunks } = chunkdown({ chunkSize: 24, maxRawSize: 32, lengthFunction }).split(readFileSync('llamas.md', 'utf8'));
console.log(JSON.stringify(chunks.map((chunk) => [chunk.text, chunk.rawSize, lengthFunction.modelLength(chunk.text)])));`,
      ],
      project,
      { quiet: true },
    );
    const fromLibrary = JSON.parse(expected.stdout);
    console.log(`${sized.length} chunks with --tokenizer`);
    check(
      sized.length > 1 &&
        JSON.stringify(sized.map((chunk) => [chunk.text, chunk.rawSize])) ===
          JSON.stringify(fromLibrary.map(([text, rawSize]) => [text, rawSize])) &&
        fromLibrary.every(([, rawSize, seen]) => rawSize === seen && rawSize <= 32),
      'the command with --tokenizer and --prefix prints the library’s chunks, each within --max-raw-size as the model sees it',
    );
  });

  step('each entry point with its own peers alone', () => {
    // The package alone: the core works, each subpath export fails naming a package it needs.
    const bare = join(temporary, 'bare');
    installAlone(bare, tarball, []);
    const core = run(
      'node',
      [
        '--input-type=module',
        '-e',
        `import { chunkdown } from 'chunkdown'; console.log(chunkdown({ chunkSize: 20 }).splitText('# A').length);`,
      ],
      bare,
      { quiet: true },
    ).stdout;
    check(core === '1\n', 'the core runs with no peer installed');
    for (const { entry, peers: needed } of entryPeers) {
      const result = spawnSync('node', ['--input-type=module', '-e', `await import('${entry}');`], {
        cwd: bare,
        encoding: 'utf8',
      });
      const named = needed.find((name) => result.stderr.includes(`'${name}'`));
      check(
        result.status !== 0 && named !== undefined,
        `without its peers, importing ${entry} fails naming the package to install (${named ?? result.stderr.split('\n').find((line) => line.includes('Error')) ?? 'no error'})`,
      );
    }
    // Each entry point with only its own peers.
    entryPeers.forEach(({ entry, peers: needed, probe, prints }, index) => {
      const dir = join(temporary, `alone-${index}`);
      installAlone(
        dir,
        tarball,
        needed.map((name) => `${name}@${manifest.devDependencies[name]}`),
      );
      let stdout = '';
      try {
        stdout = run('node', ['--input-type=module', '-e', probe], dir, { quiet: true }).stdout;
      } catch (error) {
        stdout = String(error).split('\n').slice(0, 4).join(' ');
      }
      check(
        stdout === prints,
        `${entry} works with ${needed.join(' and ')} alone (printed ${JSON.stringify(stdout)})`,
      );
    });
  });

  step('each example with only the packages it imports', () => {
    // A reader installs chunkdown and the peers of the entry points an example imports (the
    // README's install lines), nothing else: each example runs in a project that holds only
    // those, where a peer that an entry point loads without needing it would fail.
    const projects = new Map();
    const projectFor = (packages) => {
      const key = [...packages].sort().join(' ');
      if (!projects.has(key)) {
        const dir = join(temporary, `example-${projects.size}`);
        installAlone(
          dir,
          tarball,
          [...packages].map(
            (name) => `${name}@${recipeVersions[name] ?? manifest.devDependencies[name]}`,
          ),
        );
        writeFileSync(join(dir, 'tokenizer.json'), readFileSync(join(project, 'tokenizer.json')));
        projects.set(key, dir);
      }
      return projects.get(key);
    };
    for (const { file, source, output, readme, line } of examples) {
      const packages = examplePackages(source);
      const dir = projectFor(packages);
      writeFileSync(join(dir, `${file}.mjs`), source);
      const result = spawnSync('node', [`${file}.mjs`], { cwd: dir, encoding: 'utf8' });
      const alone = [...packages].join(', ') || 'no peer';
      check(
        result.status === 0 && (output === undefined || result.stdout === output),
        `${readme}:${line} runs with ${alone} installed${result.status === 0 ? '' : `: ${result.stderr.split('\n').slice(0, 6).join(' ')}`}`,
      );
    }
  });

  step('the docs state the bundle size measured now', () => {
    // The build `pnpm pack` made: within 3 % of what docs/integrations.md says.
    const result = spawnSync(
      'node',
      ['scripts/bundle-size.mjs', '--no-build', '--check-docs', '--json'],
      {
        cwd: packageDir,
        encoding: 'utf8',
      },
    );
    for (const line of `${result.stdout}${result.stderr}`.split('\n')) {
      if (/^(ok|FAIL)|no longer states/.test(line)) console.log(line);
    }
    check(result.status === 0, 'docs/integrations.md states the bundle size within 3 %');
  });

  step('the mastra recipe pins what the check installs', () => {
    const page = readFileSync(join(repositoryDir, 'docs', 'integrations.md'), 'utf8');
    const line = page
      .split('\n')
      .find((text) => text.startsWith('npm install') && text.includes('@mastra/libsql'));
    const pinned = (line ?? '').split(/\s+/).slice(2);
    const wanted = [
      ...['@mastra/rag', '@mastra/core', 'zod'].map(
        (name) => `${name}@${manifest.devDependencies[name]}`,
      ),
      ...recipePackages,
    ];
    check(
      wanted.every((spec) => pinned.includes(spec)),
      `docs/integrations.md installs the mastra recipe's packages at the versions checked here (${pinned.join(' ') || 'no install line'})`,
    );
  });
} catch (error) {
  failures += 1;
  console.error(`\n${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (args.has('--keep')) console.log(`\nkept ${temporary}`);
  else rmSync(temporary, { recursive: true, force: true });
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
if (failures > 0) {
  console.error(`\ncheck-package: ${failures} failure(s) in ${seconds} s`);
  process.exit(1);
}
console.log(`\ncheck-package: all good in ${seconds} s`);

/**
 * Install the tarball with the given packages into a new empty ES module project.
 *
 * @param {string} dir The project folder (created).
 * @param {string} tarball The packed package.
 * @param {string[]} packages Package specs to install beside it.
 */
function installAlone(dir, tarball, packages) {
  mkdirSync(dir);
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'alone', private: true, type: 'module' }, null, 2)}\n`,
  );
  run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--cache',
      npmCache,
      tarball,
      ...packages,
    ],
    dir,
    { quiet: true },
  );
}

/**
 * The packages an example needs installed beside chunkdown: those it imports itself, and the
 * peers of the chunkdown entry points it imports (from `entryPeers`).
 *
 * @param {string} source The example's code.
 * @returns {Set<string>} Package names.
 */
function examplePackages(source) {
  const packages = new Set();
  for (const match of source.matchAll(/^\s*import\s[^'"]*?from\s*['"]([^'"]+)['"]/gm)) {
    const specifier = match[1];
    if (specifier.startsWith('node:') || specifier.startsWith('.')) continue;
    const name = specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
    if (name !== 'chunkdown') packages.add(name);
    for (const { entry, peers: needed } of entryPeers) {
      if (entry === specifier) for (const peer of needed) packages.add(peer);
    }
  }
  return packages;
}

/**
 * The files the manifest points to: every path in `exports` (all conditions), `main`, `types`
 * and `bin`, without `./`.
 *
 * @param {Record<string, unknown>} packageJson The package's manifest.
 * @returns {string[]} The paths, each once.
 */
function manifestFiles(packageJson) {
  const paths = new Set();
  const visit = (value) => {
    if (typeof value === 'string') paths.add(value.replace(/^\.\//, ''));
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(visit);
  };
  visit(packageJson.exports);
  visit(packageJson.main);
  visit(packageJson.types);
  visit(packageJson.bin);
  return [...paths].sort();
}

/**
 * Walk the relative imports of the shipped entry points and check their bare imports.
 *
 * @param {string} root Folder of the installed package.
 */
function checkImports(root) {
  const installedManifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const dependencies = Object.keys(installedManifest.dependencies ?? {});
  const peerNames = Object.keys(installedManifest.peerDependencies ?? {});
  const builtins = new Set(builtinModules);
  const isBuiltin = (specifier) =>
    specifier.startsWith('node:') || builtins.has(specifier.split('/')[0]);
  const packageOf = (specifier) =>
    specifier
      .split('/')
      .slice(0, specifier.startsWith('@') ? 2 : 1)
      .join('/');
  const used = new Set();

  const entries = {
    '.': { allowed: dependencies, builtins: false },
    './langchain': { allowed: [...dependencies, ...peerNames, '@langchain/core'], builtins: false },
    './llamaindex': { allowed: [...dependencies, '@llamaindex/core'], builtins: false },
    './tokenizers': { allowed: ['gpt-tokenizer'], builtins: false },
    './tokenizers/openai': { allowed: ['gpt-tokenizer'], builtins: false },
    './tokenizers/json': { allowed: ['@huggingface/tokenizers'], builtins: false },
    './mastra': { allowed: [...dependencies, '@mastra/rag'], builtins: false },
    './quality': { allowed: dependencies, builtins: false },
    './syntax': { allowed: dependencies, builtins: false },
    // The builds bundlers pick for browsers and Web Workers (the `browser` condition).
    'browser .': {
      allowed: dependencies,
      builtins: false,
      file: installedManifest.exports['.'].browser,
    },
    'browser ./quality': {
      allowed: dependencies,
      builtins: false,
      file: installedManifest.exports['./quality'].browser,
    },
    // The command loads `gpt-tokenizer` only for `--tokens`, `@huggingface/tokenizers` only for
    // `--tokenizer`; it bundles the rest (tsdown.config.ts).
    cli: {
      allowed: [...dependencies, ...peerNames],
      builtins: true,
      file: installedManifest.bin.chunkdown,
    },
  };
  for (const [entry, { allowed, builtins: mayUseBuiltins, file }] of Object.entries(entries)) {
    const start = file ?? installedManifest.exports[entry].default;
    const { files, bare } = importGraph(join(root, start));
    const external = [...bare].filter((specifier) => !isBuiltin(specifier));
    const nodeOnly = [...bare].filter(isBuiltin);
    for (const specifier of external) used.add(packageOf(specifier));
    console.log(
      `${entry}: ${files.length} files, imports ${[...new Set(external.map(packageOf))].join(', ') || 'nothing'}${nodeOnly.length > 0 ? `; Node built-ins ${nodeOnly.join(', ')}` : ''}`,
    );
    if (!mayUseBuiltins) check(nodeOnly.length === 0, `${entry} imports no Node built-in`);
    const undeclared = external.map(packageOf).filter((name) => !allowed.includes(name));
    check(
      undeclared.length === 0,
      `${entry} imports only declared packages (undeclared: ${[...new Set(undeclared)].join(', ') || 'none'})`,
    );
  }
  // Type packages (`@types/mdast`) are there for the declarations, which import them.
  const unused = dependencies.filter((name) => !used.has(name) && !name.startsWith('@types/'));
  check(
    unused.length === 0,
    `every dependency is imported (unused: ${unused.join(', ') || 'none'})`,
  );
  const coreImports = new Set(
    [...importGraph(join(root, installedManifest.exports['.'].default)).bare].map(packageOf),
  );
  const cliOnly = dependencies.filter((name) => !coreImports.has(name));
  if (cliOnly.length > 0) console.log(`dependencies only the command uses: ${cliOnly.join(', ')}`);
}

/**
 * Follow the relative imports of a built ES module.
 *
 * @param {string} start Path of the entry file.
 * @returns {{ files: string[], bare: Set<string> }} Files reached and bare specifiers imported.
 */
function importGraph(start) {
  const files = [];
  const bare = new Set();
  const queue = [start];
  const seen = new Set(queue);
  // Static imports start their line (the builds put them there): an `import` inside a bundled
  // package's strings (acorn's keyword lists in the command's bundle) is not one.
  const pattern =
    /^[ \t]*(?:import|export)\s*(?:[\w*${}\s,]+?\s*from\s*)?["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
  while (queue.length > 0) {
    const file = queue.shift();
    files.push(relative(dirname(start), file));
    // Doc comments show imports too; drop comments before looking.
    const code = readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1] ?? match[2];
      if (specifier.startsWith('.')) {
        const target = resolve(dirname(file), specifier);
        if (!existsSync(target)) throw new Error(`${file} imports missing ${specifier}`);
        if (!seen.has(target)) {
          seen.add(target);
          queue.push(target);
        }
      } else bare.add(specifier);
    }
  }
  return { files, bare };
}

/**
 * The JavaScript examples of a README, with the output printed under them when the README shows
 * it: a fenced `js` (or `ts`) block, optionally followed by a paragraph `Output:` and a plain
 * fenced block. A block right after a `<!-- fragment -->` line is part of a program the reader
 * has (their vector store, their record manager): it is not run.
 *
 * @param {string} text The README.
 * @returns {{ source: string, output: string | undefined, line: number }[]} The examples.
 */
function readmeExamples(text) {
  const found = [];
  const pattern =
    /^```(?:js|javascript|ts|typescript)\n([\s\S]*?)^```\n(?:\nOutput:\n\n```\n([\s\S]*?)^```\n)?/gm;
  for (const match of text.matchAll(pattern)) {
    if (/<!-- fragment -->\n\n?$/.test(text.slice(0, match.index))) continue;
    found.push({
      source: match[1],
      output: match[2],
      line: text.slice(0, match.index).split('\n').length,
    });
  }
  return found;
}

/**
 * Type-check files of the consumer project; fail on errors in them or in chunkdown's
 * declarations (other packages' declarations are not ours: LangChain's do not pass
 * `exactOptionalPropertyTypes`).
 *
 * @param {string} project The project folder.
 * @param {string[]} files Files to check.
 * @param {'node16' | 'bundler'} resolution Module resolution.
 * @param {Record<string, boolean>} strictness Strict options.
 * @param {RegExp} own Which error lines are in the checked files.
 * @param {string[]} [types] The `@types` packages in scope (none by default).
 */
function typecheck(project, files, resolution, strictness, own, types = []) {
  const tsc = createRequire(join(packageDir, 'package.json')).resolve('typescript/bin/tsc');
  const compilerOptions = {
    target: 'es2022',
    module: resolution === 'node16' ? 'node16' : 'esnext',
    moduleResolution: resolution,
    lib: ['esnext', 'dom'],
    types,
    ...strictness,
    // Check our declaration files too, not only their use.
    skipLibCheck: false,
    noEmit: true,
  };
  const config = `tsconfig.${files.length === 1 ? files[0] : 'readme'}.${resolution}.json`;
  writeFileSync(join(project, config), JSON.stringify({ compilerOptions, files }));
  // Other packages' declarations (mastra's) print megabytes of errors: read them all.
  const result = spawnSync('node', [tsc, '-p', config], {
    cwd: project,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const errors = result.stdout.split('\n').filter((line) => / error TS\d+:/.test(line));
  const ours = errors.filter((line) => own.test(line) || /^node_modules\/chunkdown\//.test(line));
  for (const line of ours) console.log(line);
  if (args.has('--verbose')) for (const line of errors) if (!ours.includes(line)) console.log(line);
  check(
    ours.length === 0 && (result.status === 0 || errors.length > 0),
    `tsc ${Object.keys(strictness).join(' ')} (${resolution}) on ${files.length} file(s): no errors in them or in chunkdown's declarations (${errors.length - ours.length} in other packages' declarations)`,
  );
}

/** Run a named step, printing its name and time. */
function step(name, action) {
  console.log(`\n== ${name}`);
  const begin = performance.now();
  const result = action();
  console.log(`(${((performance.now() - begin) / 1000).toFixed(1)} s)`);
  return result;
}

/** Record a check's outcome. */
function check(ok, message) {
  console.log(`${ok ? 'ok' : 'FAIL'}: ${message}`);
  if (!ok) failures += 1;
}

/**
 * Run a command; throw when it fails.
 *
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {string} cwd
 * @param {{ quiet?: boolean }} [options] `quiet`: capture the output instead of printing it.
 */
function run(command, commandArgs, cwd, options = {}) {
  if (!options.quiet)
    console.log(
      `$ ${command} ${commandArgs.map((arg) => (arg.startsWith(temporary) ? relative(temporary, arg) : arg)).join(' ')}`,
    );
  const result = spawnSync(command, commandArgs, {
    cwd,
    encoding: 'utf8',
    stdio: options.quiet ? 'pipe' : 'inherit',
    env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
  });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `\`${command} ${commandArgs.join(' ')}\` exited with ${result.status}\n${result.stdout ?? ''}${result.stderr ?? ''}`,
    );
  }
  return { stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
