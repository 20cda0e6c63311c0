import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeText, firstInvalidUtf8 } from '../../src/cli/read-text.js';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('decodeText', () => {
  it('decodes UTF-8 and keeps a byte order mark', () => {
    expect(decodeText(utf8('# Café 漢字 🦙'))).toEqual({ ok: true, text: '# Café 漢字 🦙' });
    expect(decodeText(utf8('\uFEFF# A'))).toEqual({ ok: true, text: '\uFEFF# A' });
    expect(decodeText(new Uint8Array())).toEqual({ ok: true, text: '' });
  });

  it('refuses NUL bytes and invalid UTF-8, naming the first bad byte', () => {
    expect(decodeText(Uint8Array.of(0x23, 0x20, 0x00, 0x41))).toEqual({
      ok: false,
      message: 'not a text file: a NUL byte at offset 2 (binary, or UTF-16 text)',
    });
    const latin1 = Uint8Array.from([...'Olé'].map((char) => char.charCodeAt(0)));
    expect(decodeText(latin1)).toEqual({
      ok: false,
      message:
        'not valid UTF-8: byte 0xE9 at offset 2 (Latin-1 or another encoding? convert the file to UTF-8)',
    });
  });
});

describe('firstInvalidUtf8', () => {
  it('finds overlong forms, surrogates, values past U+10FFFF and cut sequences', () => {
    expect(firstInvalidUtf8(Uint8Array.of(0x41, 0xc0, 0x80))).toBe(1); // overlong
    expect(firstInvalidUtf8(Uint8Array.of(0xe0, 0x80, 0x80))).toBe(0); // overlong
    expect(firstInvalidUtf8(Uint8Array.of(0xed, 0xa0, 0x80))).toBe(0); // surrogate
    expect(firstInvalidUtf8(Uint8Array.of(0xf4, 0x90, 0x80, 0x80))).toBe(0); // > U+10FFFF
    expect(firstInvalidUtf8(Uint8Array.of(0x41, 0x42, 0xe2, 0x82))).toBe(2); // cut short
    expect(firstInvalidUtf8(Uint8Array.of(0x80))).toBe(0); // stray continuation
    expect(firstInvalidUtf8(utf8('ok 🦙'))).toBe(utf8('ok 🦙').length);
  });

  it('agrees with TextDecoder on any bytes', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 0, max: 255 }),
            fc.constantFrom(0x80, 0xbf, 0xc2, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5),
          ),
          { maxLength: 24 },
        ),
        (values) => {
          const bytes = Uint8Array.from(values);
          const at = firstInvalidUtf8(bytes);
          const fatal = new TextDecoder('utf-8', { fatal: true });
          const valid = (part: Uint8Array) => {
            try {
              fatal.decode(part);
              return true;
            } catch {
              return false;
            }
          };
          // Everything before the offset is valid; the whole is valid exactly when none is bad.
          expect(valid(bytes.subarray(0, at))).toBe(true);
          expect(at === bytes.length).toBe(valid(bytes));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
