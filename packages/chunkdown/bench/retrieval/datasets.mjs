/**
 * Question sets of the retrieval benchmark. A dataset is
 * `{ name, documents: { id, text }[], questions: { id, doc, question, alternatives }[] }`: each
 * question's answer is one or more exact excerpts of one document, given as UTF-16 ranges
 * `[start, end)`; `alternatives` lists the sets of ranges that each answer it (Chroma: one set, of
 * all its references; ours: one set per occurrence of the excerpt).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The general evaluation set of Chroma's chunking benchmark (`brandonstarxel/chunking_evaluation`,
 * `chunking_evaluation/evaluation_framework/general_evaluation_data`): five corpora and 472
 * questions whose references are exact excerpts with offsets.
 *
 * @param {string} dir The `general_evaluation_data` folder (holding `corpora/` and `questions_df.csv`).
 * @returns The dataset, or a string saying why it cannot be loaded.
 */
export function chromaDataset(dir) {
  const csv = path.join(dir, 'questions_df.csv');
  const corpora = path.join(dir, 'corpora');
  if (!existsSync(csv) || !existsSync(corpora)) {
    return `no questions_df.csv and corpora/ under ${dir}`;
  }
  const documents = readdirSync(corpora)
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => ({
      id: name.slice(0, -3),
      text: readFileSync(path.join(corpora, name), 'utf8'),
    }));
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const [head, ...rows] = parseCsv(readFileSync(csv, 'utf8'));
  const column = (name) => head.indexOf(name);
  const questions = [];
  let relocated = 0;
  for (const row of rows) {
    const doc = byId.get(row[column('corpus_id')]);
    if (doc === undefined) continue;
    const references = JSON.parse(row[column('references')]).map((reference) => {
      // Offsets count code points (Python); find the excerpt near them in UTF-16 terms.
      const at = place(doc.text, reference.content, reference.start_index);
      if (at !== reference.start_index) relocated++;
      return [at, at + reference.content.length];
    });
    questions.push({
      id: `q${questions.length}`,
      doc: doc.id,
      question: row[column('question')],
      alternatives: [references],
    });
  }
  return { name: 'chroma', documents, questions, relocated };
}

/**
 * Our own questions about a folder of documents: a JSON list of
 * `{ id, file, where, question, answer, occurrence? }`, where `answer` is an exact substring of the
 * file. When the excerpt occurs more than once, every occurrence answers the question (a repeated
 * code line), unless `occurrence` (0-based) pins the one meant (a table row repeated under several
 * headings).
 *
 * @param {string} questionsFile The JSON file.
 * @param {string} dir The folder the `file` names are relative to.
 * @param {string} name Dataset name.
 * @returns The dataset, or a string saying why it cannot be loaded.
 */
export function excerptDataset(questionsFile, dir, name) {
  if (!existsSync(dir)) return `no folder ${dir}`;
  const documents = readdirSync(dir, { recursive: true })
    .filter((file) => /\.(md|mdx|markdown)$/i.test(file))
    .sort()
    .map((file) => ({ id: file, text: readFileSync(path.join(dir, file), 'utf8') }));
  return excerptQuestions(questionsFile, documents, name);
}

/**
 * Our questions about the npm docs installed in the workspace (`questions-npm.json`, written for
 * issue 43 and never tuned on): the markdown files of the library's dependency tree
 * (`nodeModulesDocuments` of `bench/corpus.mjs`, up to 3 MB, each of 1,500 characters or more),
 * named by their path under `node_modules` with `/` as `__` (`webpack__README.md`; of two with
 * one name, the later). Every one of them is indexed; the questions ask about 96.
 *
 * @param {string} questionsFile The JSON file, as for {@link excerptDataset}.
 * @param {string} root The workspace root.
 * @returns The dataset, or a string saying why it cannot be loaded.
 */
export async function npmDataset(questionsFile, root) {
  const { nodeModulesDocuments } = await import('../corpus.mjs');
  const byName = new Map();
  for (const doc of await nodeModulesDocuments(root, 3e6)) {
    const text = readFileSync(doc.file, 'utf8');
    if (text.length >= 1500) byName.set(doc.name.replaceAll('/', '__'), text);
  }
  if (byName.size === 0) return `no markdown under ${path.join(root, 'node_modules')}`;
  const documents = [...byName.keys()].sort().map((id) => ({ id, text: byName.get(id) }));
  return excerptQuestions(questionsFile, documents, 'npm');
}

/** The questions of `questionsFile` located in `documents` (see {@link excerptDataset}). */
function excerptQuestions(questionsFile, documents, name) {
  const entries = JSON.parse(readFileSync(questionsFile, 'utf8'));
  const byId = new Map(documents.map((doc) => [doc.id, doc]));
  const questions = [];
  const problems = [];
  let repeated = 0;
  entries.forEach((entry, index) => {
    const doc = byId.get(entry.file);
    const starts = [];
    if (doc !== undefined) {
      for (
        let at = doc.text.indexOf(entry.answer);
        at >= 0;
        at = doc.text.indexOf(entry.answer, at + 1)
      ) {
        starts.push(at);
      }
    }
    const chosen =
      entry.occurrence === undefined
        ? starts
        : starts.slice(entry.occurrence, entry.occurrence + 1);
    if (chosen.length === 0) {
      problems.push(`${entry.id ?? `#${index}`} ${entry.file}: answer not found`);
      return;
    }
    if (starts.length > 1) repeated++;
    questions.push({
      id: entry.id ?? `w${index}`,
      doc: doc.id,
      question: entry.question,
      alternatives: chosen.map((start) => [[start, start + entry.answer.length]]),
      where: entry.where,
    });
  });
  return { name, documents, questions, problems, repeated };
}

/**
 * The half of the questions a question belongs to (`--half`): `tune` when the first byte of the
 * SHA-256 of its id (UTF-8) is even, else `held`. It depends on the id alone, so a question keeps
 * its half when others are added or removed.
 *
 * @param {string} id A question's id.
 * @returns {'tune' | 'held'}
 */
export function halfOf(id) {
  return createHash('sha256').update(id).digest()[0] % 2 === 0 ? 'tune' : 'held';
}

/** The occurrence of `content` closest to `hint` (exact when the offsets are UTF-16 already). */
function place(text, content, hint) {
  if (text.startsWith(content, hint)) return hint;
  let best = -1;
  for (let at = text.indexOf(content); at >= 0; at = text.indexOf(content, at + 1)) {
    if (best < 0 || Math.abs(at - hint) < Math.abs(best - hint)) best = at;
  }
  if (best < 0) throw new Error(`excerpt not found: ${content.slice(0, 60)}`);
  return best;
}

/** RFC 4180 CSV: quoted fields may hold commas, newlines and doubled quotes. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
