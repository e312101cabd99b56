import {readFile} from 'node:fs/promises';
import {popplerText} from './poppler-text';
import {imageBoxesOf, markOwners, notdefGlyphsOf, type Box, type PageOperators} from './page-operators';
import {ASCENT, DESCENT, segmentsOf, type Segment, type TextItem} from './text-lines';
import {pageMarks, type MarkedItem, type PageMarks} from './structure/marked-content';
import type {DrawnForm} from './structure/form-layers';

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs', {with: {'resolution-mode': 'import'}});
type PdfDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;
type RawDest = unknown[];
type RawOutline = Array<{title: string; dest: unknown; items: RawOutline}> | null;

/** Where a link or bookmark jumps: page index (0-based) and the point of an /XYZ destination. */
export type Destination = {page?: number; x: number | null; y: number | null; /** The name it was given by, if any. */ name?: string};

/** A link annotation. */
export type LinkAnnotation = {rect: Box; uri?: string; dest?: Destination};

/** One page of the book as the checks read it. */
export type BookPage = {
  /** 0-based. */
  index: number;
  width: number;
  height: number;
  items: TextItem[];
  /** The items grouped into segments, in reading order. */
  segments: Segment[];
  links: LinkAnnotation[];
  /** Form-field widgets. */
  widgets: number;
  /**
   * Glyphs with no Unicode, which pdfjs' text reads as U+0000: .notdef glyphs, and shaped glyphs
   * such as conjuncts. PdfReader.notdefGlyphs tells the former apart.
   */
  unmappedGlyphs: number;
};

/** An outline (bookmark) entry. */
export type OutlineEntry = {title: string; dest?: Destination; children: OutlineEntry[]};

/** The book: its pages, outline, named destinations, form fields. */
export type PdfBook = {
  pageCount: number;
  pages: BookPage[];
  outline: OutlineEntry[];
  /** Named destinations (catalog /Dests and the name tree), by name. */
  destinations: Map<string, Destination>;
  /** AcroForm fields. */
  formFields: number;
};

const loadPdfJs = (): Promise<PdfJs> => import('pdfjs-dist/legacy/build/pdf.mjs');

type RawItem = {str: string; dir: string; transform: number[]; width: number; fontName?: string};

function itemOf(raw: RawItem, styles: Record<string, {fontFamily?: string}>): TextItem {
  const font = raw.fontName === undefined ? {} : {font: raw.fontName, mono: styles[raw.fontName]?.fontFamily === 'monospace'};
  // pdfjs puts each right-to-left item in logical order; the line's items then read right to left.
  if (raw.dir === 'rtl') return {...itemOf({...raw, dir: 'ltr'}, styles), rtl: true};
  const [a, b, c, d, e, f] = raw.transform as [number, number, number, number, number, number];
  // A shear alone (c, with a horizontal baseline) is synthetic italic, as Chromium draws emphasis in
  // a CJK font without an italic face: the text still runs left to right on its line.
  const rotated = Math.abs(b) > 1e-3 || a < 0 || d < 0;
  const size = (rotated ? Math.hypot(c, d) : Math.abs(d)) || Math.hypot(a, b);
  if (!rotated) {
    return {
      str: raw.str,
      x0: e,
      x1: e + raw.width,
      top: f + ASCENT * size,
      bottom: f - DESCENT * size,
      baseline: f,
      size,
      rotated,
      ...font,
    };
  }
  const along = Math.hypot(a, b) || 1;
  const up = Math.hypot(c, d) || 1;
  const [ux, uy] = [(a / along) * raw.width, (b / along) * raw.width];
  const [vx, vy] = [(c / up) * size, (d / up) * size];
  const xs = [e - DESCENT * vx, e + ux - DESCENT * vx, e + ASCENT * vx, e + ux + ASCENT * vx];
  const ys = [f - DESCENT * vy, f + uy - DESCENT * vy, f + ASCENT * vy, f + uy + ASCENT * vy];
  return {
    str: raw.str,
    x0: Math.min(...xs),
    x1: Math.max(...xs),
    top: Math.max(...ys),
    bottom: Math.min(...ys),
    baseline: f,
    size,
    rotated,
    ...font,
  };
}

function boxOf(rect: number[]): Box {
  const [x0, y0, x1, y1] = rect as [number, number, number, number];
  return {x0: Math.min(x0, x1), y0: Math.min(y0, y1), x1: Math.max(x0, x1), y1: Math.max(y0, y1)};
}

/** Reads a book with pdfjs: text with positions, links, outline, destinations; raster images on demand. */
export class PdfReader {
  readonly #document: PdfDocument;
  readonly #pdfjs: PdfJs;
  readonly #file: string;
  readonly #pageOfRef = new Map<string, Promise<number | undefined>>();
  #named?: Promise<Map<string, Destination>>;

  private constructor(pdfjs: PdfJs, document: PdfDocument, file: string) {
    this.#pdfjs = pdfjs;
    this.#file = file;
    this.#document = document;
  }

  /** Opens a PDF file. */
  static async open(file: string): Promise<PdfReader> {
    const pdfjs = await loadPdfJs();
    const data = new Uint8Array(await readFile(file));
    const document = await pdfjs.getDocument({data, verbosity: 0, isEvalSupported: false, disableFontFace: true, useSystemFonts: false})
      .promise;
    return new PdfReader(pdfjs, document, file);
  }

  get pageCount(): number {
    return this.#document.numPages;
  }

  async #pageIndex(ref: unknown): Promise<number | undefined> {
    if (typeof ref === 'number') return ref;
    if (!ref || typeof ref !== 'object' || !('num' in ref)) return undefined;
    const {num, gen} = ref as {num: number; gen: number};
    const key = `${num}R${gen}`;
    let known = this.#pageOfRef.get(key);
    if (!known) {
      known = this.#document.getPageIndex({num, gen}).catch(() => undefined);
      this.#pageOfRef.set(key, known);
    }
    return known;
  }

  async #explicit(dest: RawDest, name?: string): Promise<Destination> {
    const page = await this.#pageIndex(dest[0]);
    const kind = (dest[1] as {name?: string} | undefined)?.name;
    const number = (value: unknown) => (typeof value === 'number' ? value : null);
    const [x, y] =
      kind === 'XYZ'
        ? [number(dest[2]), number(dest[3])]
        : kind === 'FitH' || kind === 'FitBH'
          ? [null, number(dest[2])]
          : kind === 'FitR'
            ? [number(dest[2]), number(dest[5])]
            : [null, null];
    return {page, x, y, name};
  }

  /** Every named destination, by name. */
  destinations(): Promise<Map<string, Destination>> {
    this.#named ??= (async () => {
      const raw = (await this.#document.getDestinations()) as Record<string, RawDest | null>;
      const named = new Map<string, Destination>();
      for (const [name, dest] of Object.entries(raw)) {
        named.set(name, Array.isArray(dest) ? await this.#explicit(dest, name) : {x: null, y: null, name});
      }
      return named;
    })();
    return this.#named;
  }

  async #resolve(dest: unknown): Promise<Destination | undefined> {
    if (typeof dest === 'string') return (await this.destinations()).get(dest) ?? {x: null, y: null, name: dest};
    return Array.isArray(dest) ? this.#explicit(dest) : undefined;
  }

  /** Reads one page: text, segments, links, widgets. */
  async readPage(index: number): Promise<BookPage> {
    const page = await this.#document.getPage(index + 1);
    const [x0, y0, x1, y1] = page.view as [number, number, number, number];
    const content = await page.getTextContent();
    const items: TextItem[] = [];
    let unmappedGlyphs = 0;
    for (const raw of content.items) {
      if (!('str' in raw) || raw.str === '') continue;
      unmappedGlyphs += raw.str.split('\u0000').length - 1;
      items.push(itemOf(raw, content.styles));
    }
    const links: LinkAnnotation[] = [];
    let widgets = 0;
    // The display intent also extracts the page's text under every link (for screen readers), which
    // triples the time a page takes; the print intent hands over the same annotations without it.
    for (const annotation of (await page.getAnnotations({intent: 'print'})) as Array<Record<string, unknown>>) {
      if (annotation.subtype === 'Widget') widgets++;
      if (annotation.subtype !== 'Link') continue;
      const uri = (annotation.unsafeUrl ?? annotation.url) as string | undefined;
      links.push({rect: boxOf(annotation.rect as number[]), uri, dest: await this.#resolve(annotation.dest)});
    }
    page.cleanup();
    return {index, width: x1 - x0, height: y1 - y0, items, segments: segmentsOf(items), links, widgets, unmappedGlyphs};
  }

  /**
   * A page's text by marked content: what the structure tree owns, artifacts, and what is neither.
   * `forms`: the forms the page draws, where one has marked content of its own (form-layers.ts),
   * which pdfjs' text content names as the page's.
   */
  async pageMarks(index: number, forms?: DrawnForm[]): Promise<PageMarks> {
    const page = await this.#document.getPage(index + 1);
    // Marked content splits text items at its boundaries, so this is read apart from readPage's text.
    const content = await page.getTextContent({includeMarkedContent: true});
    page.cleanup();
    const items = content.items as MarkedItem[];
    if (!forms) return pageMarks(items);
    const owners = markOwners(await this.operators(index), forms);
    // Told apart only where the operator list begins the text content's sequences (annotations'
    // appearances, which text content leaves out, come after the page's).
    const begun = items.filter((item) => 'type' in item && item.type.startsWith('beginMarkedContent')).length;
    return pageMarks(items, owners.length >= begun ? owners : undefined);
  }

  async #outline(items: RawOutline): Promise<OutlineEntry[]> {
    const entries: OutlineEntry[] = [];
    for (const item of items ?? []) {
      const children = await this.#outline(item.items);
      entries.push({title: item.title, dest: await this.#resolve(item.dest), children});
    }
    return entries;
  }

  /** Reads the whole book; `onPage` hears of each page read. */
  async readBook(onPage?: (done: number, total: number) => void): Promise<PdfBook> {
    const pages: BookPage[] = [];
    for (let index = 0; index < this.pageCount; index++) {
      pages.push(await this.readPage(index));
      onPage?.(index + 1, this.pageCount);
    }
    const outline = await this.#outline((await this.#document.getOutline()) as unknown as RawOutline);
    const fields = (await this.#document.getFieldObjects()) as Record<string, unknown> | null;
    return {
      pageCount: this.pageCount,
      pages,
      outline,
      destinations: await this.destinations(),
      formFields: Object.keys(fields ?? {}).length,
    };
  }

  /** A page's operator list, and the real names of its fonts by their pdfjs names. */
  async operators(index: number): Promise<PageOperators & {fontNames: Map<string, string>}> {
    const page = await this.#document.getPage(index + 1);
    const list = await page.getOperatorList();
    const fontNames = new Map<string, string>();
    for (let op = 0; op < list.fnArray.length; op++) {
      if (list.fnArray[op] !== this.#pdfjs.OPS.setFont) continue;
      const loadedName = (list.argsArray[op] as unknown[] | null)?.[0];
      if (typeof loadedName !== 'string' || fontNames.has(loadedName) || !page.commonObjs.has(loadedName)) continue;
      const name = (page.commonObjs.get(loadedName) as {name?: unknown} | null)?.name;
      if (typeof name === 'string') fontNames.set(loadedName, name);
    }
    page.cleanup();
    return {fnArray: list.fnArray, argsArray: list.argsArray, ops: this.#pdfjs.OPS as unknown as Record<string, number>, fontNames};
  }

  /** Boxes of the raster images drawn on a page (a photo may be dark; a broken vector fill is not an image). */
  async imageBoxes(index: number): Promise<Box[]> {
    return imageBoxesOf(await this.operators(index));
  }

  /** Glyphs drawn as .notdef on a page (see notdefGlyphsOf). */
  async notdefGlyphs(index: number): Promise<number> {
    return notdefGlyphsOf(await this.operators(index));
  }

  /** Text of page indexes `first`–`last` with every `/ActualText` read in place of its glyphs (see popplerText). */
  actualText(first: number, last: number): Promise<string> {
    return popplerText(this.#file, first + 1, last + 1);
  }

  async close(): Promise<void> {
    await this.#document.destroy();
  }
}
