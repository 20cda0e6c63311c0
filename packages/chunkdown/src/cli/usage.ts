import { syntaxNames } from '../syntax.js';
import { ruleTypes } from './rules.js';
import { defaultChunkSize, defaultTokenChunkSize } from './settings.js';

/** The text of `--help`. */
export const helpText = `Usage: chunkdown [options] [files|folders|globs...]

Split markdown into chunks for retrieval (RAG). Reads standard input when no path is
given (or for "-"). Folders are walked for .md, .markdown and .mdx files, skipping
hidden folders and node_modules. Output comes in the order of the arguments, and
sorted by path within a folder or glob.

Sizing:
  -s, --chunk-size N           target content size of a chunk
                               (default ${defaultChunkSize} characters, ${defaultTokenChunkSize} with --tokens or --tokenizer)
  -r, --max-overflow-ratio R   a chunk may grow to chunk size × R to keep a unit whole (default 1)
      --max-raw-size N         hard cap on the markdown of every chunk, in the size unit
      --overlap N              start a chunk with up to N of the previous one (default 0)
      --min-chunk-size N       merge chunks smaller than N into a neighbour (default 0)
      --context                give every chunk embedText: the document's title › its headings,
                               a blank line, then the chunk (--max-raw-size then bounds it)
      --parents N              section parents: every chunk gets "parentId", the id of its
                               parent (the smallest section around it of at most N, else a run
                               of its chunks up to N), and a {"type":"parent",…} record is
                               written before each parent's first chunk (N ≥ chunk size)
  -t, --tokens NAME            size in tokens: cl100k_base or o200k_base (default: characters)
      --tokenizer FILE         size in the tokens of a Hugging Face tokenizer.json (bge, e5, gte,
                               nomic, Qwen3-Embedding, EmbeddingGemma, …): the special tokens it
                               adds count once per chunk toward --max-raw-size, which then holds
                               for what the model sees (needs @huggingface/tokenizers)
      --prefix TEXT            with --tokenizer: what the model embeds documents with before the
                               text ("passage: ", "search_document: "), counted once per chunk
      --syntax WHAT            docs dialects: auto (default: each where a file shows it, and
                               .mdx files as MDX), none (CommonMark + GFM only), or a list of
                               ${syntaxNames.join(', ')} to read every file with
      --rule TYPE=RULE         split rule, repeatable: TYPE=never-split|allow-split|size-split:N,
                               or link.style=inline|preserve (also image.style)
                               TYPE: ${ruleTypes.slice(0, 7).join(', ')},
                               ${ruleTypes.slice(7).join(', ')}
  -c, --config FILE            JSON file of options: chunkSize, maxOverflowRatio, maxRawSize,
                               overlap, minChunkSize, context, parents (N), rules, tokens,
                               tokenizer (a path relative to the file), prefix, syntax (flags
                               take precedence); or a .js/.mjs/.cjs module exporting them as
                               default, whose syntax may add syntax extensions

Input and output:
  -f, --format FORMAT          jsonl, json or text (default: text on a terminal, else jsonl)
  -o, --out FILE               write the chunks to FILE instead of standard output
      --ignore GLOB            skip matching files of folders and globs, repeatable
  -j, --jobs N                 worker threads for many files, and for the parse of one file
                               over 1 MB (default: number of CPUs)
      --shard I/N              chunk only the I-th of N parts of the files (1/4 … 4/4): the
                               parts are disjoint, cover every file and do not depend on the
                               order files are found in, so N workers can each take one
      --previous FILE          index sync: FILE is the JSONL of an earlier run with the same
                               options; every chunk line gets "op": "add" (new id: embed it) or
                               "keep", a {"op":"delete","id":…,"file":…} line is written for each
                               chunk that is gone (also of deleted files), and files whose bytes
                               did not change are not chunked again; the output is the next
                               run's FILE. JSONL only
      --report                 print a quality report instead of the chunks (with --out, the
                               chunks still go to FILE); JSON with --format json, one line with jsonl
  -h, --help                   show this help
  -v, --version                show the version

Chunks are numbered from 0 in every output and in the report (the "index" field). Each
chunk has an "id": a hash of its headings and text that stays the same while they do, and
JSON records have "fileHash" (SHA-256 of the file's bytes) and "optionsHash" for --previous.

Exit codes: 0 done, 1 an input file could not be read or is not UTF-8 text (binary, NUL
bytes, another encoding; the others are still chunked), 2 bad usage.

Examples:
  chunkdown README.md
  chunkdown docs --chunk-size 500 --out chunks.jsonl
  cat notes.md | chunkdown --tokens cl100k_base --chunk-size 256 --max-raw-size 512
  chunkdown docs --tokenizer e5-base/tokenizer.json --prefix "passage: " --max-raw-size 512
  chunkdown "docs/**/*.md" --ignore drafts --rule table=never-split --report
  chunkdown docs --shard 2/8 --out chunks-2.jsonl
  chunkdown docs --previous chunks.jsonl --out next.jsonl && mv next.jsonl chunks.jsonl
`;
