import type {TextItem} from './text-lines';
import {NO_SPACE_SCRIPT} from './text-normal';

/** A word the PDF splits over two lines with no hyphen: "Opti" / "on" in a narrow table column. */
export type BrokenWord = {word: string; before: string; after: string};

/** The article's words as broken-word detection needs them. */
export type ArticleWords = {
  /**
   * Ordinary words: letters only (no digits, dots, underscores or inner capitals, which mark
   * identifiers that may break anywhere), at least `minLength` long, lower case. Scripts without
   * spaces are left out: their lines may break between any two characters.
   */
  words: Set<string>;
  /** Every two neighbouring tokens, lower case, as "a b": a line may end between them. */
  pairs: Set<string>;
};

/** Reads the article's words (see ArticleWords). */
export function articleWords(text: string, minLength: number): ArticleWords {
  const words = new Set<string>();
  const pairs = new Set<string>();
  let previous = '';
  for (const token of text.normalize('NFKC').split(/\s+/)) {
    const word = token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '').toLowerCase();
    if (previous && word) pairs.add(`${previous} ${word}`);
    previous = word;
    if (word.length < minLength || !/^\p{L}+$/u.test(word) || NO_SPACE_SCRIPT.test(word)) continue;
    if (/\p{Ll}\p{Lu}/u.test(token.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))) continue;
    words.add(word);
  }
  return {words, pairs};
}

/**
 * Words broken inside: two items drawn one after the other, the second on a lower line and
 * starting left of where the first ends (the text wrapped), the first ending in letters with no
 * hyphen and the second starting with letters, which together make one of the article's ordinary
 * words (and are not two neighbouring words of it). Text in a monospace font is code, whose
 * long lines wrap anywhere, and is left out. Drawing order keeps a table cell's lines together,
 * where reading order interleaves cells.
 */
export function brokenWords(items: TextItem[], {words, pairs}: ArticleWords): BrokenWord[] {
  const broken: BrokenWord[] = [];
  for (let index = 1; index < items.length; index++) {
    const [a, b] = [items[index - 1]!, items[index]!];
    const wrapped = b.baseline < a.baseline - 0.5 * Math.max(a.size, b.size) && b.x0 < a.x1;
    // A code block wraps its long lines anywhere (notify_backup_listener / s): that is code, not prose.
    if (!wrapped || a.mono || b.mono) continue;
    // Letters after an apostrophe end a contraction or a possessive ("Here’s"), a whole word.
    const before = /(?:^|[^\p{L}\p{M}'’ʼ-])(\p{L}+)$/u.exec(a.str)?.[1];
    const after = /^(\p{L}+)(?:$|[^\p{L}\p{M}])/u.exec(b.str)?.[1];
    // At a camelCase hump ("startTime" / "Stamp", its pieces drawn as items of their own) is where
    // capture offers a long token a break (long-tokens.ts), not inside a word.
    if (!before || !after || (/\p{Ll}$/u.test(before) && /^\p{Lu}/u.test(after))) continue;
    const word = `${before}${after}`.toLowerCase();
    // "in" / "side" is two words where the article has them as two.
    if (words.has(word) && !pairs.has(`${before} ${after}`.toLowerCase())) broken.push({word: `${before}${after}`, before, after});
  }
  return broken;
}
