import {chapterSegments, findLine} from '../book-map';
import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {THRESHOLDS} from '../thresholds';
import {textKey} from '../text-normal';
import type {Segment} from '../text-lines';

/**
 * A panel's text is compared without digits: a code block's line numbers are drawn text between
 * its lines in the book, and no text in the page.
 */
const withoutDigits = (key: string) => key.replace(/\p{N}/gu, '');

/** A chapter's text in reading order as one key, with where each segment starts in it; `form` shapes each segment's key. */
function joined(segments: Segment[], form: (key: string) => string = (key) => key): {text: string; starts: number[]} {
  const starts: number[] = [];
  let text = '';
  for (const segment of segments) {
    starts.push(text.length);
    text += form(segment.key);
  }
  starts.push(text.length);
  return {text, starts};
}

/** The first line of a code block long enough to be found by itself, as a key of at most `max` characters. */
function codeLineKey(code: string, min: number, max: number): string | undefined {
  for (const line of code.split('\n')) {
    const key = textKey(line);
    if (key.length >= min) return key.slice(0, max);
  }
  return undefined;
}

/**
 * Where `key` prints in at most PIECES pieces of at least 3 characters within `window` characters
 * after `from` (before `until`), in any order: text set side by side on the page (a badge centred
 * beside a wrapped line, a table's label cell beside a taller cell) reads in another order in the
 * book's text than in the page's. The position of its first piece, or -1.
 */
function piecesAt(text: string, key: string, from: number, until: number, window: number): number {
  const PIECES = 4;
  const region = text.slice(Math.max(0, from), Math.min(until, from + window));
  let rest = key;
  let first = -1;
  for (let piece = 0; rest && piece < PIECES; piece++) {
    let length = 0;
    while (length < rest.length && region.includes(rest.slice(0, length + 1))) length++;
    if (length < Math.min(3, rest.length)) return -1;
    if (first < 0) first = Math.max(0, from) + region.indexOf(rest.slice(0, length));
    rest = rest.slice(length);
  }
  return rest ? -1 : first;
}

const quote = (text: string) => JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text);

/**
 * Every code block and every tab panel of the page a reader sees (rendered, every tab selected
 * once) is in its chapter: a code block by its first line long enough to tell (line numbers and
 * wrapping aside); a tab panel as its label printed as a line of its own, and the panel's first
 * words after it and before the next label of its group. A panel's words found after another
 * label of its group were printed under the wrong label.
 */
export function checkPanels({map}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  const counts = {codeBlocks: 0, codeBlocksFound: 0, panels: 0, panelsFound: 0, misplaced: 0};
  for (const place of map.chapters) {
    if (place.start === undefined) continue;
    const segments = chapterSegments(map, place).map(({segment}) => segment);
    const pageOf = chapterSegments(map, place).map(({page}) => page + 1);
    const book = joined(segments);
    const title = JSON.stringify(place.expected.title);
    for (const code of place.expected.article.codeBlocks) {
      const key = codeLineKey(code, THRESHOLDS.codeLineMinChars, THRESHOLDS.codeLineMaxChars);
      if (!key) continue;
      counts.codeBlocks++;
      // Else near a place its first characters print: the rest may read in another order there.
      let found = book.text.includes(key);
      const start = key.slice(0, 4);
      for (let at = found ? -1 : book.text.indexOf(start); at >= 0 && !found; at = book.text.indexOf(start, at + 1)) {
        found = piecesAt(book.text, key, at - 2 * key.length, book.text.length, 4 * key.length) >= 0;
      }
      if (found) counts.codeBlocksFound++;
      else findings.push({page: place.start + 1, text: `${title}: code block ${quote(code.split('\n')[0]!)} missing`});
    }
    const panels = place.expected.rendered?.panels ?? [];
    const prose = joined(segments, withoutDigits);
    // A panel's first words, its label's own letters left out: a panel that opens with a code
    // block titled like its tab prints that title as its label. A panel that says no more than its
    // label (a schema's "string" tab showing the type "string") keeps it: with no words of its own,
    // any line of that label would seem to be followed by it.
    const keyOf = (panel: (typeof panels)[number]) => {
      const label = textKey(panel.label);
      const key = textKey(panel.text);
      const own = key.startsWith(label) && key.length > label.length ? key.slice(label.length) : key;
      return withoutDigits(own).slice(0, THRESHOLDS.panelStartChars);
    };
    // The label's line: the first after `from` that the words of a panel with this label follow
    // at once, else the first. `keys` are the first words of every panel of the group with the
    // label: where a group repeats a label (two "PowerShell" tabs), its lines pair with its
    // panels in order, so a panel printed under the other line of its label is found misplaced.
    const labelLine = (panel: (typeof panels)[number], from: number, keys: string[]) => {
      const lines: Array<{start: number; end: number}> = [];
      for (let at = findLine(segments, textKey(panel.label), 0, from); at; at = findLine(segments, textKey(panel.label), 0, at.end))
        lines.push(at);
      const follows = (line: {end: number}) =>
        keys.some((key) => {
          const at = prose.text.indexOf(key, prose.starts[line.end]);
          return at >= 0 && at - prose.starts[line.end]! <= THRESHOLDS.panelLabelGapChars;
        });
      return lines.find(follows) ?? lines[0];
    };
    // Where each panel's label printed, by its index. A group is looked for after its parent's
    // label and after the groups before it in the same parent (a schema's fields, each with its
    // own "Example 1" / "Example 2" tabs, in one request body): groups are numbered in page order.
    const labels = new Map<number, {start: number; end: number}>();
    const cursors = new Map<number | undefined, number>();
    for (const group of [...new Set(panels.map((panel) => panel.group))]) {
      const members = panels.flatMap((panel, index) => (panel.group === group ? [{panel, index}] : []));
      const parent = members[0]!.panel.parent;
      const top = cursors.get(undefined) ?? 0;
      const from = parent === undefined ? top : Math.max(labels.get(parent)?.end ?? top, cursors.get(parent) ?? 0);
      // In the group's own order: the book prints panels in the page's order, which may differ from the tabs'.
      const nextLine = new Map<string, number>();
      for (const {panel, index} of members) {
        counts.panels++;
        const label = textKey(panel.label);
        const keys = members.filter((member) => textKey(member.panel.label) === label).map((member) => keyOf(member.panel));
        const at = labelLine(panel, nextLine.get(label) ?? from, keys);
        if (at) {
          labels.set(index, at);
          // The next panel with this label looks past this one's words, where they follow its line:
          // a panel that says "string" under the label "string" holds a line like its label.
          // Its words count only up to the label's next line, which may be the next panel's (or be its words).
          const key = keyOf(panel);
          const words = key ? prose.text.indexOf(key, prose.starts[at.end]) : -1;
          const next = findLine(segments, label, 0, at.end);
          const own =
            words >= 0 && words - prose.starts[at.end]! <= THRESHOLDS.panelLabelGapChars && (!next || words <= prose.starts[next.start]!);
          nextLine.set(label, own ? prose.starts.findIndex((start) => start >= words + key.length) : at.end);
        } else findings.push({page: place.start + 1, text: `${title}: tab ${quote(panel.label)} not printed as a label`});
      }
      const found = members.filter(({index}) => labels.has(index)).sort((a, b) => labels.get(a.index)!.start - labels.get(b.index)!.start);
      // Each label's region: from the end of its line to the start of the group's next label.
      const regionOf = (offset: number) =>
        found.findIndex(({index}, order) => {
          const next = found[order + 1];
          return offset >= prose.starts[labels.get(index)!.end]! && (!next || offset < prose.starts[labels.get(next.index)!.start]!);
        });
      found.forEach(({panel, index}, order) => {
        const label = labels.get(index)!;
        const key = keyOf(panel);
        // A panel with no words (an API schema's recursive option, empty on the live page) is its label.
        if (!key) {
          counts.panelsFound++;
          return;
        }
        const own = prose.text.indexOf(key, prose.starts[label.end]);
        // Not after its own label: perhaps after another of the group's (text repeated in panels is found after its own first).
        const first = prose.starts[labels.get(found[0]!.index)!.start]!;
        // Or its first words after its own label in another order (set side by side on the page).
        const next = found[order + 1];
        const until = next ? prose.starts[labels.get(next.index)!.start]! : prose.text.length;
        const window = 3 * THRESHOLDS.panelStartChars + THRESHOLDS.panelLabelGapChars;
        const near = own >= 0 && regionOf(own) === order ? own : piecesAt(prose.text, key, prose.starts[label.end]!, until, window);
        const at = near >= 0 ? near : prose.text.indexOf(key, first);
        const region = at >= 0 ? regionOf(at) : -1;
        if (region === order) {
          counts.panelsFound++;
        } else if (region >= 0) {
          counts.misplaced++;
          const other = labels.get(found[region]!.index)!;
          findings.push({page: pageOf[other.start], text: `${title}: the panel of tab ${quote(panel.label)} printed under another label`});
        } else {
          findings.push({page: pageOf[label.start], text: `${title}: the panel of tab ${quote(panel.label)} missing after its label`});
        }
      });
      cursors.set(parent, Math.max(cursors.get(parent) ?? 0, ...found.map(({index}) => labels.get(index)!.end)));
    }
  }
  const rendered = map.chapters.filter((place) => place.expected.rendered).length;
  return resultOf(
    'panels',
    `${counts.codeBlocksFound}/${counts.codeBlocks} code blocks, ${counts.panelsFound}/${counts.panels} tab panels under their own label (${counts.misplaced} under another) of ${rendered} rendered pages`,
    findings,
    {...counts, renderedPages: rendered},
  );
}
