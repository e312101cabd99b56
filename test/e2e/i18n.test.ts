import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import path from 'node:path';
import {describe, it} from 'node:test';
import {readFile} from 'node:fs/promises';
import {PDFDict, PDFDocument, PDFName} from 'pdf-lib';
import {pageWords} from '../helpers/pdf';
import {SCREENSHOTS, siteInBrowser} from '../helpers/site-in-browser';

const EXPORT_TIMEOUT = 120_000;

describe('a second locale in a real browser', {timeout: 300_000}, () => {
  const site = siteInBrowser();

  it('shows the UI in French on a French page and exports the French docs', {timeout: EXPORT_TIMEOUT}, async () => {
    const context = await site.browser.newContext({viewport: {width: 1280, height: 800}});
    const page = await context.newPage();
    await page.goto(`${site.server.siteUrl}/fr/docs/intro`);
    const button = page.locator('.navbar').getByRole('button', {name: 'Exporter en PDF'});
    await button.click();
    await page
      .locator('.navbar')
      .getByRole('button', {name: /^Export en cours… \d+ %$/})
      .waitFor();
    const link = page.getByTestId('export-pdf-download');
    await link.waitFor({timeout: EXPORT_TIMEOUT});
    const text = (await link.textContent()) ?? '';
    const fileName = /Télécharger (export-docs-current-fr-[^ ]+\.pdf) \(\d+,\d\d Mo\)/.exec(text)?.[1];
    assert.ok(fileName, text);
    assert.equal(await link.getAttribute('href'), `/${fileName}`, 'PDFs are served at the site root for every locale');
    const served = await fetch(`${site.server.siteUrl}/${fileName}`);
    assert.equal(served.headers.get('content-type'), 'application/pdf');
    assert.equal(await page.getByTestId('export-pdf-all-exports').textContent(), 'Tous les PDF exportés');
    assert.equal(await page.getByTestId('export-pdf-all-exports').getAttribute('href'), '/fr/pdf-exports');
    await page.screenshot({path: path.join(SCREENSHOTS, 'navbar-export-done-fr.png'), clip: {x: 640, y: 0, width: 640, height: 160}});

    const pdfText = execFileSync('pdftotext', ['-layout', path.join(site.server.documentsDir, fileName), '-'], {encoding: 'utf8'});
    assert.match(pdfText, /file de tâches de poche/, 'the French intro, not the English one');
    assert.doesNotMatch(pdfText, /pocket-sized task queue/);
    assert.match(pdfText, /Marker: getting-started-installation/, 'untranslated docs come in the default language');
    // The book's texts in French: the site's code.json word (Sommaire), else the plugin's shipped French.
    assert.match(pdfText, /^\s*Sommaire\s*$/m);
    assert.match(pdfText, /Page 3 sur \d+/);
    assert.doesNotMatch(pdfText, /Table of Contents|Table des matières|Page \d+ of \d+/);
    const cover = execFileSync('pdftotext', ['-l', '1', path.join(site.server.documentsDir, fileName), '-'], {encoding: 'utf8'});
    assert.match(
      cover,
      new RegExp(new Date().toLocaleDateString('fr-FR', {year: 'numeric', month: 'long', day: 'numeric'})),
      'the date as French writes it',
    );

    await page.goto(`${site.server.siteUrl}/fr/pdf-exports`);
    await page.getByTestId('pdf-exports-row').first().waitFor();
    assert.equal(await page.locator('h1').textContent(), 'PDF exportés');
    assert.deepEqual(await page.locator('thead th').allTextContents(), ['Fichier', 'Contenu', 'Taille', 'Exporté le', 'Actions']);
    assert.equal(await page.getByTestId('pdf-exports-book').first().textContent(), 'français');
    assert.equal(await page.getByRole('link', {name: 'Télécharger'}).first().getAttribute('href'), `/${fileName}`);
    await page.screenshot({path: path.join(SCREENSHOTS, 'exports-page-fr.png')});
    await context.close();
  });

  it('lays a right-to-left book out right to left: TOC, header, viewer direction, language', {timeout: EXPORT_TIMEOUT}, async () => {
    const response = await fetch(`${site.server.apiUrl}/export-pdf?locale=ar&fileName=rtl`);
    assert.equal(response.status, 200, await response.clone().text());
    const file = path.join(site.server.documentsDir, 'rtl.pdf');
    const document = await PDFDocument.load(await readFile(file));
    const preferences = document.catalog.lookup(PDFName.of('ViewerPreferences'), PDFDict);
    assert.equal(preferences.get(PDFName.of('Direction'))?.toString(), '/R2L', 'spreads read right to left');
    assert.equal(document.catalog.get(PDFName.of('Lang'))?.toString(), '(ar)');

    // TOC: the heading and the titles at the right edge, their page numbers at the left.
    const toc = await pageWords(file, 2);
    // pdftotext -bbox gives Arabic words in visual order: the heading is found by its size.
    const heading = toc.words.reduce((tallest, word) => (word.yMax - word.yMin > tallest.yMax - tallest.yMin ? word : tallest));
    assert.ok(heading.xMax > toc.width * 0.8, `TOC heading at x ${heading.xMax} of ${toc.width}`);
    const entry = toc.words.find((word) => word.text === 'Started')!;
    const number = toc.words.find((word) => /^\d+$/.test(word.text) && Math.abs(word.yMin - entry.yMin) < 3)!;
    assert.ok(entry.xMax > toc.width * 0.8 && number.xMax < toc.width * 0.2, `title at ${entry.xMax}, page number at ${number.xMax}`);
    const nested = toc.words.find((word) => word.text === 'Installation')!;
    assert.ok(nested.xMax < entry.xMax - 5, 'a nested entry is indented from the right');

    // Running header: the book title at the right (where a reader starts), the chapter title at the left.
    const content = await pageWords(file, 8);
    const bookTitle = content.words.find((word) => word.text === 'Widgets' && word.yMin < 40)!;
    assert.ok(bookTitle.xMin > content.width / 2, `book title at x ${bookTitle.xMin}`);
    // Footer "الصفحة 8 من N": read from the right, the page number comes before the page count.
    const footer = content.words.filter((word) => word.yMin > 780);
    const [page, total] = ['8', String(document.getPageCount())].map((text) => footer.find((word) => word.text === text)!);
    assert.ok(page && total && page.xMin > total.xMin, `footer: ${footer.map((word) => word.text).join(' ')}`);
  });
});
