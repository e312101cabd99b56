// Every limit the book checker applies, in one place. Lengths are in PDF points (1/72 in)
// unless the name says otherwise; pixel figures are at RENDER_DPI.

/** The checker's limits; a good book passes all of them. */
export const THRESHOLDS = {
  /** Share of the article words (CJK: characters) that must be found in the chapter's PDF text. */
  proseCoverage: 0.995,
  /**
   * Share of its article's words below which one chapter fails the check however the book does:
   * a block lost whole (a component's content, a disclosure's summaries), not a stray word.
   */
  chapterProseFloor: 0.99,
  /** Words a chapter must miss, beside falling below chapterProseFloor, to fail: a short page missing one word does not. */
  chapterProseMissing: 5,
  /** How far ahead of the cursor, in normalized characters, a word is looked for. */
  proseWindowAhead: 1200,
  /** A word found further ahead than this moves the cursor only if the words after it follow it there. */
  proseJump: 80,
  /** How far behind the cursor a word may be found (table cells print line by line). */
  proseWindowBehind: 400,
  /** A word missing from the window is looked for this far ahead, joined with the words after it. */
  proseResyncReach: 40_000,
  /** Words joined into the phrase looked for that far. */
  proseResyncWords: 4,
  /** Shortest phrase looked for that far. */
  proseResyncChars: 12,
  /** CJK and other scripts without spaces are compared in chunks of this many characters. */
  proseChunkChars: 4,
  /** Ordinary words this long or longer must not be broken over two lines without a hyphen. */
  brokenWordMinLength: 4,
  /** Ordinary words broken over two lines without a hyphen that the prose check allows. */
  brokenWordsAllowed: 0,

  /** A chapter title is printed at least this many times the book's body text size. */
  titleSizeRatio: 1.4,
  /** A heading is printed at least this many times the body size (else any size is accepted). */
  headingSizeRatio: 1.1,
  /** Items whose baselines differ by at most this share of their size are on one line. */
  lineBaselineRatio: 0.35,
  /** A horizontal gap wider than this many times the font size splits a line into segments. */
  segmentGapRatio: 1.0,

  /** Tolerance of the left/right content edges. */
  edgeTolerancePt: 1,
  /** A text item past a side edge by at most this share of its size, with no ink in the side margins, is only its last glyph's advance. */
  advanceOverhangEm: 0.5,
  /** A text item straddles the top/bottom content edge when it crosses it by more than this. */
  straddleTolerancePt: 1,
  /** A destination may lie this far below the top of its heading's glyphs. */
  destinationBelowPt: 2,
  /** A destination may lie this many heading sizes above the top of its heading's glyphs (about one line above its line box). */
  destinationAboveSizes: 2,

  /** Rendering resolution of the page images. */
  renderDpi: 50,
  /** A pixel is ink when its darkest channel is below this. */
  inkBelow: 220,
  /** The margin strips start this many pixels outside the content box (anti-aliasing of text at the edge). */
  marginInsetPx: 2,
  /** Ink pixels in the left/right margin strips that make a page count. */
  marginInkPixels: 3,
  /** A page with at most this many ink pixels in its content box is blank. */
  blankInkPixels: 2,
  /** A pixel is tinted (a box's background or border, not the white page) when its darkest channel is below this. */
  tintedBelow: 250,
  /** A page whose ink ends above this share of its content box's height is more than half blank. */
  strandedInkBottom: 0.5,
  /**
   * A box fills a page when one column of the content box is tinted without a break from within
   * this share of its height from the top down to its bottom (the last 2 % left out, where a
   * broken box's fragment may stop short): it starts at the top and goes on to the next page.
   */
  fillingBoxShare: 0.95,
  /** A pixel is dark when its luminance is below this. */
  darkLuminanceBelow: 96,
  /** A page is a candidate for a dark page when this share of its content box is dark. */
  darkPageShare: 0.5,
  /** Side of the cells in which a mostly dark page's dark pixels are counted. */
  darkCellPx: 4,
  /** A text item is on a dark background when this share of its box is dark (dark text on white: well below). */
  darkBehindTextShare: 0.6,
  /** A candidate is a dark page when this share of its prose characters (not monospace) is on a dark background. */
  darkProseShare: 0.5,
  /**
   * Text on a mostly dark page is prose when the article has it and its key (textKey) is at least
   * this long: a picture's short labels ("code_verifier", "= 123") are found anywhere in a long article.
   */
  articleTextMinKey: 20,
  /** A pixel is near-black when its brightest channel is at most this (#282a36, #292d3e are not). */
  nearBlackMax: 32,
  /** Side of a tile, in pixels. */
  tilePx: 7,
  /** A tile is black when this share of its pixels is near-black. */
  blackTileShare: 0.95,
  /** Connected black tiles that make a black area. */
  blackAreaTiles: 4,
  /** A black area this much covered by raster images is a picture, not a broken fill. */
  imageCoverShare: 0.5,

  /** A code block is looked for by its first line with this many letters and digits (shorter lines: `}`, `fi`, tell nothing)… */
  codeLineMinChars: 12,
  /** …cut to this many, so that a line the book wraps is still one key. */
  codeLineMaxChars: 60,
  /** A tab panel is looked for after its label by the first letters and digits of its text. */
  panelStartChars: 40,
  /** A label line is its panel's when the panel's first words start within this many letters after it (a code title, a badge between). */
  panelLabelGapChars: 200,

  /** PDF readers reject longer names (ISO 32000-1, Annex C). */
  maxNameBytes: 127,
  /** Examples printed per check. */
  examples: 10,
} as const;

/** CSS px to PDF points. */
export const PT_PER_CSS_PX = 0.75;
