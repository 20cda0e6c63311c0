/**
 * The value of a plain scalar in YAML 1.2's core schema: `null`, booleans, integers (decimal,
 * `0o` octal, `0x` hexadecimal), floats (with `.inf` and `.nan`), and otherwise the string.
 *
 * @module
 */

/**
 * Resolve a plain scalar.
 *
 * @param text The scalar as written (folded, without surrounding white space).
 * @returns Its value: `null`, a boolean, a number or the text itself.
 */
export function resolvePlain(text: string): unknown {
  if (/^(?:~|[Nn]ull|NULL)?$/.test(text)) return null;
  if (/^(?:[Tt]rue|TRUE)$/.test(text)) return true;
  if (/^(?:[Ff]alse|FALSE)$/.test(text)) return false;
  if (/^0o[0-7]+$/.test(text)) return Number.parseInt(text.slice(2), 8);
  if (/^[-+]?[0-9]+$/.test(text)) return Number.parseInt(text, 10);
  if (/^0x[0-9a-fA-F]+$/.test(text)) return Number.parseInt(text.slice(2), 16);
  if (/^[-+]?\.(?:inf|Inf|INF)$/.test(text)) return text[0] === '-' ? -Infinity : Infinity;
  if (/^\.(?:nan|NaN|NAN)$/.test(text)) return Number.NaN;
  if (/^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/.test(text)) {
    return Number.parseFloat(text);
  }
  if (/^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/.test(text)) return Number.parseFloat(text);
  return text;
}
