import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {articleWords, brokenWords} from '../../../scripts/check-book/broken-words';
import {alignProse, type AlignOptions, type TextPart} from '../../../scripts/check-book/coverage';
import type {TextItem} from '../../../scripts/check-book/text-lines';
import {pdfTextKey, proseUnits} from '../../../scripts/check-book/text-normal';

const OPTIONS: AlignOptions = {ahead: 1200, jump: 80, behind: 400, resyncReach: 40_000, resyncWords: 4, resyncChars: 12};

/** PDF text as the checker reads it: one part per text item, in comparable form. */
const pdfText = (...lines: string[]): TextPart[] => lines.map((line, id) => ({id, key: pdfTextKey(line), text: line}));

function coverage(article: string, ...readings: TextPart[][]) {
  const result = alignProse(proseUnits(article, 4), readings, OPTIONS);
  return {...result, share: result.found / result.total, missingWords: result.missing.map((unit) => unit.text)};
}

describe('prose coverage', () => {
  it('finds every word of a paragraph that wraps over lines and pages, with the page footer and header in between', () => {
    const article = 'Every setting can come from three places, and knowing which one wins saves hours of debugging.';
    const text = pdfText(
      'Every setting can come from three places, and',
      'Page 3 of 9',
      'Acme Widgets Configuration',
      'knowing which one wins saves hours of debugging.',
    );
    assert.equal(coverage(article, text).share, 1);
  });

  it('finds a long token that the PDF wraps over two lines, even when a ligature comes apart', () => {
    const article = 'Marker: getting-started-first-worker and acme.config.production.yaml';
    const text = pdfText('Marker: getting-started-', 'ﬁ', 'rst-worker and acme.con', 'fig.production.yaml');
    assert.deepEqual(coverage(article, text).missingWords, []);
  });

  it('compares full-width and ligature forms by their NFKC form, and ignores case set by CSS', () => {
    const article = 'ＡＣＭＥ widgets ﬁle NOTE';
    assert.deepEqual(coverage(article, pdfText('acme WIDGETS file note')).missingWords, []);
  });

  it('counts CJK text by characters, not by space-separated words', () => {
    const article = '日本語のテキストを印刷します'; // 14 characters, no spaces
    const full = coverage(article, pdfText('日本語のテキス', 'トを印刷します'));
    assert.equal(full.total, 14);
    assert.equal(full.share, 1);
    const half = coverage(article, pdfText('日本語のテキス'));
    assert.equal(half.total, 14);
    assert.ok(half.found >= 7 && half.found < 14, `found ${half.found}`);
  });

  it('reports the words of a paragraph the PDF dropped, and picks up the thread after it', () => {
    const dropped = Array.from({length: 60}, (_, index) => `vanished${index}`).join(' ');
    const article = `The opening paragraph prints. ${dropped} The closing paragraph prints as well.`;
    const result = coverage(article, pdfText('The opening paragraph prints.', 'The closing paragraph prints as well.'));
    assert.equal(result.missing.length, 60);
    assert.ok(result.missingWords.every((word) => word.startsWith('vanished')));
  });

  it('picks up the thread after a long block the PDF adds, such as the labels of a diagram', () => {
    const labels = Array.from({length: 300}, (_, index) => `node${index}`).join(' ');
    const article = 'Before the diagram. After the diagram comes a paragraph that continues the text at length.';
    const result = coverage(
      article,
      pdfText('Before the diagram.', labels, 'After the diagram comes a paragraph that continues the text at length.'),
    );
    assert.deepEqual(result.missingWords, []);
  });

  it('finds the cells of a table row whose cells wrap, which print interleaved line by line', () => {
    const article = 'redis redis://localhost:6379 ACME_REDIS Redis connection string';
    const cells = ['redis', 'redis://', 'localhost:', '6379', 'ACME_REDIS', 'Redis connection', 'string'];
    const drawnByCell = pdfText(...cells);
    const drawnByLine = [1, 5, 0, 2, 4, 6, 3].map((id) => drawnByCell[id]!);
    assert.ok(coverage(article, drawnByLine).missing.length > 0, 'line order alone splits the wrapped URL');
    assert.deepEqual(coverage(article, drawnByLine, drawnByCell).missingWords, []);
  });

  it('keeps both orders together, so a wrapped cell after a long late-drawn code block is still found', () => {
    const code = Array.from({length: 80}, (_, index) => `statement${index}();`).join(' ');
    const article = `Run this code: ${code} then read the table: lockDurationMs number 30000 lock time`;
    const parts = pdfText('Run this code:', code, 'then read the table:', 'lockDuration', 'number', '30000', 'lock time', 'Ms');
    const byLine = parts;
    const asDrawn = [0, 2, 3, 7, 4, 5, 6, 1].map((id) => parts[id]!);
    assert.deepEqual(coverage(article, byLine, asDrawn).missingWords, []);
  });

  it('does not let a tab label found in a later panel carry it past the panels before it', () => {
    const article =
      'npm Yarn pnpm Install with npm: npm writes the exact version. Install with Yarn: Yarn Plug and Play needs ioredis. Install with pnpm: pnpm uses a strict layout.';
    const text = pdfText(
      'npm',
      'Install with npm: npm writes the exact version.',
      'Yarn',
      'Install with Yarn: Yarn Plug and Play needs ioredis.',
      'pnpm',
      'Install with pnpm: pnpm uses a strict layout.',
    );
    assert.deepEqual(coverage(article, text).missingWords, []);
  });

  it('keeps its place in a chapter whose sections repeat the same table rows', () => {
    // Two endpoints share a payload row. Line by line, the first one's description prints above
    // its name, so that order finds the row's words only in the second endpoint; as drawn, the
    // cells come in order, but the second row's type after its description.
    const upload = Array.from({length: 60}, (_, index) => `detail${index}`).join(' ');
    const rows = ['compressed', 'boolean', 'false to create uncompressed backups', 'location', 'string', 'Name of a backup mount'];
    const article = [
      'post /backups/new/full Create a full backup.',
      ...rows,
      'post /backups/new/upload Upload a backup.',
      upload,
      'post /backups/new/partial Create a partial backup.',
      ...rows,
    ].join('\n');
    const parts = pdfText(
      'post /backups/new/full',
      'Create a full backup.',
      ...rows,
      'post /backups/new/upload',
      'Upload a backup.',
      upload,
      'post /backups/new/partial',
      'Create a partial backup.',
      ...rows,
    );
    const order = (...ids: number[]) => ids.map((id) => parts[id]!);
    const byLine = order(0, 1, 4, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18);
    const asDrawn = order(0, 1, 2, 3, 4, 6, 5, 7, 8, 9, 10, 11, 12, 13, 15, 14, 16, 18, 17);
    assert.deepEqual(coverage(article, byLine, asDrawn).missingWords, []);
  });

  it('still reports a section missing from a chapter whose sections repeat', () => {
    const row = 'compressed boolean false to create uncompressed backups';
    const article = `post /backups/new/full ${row} post /backups/new/upload Upload a backup from your own machine. post /backups/new/partial ${row}`;
    const result = coverage(article, pdfText('post /backups/new/full', row, 'post /backups/new/partial', row));
    assert.deepEqual(result.missingWords, ['/backups/new/upload', 'Upload', 'from', 'your', 'own', 'machine.']);
  });

  it('finds words of complex scripts whose shaped glyphs do not map back one to one', () => {
    // हिन्दी: the vowel signs ि and ी have no Unicode; ಕನ್ನಡ: the conjunct ನ್ನ is one glyph without it.
    const article = 'हिन्दी ಕನ್ನಡ اُردُو עִבְרִית';
    assert.deepEqual(coverage(article, pdfText('\u0000ह', 'न्', 'द\u0000', 'ಕ', 'ನ\u0000', 'ಡ', 'اردو', 'עברית')).missingWords, []);
  });

  it('does not take glyphs without Unicode for most of a word', () => {
    assert.deepEqual(coverage('ಕನ್ನಡ', pdfText('ಕ\u0000\u0000')).missingWords, ['ಕನ್ನಡ']);
  });

  it('counts a word out of its place only as often as the chapter prints it', () => {
    const filler = 'lorem '.repeat(400);
    const result = coverage('needle first, then the needle again', pdfText('first, then the', filler, 'needle', 'again'));
    assert.deepEqual(result.missingWords, ['needle']);
  });

  it('counts a short word out of its place whose ligature prints as an item of its own, by the lines as they read', () => {
    const filler = 'lorem '.repeat(400);
    // As a table cell drawn after the text below it: "flow" prints as "fl" and "ow".
    const parts = pdfText('first, then the', filler, 'normal ', 'fl', 'ow', ' again');
    const units = proseUnits('normal flow first, then the again', 4);
    assert.deepEqual(
      alignProse(units, [parts], OPTIONS).missing.map((unit) => unit.text),
      ['flow'],
      'each part alone reads "fl" and "ow"',
    );
    const lines = ['first, then the', filler, 'normal flow again'];
    assert.deepEqual(alignProse(units, [parts], OPTIONS, lines).missing, []);
  });

  it('finds a block printed before the text that comes before it in the article, once the walk has lost its place', () => {
    const block = (name: string) => Array.from({length: 120}, (_, index) => `${name}${index}`).join(' ');
    const [first, second] = [block('alphaword'), block('betaword')];
    const walked = alignProse(proseUnits(`${first} ${second}`, 4), [pdfText(second, first)], {...OPTIONS, ahead: 100});
    assert.equal(walked.missing.length, 0);
    const halfPrinted = coverage(`${first} ${second}`, pdfText(second.split(' ').slice(0, 60).join(' '), first));
    assert.equal(halfPrinted.missing.length, 60, 'words the chapter does not print stay missing');
  });
});

describe('words broken over two lines', () => {
  /** Items drawn one after another, each on its own line of a narrow table cell. */
  const cell = (...lines: string[]): TextItem[] =>
    lines.map((str, index) => ({
      str,
      x0: 40,
      x1: 40 + str.length * 6,
      baseline: 700 - index * 14,
      top: 709 - index * 14,
      bottom: 697 - index * 14,
      size: 12,
      rotated: false,
    }));
  const article = articleWords(
    'Option Type Default Environment variable, acme.config.production.yaml and ACME_DEFAULT_JOB_ATTEMPTS. Place it in side panels. 東京都庁舎',
    4,
  );

  it('flags an ordinary word that a narrow column breaks without a hyphen', () => {
    assert.deepEqual(
      brokenWords(cell('Opti', 'on'), article).map((word) => word.word),
      ['Option'],
    );
    assert.deepEqual(
      brokenWords(cell('Environm', 'ent variable'), article).map((word) => word.word),
      ['Environment'],
    );
  });

  it('allows a break at a hyphen, inside an identifier or a file name, and between two words', () => {
    assert.deepEqual(brokenWords(cell('Envi-', 'ronment'), article), []);
    assert.deepEqual(brokenWords(cell('acme.config.pro', 'duction.yaml'), article), []);
    assert.deepEqual(brokenWords(cell('Place it in', 'side panels'), article), []);
    assert.deepEqual(brokenWords(cell('東京', '都庁舎'), article), []);
    // A line that ends in a contraction ("Here’s") ends with a whole word: its "s" and the next
    // line's "how" are no broken "show".
    const contraction = articleWords('How do I show a custom page? It is sometimes required. Here’s how to enable it.', 4);
    assert.deepEqual(brokenWords(cell('sometimes required. Here’s', 'how to enable it:'), contraction), []);
    assert.deepEqual(brokenWords(cell("sometimes required. Here's", 'how to enable it:'), contraction), []);
    // "startTimeStamp" broken at a hump, its pieces items of their own: "Time" / "Stamp" is no "timestamp".
    const withTimestamp = articleWords('startTimeStamp is the timestamp', 4);
    const item = (str: string, x0: number, x1: number, baseline: number): TextItem => ({
      str,
      x0,
      x1,
      baseline,
      top: baseline + 9,
      bottom: baseline - 3,
      size: 12,
      rotated: false,
    });
    assert.deepEqual(brokenWords([item('start', 40, 70, 700), item('Time', 70, 95, 700), item('Stamp', 40, 72, 686)], withTimestamp), []);
    assert.deepEqual(
      brokenWords(cell('Time', 'stamp'), withTimestamp).map((word) => word.word),
      ['Timestamp'],
      'a word broken mid-letter still counts',
    );
  });

  it('looks only at text that wrapped to a new line', () => {
    const sameLine: TextItem[] = [
      {str: 'Opti', x0: 40, x1: 64, baseline: 700, top: 709, bottom: 697, size: 12, rotated: false},
      {str: 'on', x0: 64, x1: 76, baseline: 700, top: 709, bottom: 697, size: 12, rotated: false},
    ];
    assert.deepEqual(brokenWords(sameLine, article), []);
  });
});
