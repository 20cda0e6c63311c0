/**
 * Turn a document descriptor into its text, in whichever process needs it.
 *
 * A descriptor is small and serializable: `{ name, file }` for a real document,
 * `{ name, generator, amount }` for a generated one, either with `repeat` (and `join`, the text
 * between copies, a blank line by default) for the scaling run.
 */
import { readFileSync } from 'node:fs';
import { generators } from './adversarial.mjs';

/**
 * @param {{ file?: string, generator?: string, amount?: number, repeat?: number, join?: string }} doc
 * @returns {string} The document's text.
 */
export function materialize(doc) {
  if (doc.files) return concatenate(doc.files, doc.size);
  const text = doc.file ? readFileSync(doc.file, 'utf8') : generators[doc.generator](doc.amount);
  if (!doc.repeat || doc.repeat === 1) return text;
  return Array.from({ length: doc.repeat }, () => text.trimEnd()).join(doc.join ?? '\n\n');
}

/**
 * Real documents one after another (a blank line between them), from the first again when they
 * run out, until the text holds at least `size` characters: the large document of the scaling run.
 *
 * @param {string[]} files Paths of the documents.
 * @param {number} size Characters to reach.
 * @returns {string} The text.
 */
function concatenate(files, size) {
  const texts = files.map((file) => readFileSync(file, 'utf8').trimEnd());
  const parts = [];
  let length = 0;
  for (let index = 0; length < size && texts.length > 0; index++) {
    const text = texts[index % texts.length];
    parts.push(text);
    length += text.length + 2;
  }
  return `${parts.join('\n\n')}\n`;
}

/**
 * The same descriptor with its size in bytes (UTF-8), which the reports divide by.
 *
 * @param {object} doc Descriptor.
 * @returns {object} Descriptor with `bytes`.
 */
export function withBytes(doc) {
  return { ...doc, bytes: Buffer.byteLength(materialize(doc)) };
}

/**
 * The scaling run: a document repeated ×1, ×4, ×16. Each is split `loops` times per timing so that
 * every repeat count processes the same number of bytes (×1 sixteen times, ×16 once), which keeps
 * warm-up and background noise alike across the three.
 *
 * @param {object} doc Descriptor of the base document.
 * @param {number[]} factors Repeat counts.
 * @returns {object[]} One descriptor per factor, with `bytes` and `loops`.
 */
export function repeated(doc, factors) {
  const most = Math.max(...factors);
  return factors.map((repeat) =>
    withBytes({ ...doc, name: `${doc.name} ×${repeat}`, repeat, loops: Math.round(most / repeat) }),
  );
}
