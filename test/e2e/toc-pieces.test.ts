import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {mkdir} from 'node:fs/promises';
import type {Server} from 'node:http';
import {after, before, describe, it} from 'node:test';
import {PDFArray, PDFDict, PDFDocument, PDFName, type PDFObject} from 'pdf-lib';
import {documentShell, tocBody, tocCss, tocRows, type TocEntry, type TocRange} from '../../server/export/native/assemble/book-html';
import {printFrontMatter} from '../../server/export/native/render/print-content';
import {printTocInPieces, type PrintableToc} from '../../server/export/native/render/toc-pieces';
import {BrowserHost} from '../../server/export/native/shared/browser-host';
import {MARKER} from '../../server/export/native/shared/markers';
import {contentBox} from '../../server/export/native/shared/paper';
import {anchorOf} from '../../server/export/native/shared/pdf-part';
import {PrintTabs} from '../../server/export/native/shared/print-tabs';
import {closeServer, freePort, listen} from '../../server/listen';
import {WORK_ROOT} from '../helpers/processes';

/** A TOC of 20 categories of 5 docs with 0 to 12 headings (more than 8: not kept with its doc), some titles two lines long. */
function entries(): TocEntry[] {
  const words = (count: number) => Array.from({length: count}, (_, index) => `word${index}`).join(' ');
  return Array.from({length: 20}, (_, category) => ({
    title: `Category ${category}`,
    target: `c${category}`,
    kind: 'category' as const,
    children: Array.from({length: 5}, (_, index) => {
      const docIndex = category * 5 + index;
      return {
        title: docIndex % 7 === 3 ? `Doc ${docIndex} ${words(18)}` : `Doc ${docIndex}`,
        target: `d${docIndex}`,
        kind: 'doc' as const,
        children: Array.from({length: (docIndex * 5) % 13}, (_, h) => ({
          title: h % 5 === 4 ? `Heading ${h} ${words(16)}` : `Heading ${h}`,
          target: `d${docIndex}--h${h}`,
          kind: 'heading' as const,
          children: [],
        })),
      };
    }),
  }));
}

const margin = {top: 60, right: 50, bottom: 60, left: 50};
const styles = {links: [], inline: [], htmlClass: '', lang: 'en', dir: 'ltr'};

describe('a long TOC printed in pieces', {timeout: 180_000}, () => {
  const host = new BrowserHost({workRoot: WORK_ROOT, log: () => undefined});
  let site: Server;
  let tabs: PrintTabs;
  const printing = {
    origin: '',
    pdf: {
      format: 'A4' as const,
      margin: {top: `${margin.top}px`, right: `${margin.right}px`, bottom: `${margin.bottom}px`, left: `${margin.left}px`},
      printBackground: true,
      tagged: true,
    },
    box: contentBox('A4', margin),
    log: () => undefined,
  };
  const toc = entries();
  const printable: PrintableToc = {
    rows: tocRows(toc),
    document: (rows?: TocRange) =>
      documentShell(
        styles,
        tocBody('Contents', toc, () => undefined, MARKER, String, rows),
        tocCss(undefined),
      ),
  };

  before(async () => {
    await mkdir(WORK_ROOT, {recursive: true});
    const port = await freePort();
    site = await listen((_, response) => void response.end(''), port, '127.0.0.1', 'site');
    printing.origin = `http://127.0.0.1:${port}`;
    tabs = new PrintTabs(await host.acquire());
  });
  after(async () => {
    await tabs.close();
    await host.close();
    await closeServer(site);
  });

  const print = (html: string, trial: boolean) =>
    printFrontMatter(tabs, html, trial ? {...printing, pdf: {...printing.pdf, tagged: false, printBackground: false}} : printing);
  const pagesOf = async (bytes: Uint8Array) => ({bytes, pageCount: (await PDFDocument.load(bytes)).getPageCount()});

  /** Each page's text, and each page's TOC links with the top of each, to a tenth of a point. */
  async function pagesSeen(bytes: Uint8Array): Promise<Array<{text: string; links: string[]}>> {
    const texts = execFileSync('pdftotext', ['-layout', '-', '-'], {input: bytes}).toString().split('\f').slice(0, -1);
    const document = await PDFDocument.load(bytes);
    const deref = (object: PDFObject | undefined) => (object === undefined ? undefined : document.context.lookup(object));
    return document.getPages().map((page, index) => {
      const annotations = page.node.lookupMaybe(PDFName.of('Annots'), PDFArray);
      const links: string[] = [];
      for (let at = 0; annotations && at < annotations.size(); at++) {
        const link = anchorOf(annotations.lookupMaybe(at, PDFDict), MARKER, deref);
        if (link) links.push(`${link.id}@${link.y.toFixed(1)}`);
      }
      return {text: texts[index]!, links};
    });
  }

  it('prints the pages the whole TOC prints, piece after piece', async () => {
    const whole = await pagesSeen(await print(printable.document(), false));
    assert.ok(whole.length >= 12, `the TOC is ${whole.length} pages`);
    const logged: string[] = [];
    const pieces = await printTocInPieces(printable, print, pagesOf, (line) => logged.push(line), 80);
    assert.deepEqual(logged, [], 'no piece fell back to the whole TOC');
    assert.ok(pieces.length >= 6, `${pieces.length} pieces`);
    assert.deepEqual(
      pieces.map((piece) => piece.rows.from),
      [0, ...pieces.slice(0, -1).map((piece) => piece.rows.to)],
      'each piece starts where the one before ended',
    );
    assert.equal(pieces.at(-1)!.rows.to, printable.rows.length);
    const seen = (await Promise.all(pieces.map((piece) => pagesSeen(piece.printed.bytes)))).flat();
    assert.equal(seen.length, whole.length);
    seen.forEach((page, index) => {
      assert.deepEqual(page.links, whole[index]!.links, `the links of page ${index + 1}, and where they are`);
      assert.equal(page.text, whole[index]!.text, `the text of page ${index + 1}`);
    });
  });

  it('prints a TOC of no more rows than a print takes whole, without a trial print', async () => {
    let prints = 0;
    const counted = (html: string, trial: boolean) => (prints++, print(html, trial));
    const pieces = await printTocInPieces(printable, counted, pagesOf, () => undefined, printable.rows.length);
    assert.equal(pieces.length, 1);
    assert.equal(prints, 1);
    assert.deepEqual(pieces[0]!.rows, {from: 0, to: printable.rows.length});
  });
});
