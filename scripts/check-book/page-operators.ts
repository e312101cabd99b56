// What a page's operator list (pdfjs) tells that its text content does not: where raster images
// are drawn, which glyphs are .notdef, and the real names of its fonts.

type Matrix = [number, number, number, number, number, number];

/** A box in PDF user space: left, bottom, right, top. */
export type Box = {x0: number; y0: number; x1: number; y1: number};

/** A page's operator list with the operator codes of the pdfjs build that made it. */
export type PageOperators = {
  fnArray: number[];
  argsArray: unknown[];
  ops: Record<string, number>;
};

/** A glyph as pdfjs hands it to showText. */
type Glyph = {originalCharCode?: number; unicode?: string};

const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

const multiply = (m: Matrix, n: Matrix): Matrix => [
  m[0] * n[0] + m[2] * n[1],
  m[1] * n[0] + m[3] * n[1],
  m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3],
  m[0] * n[4] + m[2] * n[5] + m[4],
  m[1] * n[4] + m[3] * n[5] + m[5],
];

const matrix = (value: unknown): Matrix | undefined =>
  Array.isArray(value) || ArrayBuffer.isView(value) ? (Array.from(value as ArrayLike<number>) as Matrix) : undefined;

/** Boxes of the raster images drawn on a page (a photo may be dark; a broken vector fill is not an image). */
export function imageBoxesOf({fnArray, argsArray, ops}: PageOperators): Box[] {
  const painting = new Set<number>([
    ops.paintImageXObject!,
    ops.paintInlineImageXObject!,
    ops.paintImageMaskXObject!,
    ops.paintImageXObjectRepeat!,
    ops.paintInlineImageXObjectGroup!,
    ops.paintImageMaskXObjectGroup!,
  ]);
  let ctm: Matrix = IDENTITY;
  const stack: Array<{ctm: Matrix; masked: boolean}> = [];
  // Chromium draws box shadows as images inside soft-masked groups: effects, not pictures.
  let masked = false;
  const boxes: Box[] = [];
  for (let op = 0; op < fnArray.length; op++) {
    const fn = fnArray[op]!;
    const args = argsArray[op] as unknown[] | null;
    if (fn === ops.save || fn === ops.paintFormXObjectBegin || fn === ops.beginGroup) stack.push({ctm, masked});
    if (fn === ops.restore || fn === ops.paintFormXObjectEnd || fn === ops.endGroup) ({ctm, masked} = stack.pop() ?? {ctm, masked});
    if (fn === ops.transform) ctm = multiply(ctm, matrix(args) ?? IDENTITY);
    if (fn === ops.paintFormXObjectBegin) ctm = multiply(ctm, matrix(args?.[0]) ?? IDENTITY);
    if (fn === ops.beginGroup) {
      const group = args?.[0] as {matrix?: unknown; smask?: unknown} | undefined;
      ctm = multiply(ctm, matrix(group?.matrix) ?? IDENTITY);
      masked ||= Boolean(group?.smask);
    }
    if (painting.has(fn) && !masked) {
      const corners = [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ].map(([u, v]) => [ctm[0] * u! + ctm[2] * v! + ctm[4], ctm[1] * u! + ctm[3] * v! + ctm[5]]);
      const xs = corners.map((corner) => corner[0]!);
      const ys = corners.map((corner) => corner[1]!);
      boxes.push({x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys)});
    }
  }
  return boxes;
}

/**
 * Glyphs drawn as .notdef: code 0 with no Unicode. Chromium writes a character no font has as
 * glyph 0 of an Identity-H font, whose code is the glyph id. A glyph that merely has no Unicode
 * (a conjunct, a vowel sign drawn before its consonant) has a code of its own and is not counted,
 * although pdfjs' text content shows both as U+0000.
 */
export function notdefGlyphsOf({fnArray, argsArray, ops}: PageOperators): number {
  let count = 0;
  for (let op = 0; op < fnArray.length; op++) {
    if (fnArray[op] !== ops.showText && fnArray[op] !== ops.showSpacedText) continue;
    const glyphs = (argsArray[op] as unknown[] | null)?.[0];
    if (!Array.isArray(glyphs)) continue;
    for (const glyph of glyphs as Array<Glyph | number | null>) {
      if (glyph && typeof glyph === 'object' && glyph.originalCharCode === 0 && (!glyph.unicode || glyph.unicode === '\u0000')) count++;
    }
  }
  return count;
}

/** Font names (as the PDF has them, e.g. "CAAAAA+LiberationMono") that say the font is monospace. */
export const MONOSPACE_NAME = /mono|code|courier|consol|menlo|monaco|fixed|typewriter/i;

/**
 * For each marked-content sequence a page begins (BMC or BDC, in order, as pdfjs' text content
 * begins them), the form XObject whose own marked content it is: the innermost of the forms being
 * drawn that has marked content of its own (`forms`, in the order the page draws them); undefined
 * for the page's own.
 */
export function markOwners({fnArray, ops}: PageOperators, forms: ReadonlyArray<{ref: string; tagged: boolean}>): Array<string | undefined> {
  const owners: Array<string | undefined> = [];
  const open: Array<{ref: string; tagged: boolean} | undefined> = [];
  let next = 0;
  for (const fn of fnArray) {
    if (fn === ops.paintFormXObjectBegin) open.push(forms[next++]);
    else if (fn === ops.paintFormXObjectEnd) open.pop();
    else if (fn === ops.beginMarkedContent || fn === ops.beginMarkedContentProps) owners.push(open.findLast((form) => form?.tagged)?.ref);
  }
  return owners;
}
