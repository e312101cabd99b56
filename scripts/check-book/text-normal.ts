// How text from the HTML and text from the PDF are made comparable.

/**
 * Scripts written without spaces between words: compared character by character. By script
 * extensions, so the marks these scripts share with others stay in their runs: the long-vowel mark
 * ー (Common script) would otherwise cut "ユーザー" into four one-character units, which a
 * chapter read in another order (tables, columns) cannot all place.
 */
export const NO_SPACE_SCRIPT =
  /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
const NOT_KEY = /[^\p{L}\p{N}]+/gu;
/** Marks that belong to symbols, not letters: variation selectors (emoji presentation) and enclosing marks (keycaps). */
const SYMBOL_MARKS = /[\uFE00-\uFE0F\u{E0100}-\u{E01EF}\p{Me}]/gu;

/**
 * The comparable form of a text: NFKC (ligatures, full-width forms), lower case (CSS may print
 * upper case), letters and digits only. Dropping spaces, hyphens and punctuation makes line
 * wrapping, hyphenation and quote styles irrelevant. Combining marks that NFKC leaves apart
 * (Indic vowel signs and viramas, Arabic harakat, Hebrew points) are dropped too: a shaped glyph
 * such as a conjunct or a vowel sign drawn before its consonant does not map back to its text
 * one to one, so only the letters are compared.
 */
export function textKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(NOT_KEY, '');
}

/** A glyph the PDF text holds as U+0000: drawn, but with no Unicode (a conjunct) or as .notdef. */
export const UNMAPPED = '\u0000';

/** textKey of a PDF text item, with each glyph that has no Unicode kept as UNMAPPED. */
export function pdfTextKey(text: string): string {
  return text.includes(UNMAPPED) ? text.split(UNMAPPED).map(textKey).join(UNMAPPED) : textKey(text);
}

/**
 * A short text with its word boundaries and hyphens kept (NFKC, lower case, punctuation to
 * spaces): what a line of site chrome or a button label is compared in, so that a breadcrumb
 * trail "Appendix › Job Options Matrix" is not the prose token "appendix-job-options-matrix".
 */
export function wordsOf(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(SYMBOL_MARKS, '')
    .replace(/[^\p{L}\p{N}\p{M}\s-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** One unit of the article's prose, as coverage counts it. */
export type ProseUnit = {
  /** The unit in comparable form (see textKey). */
  key: string;
  /** 1 for a word; the character count for a chunk of a script without spaces. */
  weight: number;
  /** The text it came from, for reports. */
  text: string;
};

/**
 * Splits prose into units: words, and for CJK and other scripts without spaces, chunks of
 * `chunkChars` characters that count one per character.
 */
export function proseUnits(text: string, chunkChars: number): ProseUnit[] {
  const units: ProseUnit[] = [];
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    let run = '';
    let runIsNoSpace = false;
    const flush = () => {
      if (!run) return;
      const key = textKey(run);
      if (!key) {
        run = '';
        return;
      }
      if (runIsNoSpace) {
        const chars = [...key];
        for (let at = 0; at < chars.length; at += chunkChars) {
          const chunk = chars.slice(at, at + chunkChars).join('');
          units.push({key: chunk, weight: [...chunk].length, text: chunk});
        }
      } else {
        units.push({key, weight: 1, text: run});
      }
      run = '';
    };
    for (const char of token) {
      const noSpace = NO_SPACE_SCRIPT.test(char);
      if (run && noSpace !== runIsNoSpace) flush();
      runIsNoSpace = noSpace;
      run += char;
    }
    flush();
  }
  return units;
}

/** Characters that say nothing about fonts: spaces, controls, format characters, marks, variation selectors. */
const SILENT_CHAR = /[\s\p{C}\p{M}]/u;

/** The distinct non-ASCII characters of a text, in comparable form (NFKC, lower case). */
export function nonAsciiChars(text: string): Set<string> {
  const chars = new Set<string>();
  for (const char of text.normalize('NFKC').toLowerCase()) {
    if (char.codePointAt(0)! < 0x80 || SILENT_CHAR.test(char)) continue;
    chars.add(char);
  }
  return chars;
}

/** Every character of a text in the same form as nonAsciiChars gives them. */
export function charsOf(text: string): Set<string> {
  return new Set(text.normalize('NFKC').toLowerCase());
}
