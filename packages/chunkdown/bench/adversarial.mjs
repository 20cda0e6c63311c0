/**
 * Generated adversarial documents: shapes that make a careless splitter quadratic.
 *
 * Every generator is deterministic (a fixed-seed pseudo-random sequence), so each child process
 * rebuilds exactly the same text from a small descriptor `{ name, generator, amount }`.
 */

const words = (
  'the a of to and in is it that for on with as was at by an be this from or are not but have ' +
  'model chunk markdown section table list parser token embedding retrieval vector index query ' +
  'document heading paragraph sentence window overlap boundary context search answer splitter'
).split(' ');

/** Generators keyed by name; `amount` is bytes, characters, rows or items as the name says. */
export const generators = {
  /** One paragraph of prose (sentences, commas, some inline markup), no blank line anywhere. */
  paragraph(amount) {
    const next = random(1);
    let text = '';
    let n = 0;
    while (text.length < amount) {
      const sentence = [];
      const length = 6 + (next() % 18);
      for (let i = 0; i < length; i++) sentence.push(pick(words, next));
      sentence[0] = sentence[0][0].toUpperCase() + sentence[0].slice(1);
      if (length > 12) sentence[6] += ',';
      n++;
      if (n % 7 === 0) sentence.push(`[${pick(words, next)} docs](https://example.com/${n})`);
      if (n % 11 === 0) sentence.splice(3, 0, `**${pick(words, next)} ${pick(words, next)}**`);
      if (n % 13 === 0) sentence.splice(2, 0, `\`${pick(words, next)}()\``);
      text += `${sentence.join(' ')}. `;
    }
    return `${text.trimEnd()}\n`;
  },

  /** Unmatched opening parentheses and nothing else. */
  parens(amount) {
    return `${'('.repeat(amount)}\n`;
  },

  /** One table with a header row and `amount` body rows. */
  table(amount) {
    const next = random(2);
    const rows = ['| id | name | description | score |', '| --- | --- | :-- | --: |'];
    for (let i = 1; i <= amount; i++) {
      rows.push(`| ${i} | ${pick(words, next)}-${i} | ${phrase(next, 6)} | ${next() % 1000} |`);
    }
    return `# Table\n\n${rows.join('\n')}\n`;
  },

  /** One bullet list of `amount` items, every tenth with a nested item. */
  list(amount) {
    const next = random(3);
    const items = [];
    for (let i = 1; i <= amount; i++) {
      items.push(`- Item ${i}: ${phrase(next, 8)}.`);
      if (i % 10 === 0) items.push(`  - Detail of item ${i}: ${phrase(next, 5)}.`);
    }
    return `# List\n\n${items.join('\n')}\n`;
  },

  /** `amount` asterisks, an `x`, `amount` asterisks: emphasis and strong nested `amount / 2` deep. */
  emphasis(amount) {
    return `${'*'.repeat(amount)}x${'*'.repeat(amount)}\n`;
  },

  /** Unmatched opening brackets and nothing else. */
  brackets(amount) {
    return `${'['.repeat(amount)}\n`;
  },

  /** A list nested `amount` deep, each item two columns right of its parent. */
  nestedList(amount) {
    const lines = [];
    for (let i = 0; i < amount; i++) lines.push(`${'  '.repeat(i)}- item ${i}`);
    return `${lines.join('\n')}\n`;
  },

  /** One fenced code block of `amount` bytes, with a blank line between functions. */
  code(amount) {
    const next = random(4);
    const lines = ['```js'];
    let size = 0;
    for (let f = 0; size < amount; f++) {
      const body = [`function step${f}(input) {`];
      for (let i = 0; i < 8; i++) {
        body.push(
          `  const ${pick(words, next)}${i} = input.${pick(words, next)}(${next() % 100});`,
        );
      }
      body.push('  return input;', '}', '');
      for (const line of body) size += line.length + 1;
      lines.push(...body);
    }
    lines.push('```');
    return `# Code\n\n${lines.join('\n')}\n`;
  },
};

/**
 * The adversarial set of the issue, scaled by `scale` (1 = full size).
 *
 * @param {number} scale Factor on every amount.
 * @returns Descriptors `{ name, generator, amount }`.
 */
export function adversarialDocuments(scale) {
  const amount = (n) => Math.max(1, Math.round(n * scale));
  return [
    { name: `${mb(amount(2e6))} paragraph`, generator: 'paragraph', amount: amount(2e6) },
    { name: `${count(amount(1e5))} × \`(\``, generator: 'parens', amount: amount(1e5) },
    { name: `${count(amount(2e4))} table rows`, generator: 'table', amount: amount(2e4) },
    { name: `${count(amount(1e4))} list items`, generator: 'list', amount: amount(1e4) },
    { name: `${mb(amount(1e6))} code block`, generator: 'code', amount: amount(1e6) },
    ...nesting(scale),
  ];
}

/**
 * The hostile nesting of issue 15, each at its size and four times it (so the report shows how
 * time grows), with the time it must stay under at full size.
 *
 * @param {number} scale Factor on every amount.
 * @returns Descriptors `{ name, generator, amount, target }`.
 */
function nesting(scale) {
  const amount = (n) => Math.max(1, Math.round(n * scale));
  const docs = [];
  for (const [generator, base, label, limitMs] of [
    ['emphasis', 1000, (n) => `nested \`*\` ${count(n)}`, 3000],
    ['brackets', 1000, (n) => `\`[\` × ${count(n)}`, 3000],
    ['nestedList', 250, (n) => `list nested ${count(n)} deep`, 10_000],
  ]) {
    for (const factor of [1, 4]) {
      const n = amount(base * factor);
      docs.push({
        name: label(n),
        generator,
        amount: n,
        // The limit applies to the ×4 size; ×1 is the base of the growth ratio.
        target: { group: generator, factor, limitMs: factor === 4 && scale === 1 ? limitMs : 0 },
      });
    }
  }
  return docs;
}

function phrase(next, length) {
  const out = [];
  for (let i = 0; i < length; i++) out.push(pick(words, next));
  return out.join(' ');
}

function pick(list, next) {
  return list[next() % list.length];
}

/** A small linear congruential generator: fast, seeded, good enough to vary words. */
function random(seed) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state >>> 8;
  };
}

function mb(bytes) {
  return bytes >= 1e6 ? `${+(bytes / 1e6).toFixed(1)} MB` : `${Math.round(bytes / 1e3)} kB`;
}

function count(n) {
  return n.toLocaleString('en-US').replaceAll(',', ' ');
}
