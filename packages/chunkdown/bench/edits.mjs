/** One-sentence edits of real documents, for the edit benchmarks (stability, incremental). */

/**
 * The edited versions of a document: sentences of its prose (outside front matter, code, tables,
 * HTML, headings, definitions), `limit` of them spread evenly, edited in turn.
 */
export function editsOf(text, limit) {
  const sentences = [];
  const lines = text.split('\n');
  let offset = 0;
  let fence = null;
  let frontmatter = /^(---|\+\+\+)\s*$/.test(lines[0] ?? '') ? lines[0].trim() : null;
  lines.forEach((line, index) => {
    const start = offset;
    offset += line.length + 1;
    if (frontmatter !== null) {
      if (index > 0 && line.trim() === frontmatter) frontmatter = null;
      return;
    }
    const marker = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence !== null) {
      if (marker && marker[1][0] === fence[0] && marker[1].length >= fence.length) fence = null;
      return;
    }
    if (marker) {
      fence = marker[1];
      return;
    }
    if (/^\s*(?:#|\||<|\[[^\]]*\]:|(?: {4}|\t))/.test(line)) return;
    for (const match of line.matchAll(
      /(?<=^\s*(?:(?:[-*+]|\d+\.)\s+)?|[.!?]\s+)[A-Z][a-z]+[^.!?`<\n]{20,}?[.!?](?=\s|$)/g,
    )) {
      sentences.push({
        start: start + match.index,
        end: start + match.index + match[0].length,
        text: match[0],
      });
    }
  });
  const picked = [];
  const n = Math.min(limit, sentences.length);
  for (let j = 0; j < n; j++)
    picked.push(sentences[Math.floor(((j + 0.5) * sentences.length) / n)]);
  return picked.map((sentence, j) => {
    const kind = j % 3;
    if (kind === 0) {
      return `${text.slice(0, sentence.end)} This sentence was added for the stability check.${text.slice(sentence.end)}`;
    }
    if (kind === 1) {
      const end = /^[ \t]+/.exec(text.slice(sentence.end))?.[0].length ?? 0;
      return text.slice(0, sentence.start) + text.slice(sentence.end + end);
    }
    const words = [...sentence.text.matchAll(/\b[a-z]{4,}\b/g)];
    const word = words[Math.floor(words.length / 2)] ?? words[0];
    if (word === undefined)
      return `${text.slice(0, sentence.end - 1)} too${text.slice(sentence.end - 1)}`;
    const at = sentence.start + word.index;
    return `${text.slice(0, at)}edited${text.slice(at + word[0].length)}`;
  });
}
