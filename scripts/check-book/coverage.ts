import {UNMAPPED, textKey, type ProseUnit} from './text-normal';

/** How the alignment searches; see THRESHOLDS.prose*. */
export type AlignOptions = {
  ahead: number;
  /** A match further ahead than this moves the cursor only when the next words follow it. */
  jump: number;
  behind: number;
  /** How far ahead a unit is looked for together with the units after it. */
  resyncReach: number;
  resyncWords: number;
  /** Shortest joined text worth looking for that far. */
  resyncChars: number;
};

/** A piece of the chapter's PDF text (a text item): `key` in comparable form, `text` as printed; `id` names it in every order. */
export type TextPart = {id: number; key: string; text: string};

/** What share of the article's prose the PDF text holds. */
export type Coverage = {
  /** Weight of every unit (words, plus characters of CJK chunks). */
  total: number;
  /** Weight of the units found. */
  found: number;
  /** The units not found, in article order. */
  missing: ProseUnit[];
};

/** One order of the chapter's text, with its own cursor. */
class Reading {
  readonly text: string;
  readonly #starts: number[] = [];
  readonly #ids: number[] = [];
  readonly #offsetOf = new Map<number, number>();
  cursor = 0;

  constructor(parts: TextPart[]) {
    let text = '';
    for (const part of parts) {
      this.#starts.push(text.length);
      this.#ids.push(part.id);
      if (!this.#offsetOf.has(part.id)) this.#offsetOf.set(part.id, text.length);
      text += part.key;
    }
    this.text = text;
  }

  /** The part an offset falls in, and how far into it. */
  partAt(offset: number): {id: number; delta: number} | undefined {
    let [low, high] = [0, this.#starts.length - 1];
    if (high < 0) return undefined;
    while (low < high) {
      const middle = (low + high + 1) >> 1;
      if (this.#starts[middle]! <= offset) low = middle;
      else high = middle - 1;
    }
    return {id: this.#ids[low]!, delta: offset - this.#starts[low]!};
  }

  offsetOf(id: number): number | undefined {
    return this.#offsetOf.get(id);
  }
}

function findAhead(text: string, key: string, from: number, reach: number): number {
  const at = text.slice(from, from + reach + key.length).indexOf(key);
  return at < 0 ? -1 : from + at;
}

function foundBehind(text: string, key: string, cursor: number, reach: number): boolean {
  const start = Math.max(0, cursor - reach);
  return text.slice(start, cursor + key.length - 1).includes(key);
}

/**
 * Looks for a unit around the cursor with glyphs that have no Unicode (UNMAPPED) standing in for
 * some of its letters, at most half of them: a conjunct that a font draws as one glyph ("ನ್ನ" in
 * "ಕನ್ನಡ") comes back from the PDF as U+0000. Returns the match, if any.
 */
function findUnmapped(text: string, key: string, cursor: number, options: AlignOptions): {at: number; length: number} | undefined {
  const start = Math.max(0, cursor - options.behind);
  const window = text.slice(start, cursor + options.ahead + 2 * key.length);
  if (!window.includes(UNMAPPED)) return undefined;
  const letters = [...key];
  const pattern = new RegExp(`${UNMAPPED}*${letters.map((letter) => `(?:${letter}|${UNMAPPED})${UNMAPPED}*`).join('')}`, 'gu');
  for (const match of window.matchAll(pattern)) {
    const printed = [...match[0]].filter((char) => char !== UNMAPPED).length;
    if (printed > 0 && printed * 2 >= letters.length) return {at: start + match.index!, length: match[0].length};
  }
  return undefined;
}

/** The next few units joined, as they would read in the PDF text. */
function phraseAt(units: ProseUnit[], index: number, count: number): string {
  return units
    .slice(index, index + count)
    .map((next) => next.key)
    .join('');
}

/** Weight of the unit found in one reading (all, none, or for a CJK chunk some characters), and whether its cursor moved to it. */
function findIn(reading: Reading, units: ProseUnit[], index: number, options: AlignOptions): {weight: number; moved: boolean} {
  const unit = units[index]!;
  const {text} = reading;
  const ahead = findAhead(text, unit.key, reading.cursor, options.ahead);
  if (ahead >= 0) {
    // A far match moves the cursor only when the words after it follow there too: a short word
    // (a tab label) found in a later block must not carry the cursor past the block before it.
    const near = ahead - reading.cursor <= options.jump;
    const moved = near || text.startsWith(phraseAt(units, index, options.resyncWords), ahead);
    if (moved) reading.cursor = ahead + unit.key.length;
    return {weight: unit.weight, moved};
  }
  if (foundBehind(text, unit.key, reading.cursor, options.behind)) return {weight: unit.weight, moved: false};
  const unmapped = findUnmapped(text, unit.key, reading.cursor, options);
  if (unmapped) {
    const moved = unmapped.at >= reading.cursor && unmapped.at - reading.cursor <= options.jump;
    if (moved) reading.cursor = unmapped.at + unmapped.length;
    return {weight: unit.weight, moved};
  }
  // A word missing here, whose next words go on near the cursor, is out of place (a tab label
  // printed elsewhere): the thread has not moved, so it is not looked for far ahead.
  const next = phraseAt(units, index + 1, options.resyncWords);
  if (next.length >= options.resyncChars && findAhead(text, next, reading.cursor, options.jump) >= 0) return {weight: 0, moved: false};
  const phrase = phraseAt(units, index, options.resyncWords);
  const far = phrase.length >= options.resyncChars ? findAhead(text, phrase, reading.cursor, options.resyncReach) : -1;
  if (far >= 0) {
    reading.cursor = far + unit.key.length;
    return {weight: unit.weight, moved: true};
  }
  if (unit.weight === 1) return {weight: 0, moved: false};
  // A CJK chunk that is not there whole: count the characters that are, close by.
  let weight = 0;
  for (const char of unit.key) {
    const at = findAhead(text, char, reading.cursor, options.jump);
    if (at < 0) continue;
    reading.cursor = at + char.length;
    weight++;
  }
  return {weight, moved: weight > 0};
}

/** Where a reading's cursor is in every reading's text (NaN where the part is not in it). */
function placesOf(readings: Reading[], reading: Reading): number[] {
  const at = reading.partAt(Math.max(0, reading.cursor - 1));
  return readings.map((frame) => {
    const start = at && frame.offsetOf(at.id);
    return start === undefined ? Number.NaN : start + at!.delta + 1;
  });
}

/** Whether `a` is more than `by` ahead of `b` in every reading's text. */
const aheadOf = (a: number[], b: number[], by: number) => a.every((place, frame) => place - b[frame]! > by);

/**
 * Walks the article's units in order through the chapter's PDF text (in comparable form, no
 * spaces), each searched from a cursor within a bounded window: found ahead moves the cursor past
 * it; found a little behind counts without moving it. A unit not found there is looked for with
 * the units after it, joined, much further ahead, so a block the PDF adds (a diagram's labels)
 * does not lose the thread for good.
 *
 * `lines`: the chapter's printed lines, items joined as they read (a ligature's pieces make one
 * word), for the whole words recountOutOfOrder counts; without them, each part's own words.
 *
 * `orders` are the same chapter's text parts in different orders (top to bottom; as drawn), each
 * read with its own cursor: a unit found in any of them is found. Reading order keeps blocks that
 * are drawn late (positioned code blocks) in place; drawing order keeps the wrapped lines of a
 * table cell together. Where one order finds a unit, the others' cursors move to the same part,
 * so that neither strays far from the other; where several find it, an order whose match lies
 * far ahead of another's in every order is brought back to the other.
 */
export function alignProse(units: ProseUnit[], orders: TextPart[][], options: AlignOptions, lines?: string[]): Coverage {
  const readings = orders.map((parts) => new Reading(parts));
  const weights: number[] = [];
  for (let index = 0; index < units.length; index++) {
    const hits = readings.map((reading) => findIn(reading, units, index, options));
    weights.push(Math.max(0, ...hits.map((hit) => hit.weight)));
    // Text that repeats (endpoint after endpoint with the same table rows) lets one order jump to
    // a later copy while another finds the word in place: an order that moved and now lies more
    // than `jump` ahead of another that moved, in every order's text, is brought back to it.
    // (Within a table the orders disagree on what comes first, so one of them alone says little.)
    const places = readings.map((reading) => placesOf(readings, reading));
    let leader = hits.findIndex((hit) => hit.moved);
    if (leader < 0) continue;
    hits.forEach((hit, other) => {
      if (hit.moved && aheadOf(places[leader]!, places[other]!, options.jump)) leader = other;
    });
    const at = readings[leader]!.partAt(Math.max(0, readings[leader]!.cursor - 1));
    if (!at) continue;
    readings.forEach((reading, other) => {
      if (other === leader || (hits[other]!.moved && !aheadOf(places[other]!, places[leader]!, options.jump))) return;
      const start = reading.offsetOf(at.id);
      if (start !== undefined) reading.cursor = start + at.delta + 1;
    });
  }
  recountOutOfOrder(
    units,
    weights,
    readings.map((reading) => reading.text),
    lines ?? (orders[0] ?? []).map((part) => part.text),
  );
  let [total, found] = [0, 0];
  const missing: ProseUnit[] = [];
  units.forEach((unit, index) => {
    total += unit.weight;
    found += weights[index]!;
    if (weights[index]! < unit.weight) missing.push(unit);
  });
  return {total, found, missing};
}

/** Non-overlapping occurrences of `key` in `text`. */
function occurrences(text: string, key: string): number {
  let count = 0;
  for (let at = text.indexOf(key); at >= 0; at = text.indexOf(key, at + key.length)) count++;
  return count;
}

/**
 * Gives the walk's missing units a second chance, without order: a unit counts when the chapter's
 * text holds its key more often than the units with that key already found use. Where the walk
 * loses its place in text that repeats (the same rows under tab after tab, a code sample drawn
 * apart from its table), the words are there as often as the article has them; where text is
 * really missing, it is not, and the count says so. Keys of OUT_OF_ORDER_SUBSTRING letters or
 * more, or of scripts without spaces, are counted inside the joined text (a wrapped token
 * prints in pieces); shorter ones only as whole words, since "box" is also in "inbox".
 */
function recountOutOfOrder(units: ProseUnit[], weights: number[], texts: string[], lines: string[]): void {
  const byKey = new Map<string, number[]>();
  units.forEach((unit, index) => {
    const indexes = byKey.get(unit.key);
    if (indexes) indexes.push(index);
    else byKey.set(unit.key, [index]);
  });
  let words: Map<string, number> | undefined;
  const wholeWords = (key: string) => {
    words ??= countWords(lines);
    return words.get(key) ?? 0;
  };
  for (const [key, indexes] of byKey) {
    const short = key.length < OUT_OF_ORDER_SUBSTRING && units[indexes[0]!]!.weight === 1;
    const missed = indexes.filter((index) => weights[index]! < units[index]!.weight);
    if (missed.length === 0 || key.includes(UNMAPPED)) continue;
    const available = short ? wholeWords(key) : Math.max(0, ...texts.map((text) => occurrences(text, key)));
    let spare = available - (indexes.length - missed.length);
    for (const index of missed) {
      if (spare-- <= 0) break;
      weights[index] = units[index]!.weight;
    }
  }
}

/** Shortest key counted inside the joined text rather than as a whole word. */
const OUT_OF_ORDER_SUBSTRING = 5;

/** Whole words of the printed text, in comparable form, with their counts. */
function countWords(lines: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of lines) {
    for (const word of line.split(/\s+/)) {
      const key = textKey(word);
      if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}
