/**
 * A document like a real docs book, made here (the tests need nothing outside the repository):
 * chapters of prose with inline code, code spans that run over a line break (`{` at the start of
 * a line, as in the Rust book), mdBook-style `<Listing>` elements that wrap markdown, fenced code
 * in several languages, tables, lists and block quotes, until it is `size` characters long. The
 * same size gives the same document.
 *
 * @param size Length in UTF-16 code units.
 * @returns The document.
 */
export function realStyleDocument(size: number): string {
  const words = [
    'ownership',
    'borrow',
    'the compiler',
    'a reference',
    'memory',
    'the heap',
    'a value',
    'scope',
    'lifetime',
    'the stack',
    'a struct',
    'an enum',
    'a trait',
    'the caller',
    'a closure',
  ];
  let seed = 7;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed;
  };
  const word = () => words[next() % words.length] as string;
  const sentence = () =>
    `When ${word()} meets ${word()}, ${word()} keeps \`${word().replace(/\W+/g, '_')}\` valid for as long as ${word()} needs it.`;
  const parts: string[] = [];
  let length = 0;
  for (let chapter = 1; length < size; chapter++) {
    const section: string[] = [
      `## Chapter ${chapter}: Working with ${word()}`,
      Array.from({ length: 4 }, sentence).join(' '),
      `Printing it with \`println!("{}",\n{rect${chapter}:?}");\` shows what the value holds; see the listing below.`,
      `<Listing number="${chapter}-1" file-name="src/main.rs" caption="Using ${word()}">`,
      '```rust',
      `fn main() {\n    let s${chapter} = String::from("hello");\n    takes(s${chapter});\n}`,
      '```',
      '</Listing>',
      Array.from({ length: 3 }, sentence).join(' '),
      `| Name | Kind | Notes |\n| --- | --- | --- |\n| ${word()} | ${word()} | ${sentence()} |\n| ${word()} | ${word()} | ${sentence()} |`,
      `* ${sentence()}\n* ${sentence()}\n    * ${sentence()}`,
      `> Note: ${sentence()}`,
      '```console\n$ cargo run\n   Compiling example v0.1.0\n    Finished dev\n```',
      Array.from({ length: 5 }, sentence).join(' '),
    ];
    const text = `${section.join('\n\n')}\n\n`;
    parts.push(text);
    length += text.length;
  }
  return parts.join('').slice(0, size);
}
