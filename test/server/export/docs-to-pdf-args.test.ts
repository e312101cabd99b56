import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {coverImageUrl, docsToPdfArgs} from '../../../server/export/docs-to-pdf-args';
import {testManifest} from '../../helpers/fixtures';

const job = {
  siteOrigin: 'http://127.0.0.1:3000',
  startPath: '/docs/intro',
  outputFile: '/docs/.a.pdf.1-ab.part',
  browserArgs: ['--no-sandbox'],
  timeoutMs: 180_000,
};

function option(args: string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  return args.find((arg) => arg.startsWith(prefix))?.slice(prefix.length);
}

describe('docsToPdfArgs', () => {
  it('builds a core command for a Docusaurus 3 site', () => {
    const args = docsToPdfArgs(testManifest(), job);
    assert.equal(args[0], 'core');
    assert.equal(option(args, 'initialDocURLs'), 'http://127.0.0.1:3000/docs/intro');
    assert.equal(option(args, 'contentSelector'), 'article');
    assert.equal(option(args, 'paginationSelector'), 'a.pagination-nav__link--next');
    assert.equal(option(args, 'outputPDFFilename'), '/docs/.a.pdf.1-ab.part');
    assert.equal(option(args, 'paperFormat'), 'A4');
    assert.equal(option(args, 'pdfMargin'), '64,48,64,48');
    assert.equal(option(args, 'puppeteerArgs'), '--no-sandbox');
    assert.equal(option(args, 'protocolTimeout'), '180000');
    assert.match(option(args, 'excludeSelectors')!, /\.theme-doc-breadcrumbs,.*\.pagination-nav/);
    assert.match(option(args, 'cssStyle')!, /pre-wrap/);
  });

  it('defaults the cover to the site title, tagline and logo, HTML-escaped', () => {
    const args = docsToPdfArgs(testManifest({title: 'A <b> & C'}), job);
    assert.equal(option(args, 'coverTitle'), 'A &lt;b&gt; &amp; C');
    assert.equal(option(args, 'coverSub'), 'Docs &amp; more');
    assert.equal(option(args, 'coverImage'), 'http://127.0.0.1:3000/img/logo.svg');
    assert.match(option(args, 'headerTemplate')!, /A &lt;b&gt; &amp; C/);
    assert.match(option(args, 'footerTemplate')!, /pageNumber.*totalPages/);
  });

  it('honours the cover, TOC, template and CSS options', () => {
    const args = docsToPdfArgs(
      testManifest(
        {},
        {
          coverTitle: 'Handbook',
          coverSubtitle: 'v2',
          coverImage: 'https://cdn.example.com/cover.png',
          tocTitle: 'Contents',
          headerTemplate: '',
          css: 'h1 { color: red; }',
          paperFormat: 'Letter',
          excludeSelectors: [],
        },
      ),
      job,
    );
    assert.equal(option(args, 'coverTitle'), 'Handbook');
    assert.equal(option(args, 'coverSub'), 'v2');
    assert.equal(option(args, 'coverImage'), 'https://cdn.example.com/cover.png');
    assert.equal(option(args, 'tocTitle'), 'Contents');
    assert.equal(option(args, 'headerTemplate'), '<span></span>', 'an empty header stays empty');
    assert.match(option(args, 'cssStyle')!, /h1 \{ color: red; \}$/);
    assert.equal(option(args, 'paperFormat'), 'Letter');
    assert.equal(option(args, 'excludeSelectors'), undefined);
  });

  it('leaves out cover and TOC when disabled', () => {
    const args = docsToPdfArgs(testManifest({}, {disableCover: true, disableToc: true}), job);
    assert.ok(args.includes('--disableCover'));
    assert.ok(args.includes('--disableTOC'));
    assert.equal(option(args, 'coverTitle'), undefined);
    assert.equal(option(args, 'tocTitle'), undefined);
  });
});

describe('coverImageUrl', () => {
  it('resolves site paths against the site origin and baseUrl', () => {
    assert.equal(
      coverImageUrl(testManifest({baseUrl: '/handbook/'}, {coverImage: '/img/cover.png'}), 'http://h:1'),
      'http://h:1/handbook/img/cover.png',
    );
    assert.equal(
      coverImageUrl(testManifest({baseUrl: '/handbook/', logoPath: '/handbook/img/logo.svg'}), 'http://h:1'),
      'http://h:1/handbook/img/logo.svg',
    );
  });

  it('is absent when turned off or when the site has no logo', () => {
    assert.equal(coverImageUrl(testManifest({}, {coverImage: false}), 'http://h:1'), undefined);
    assert.equal(coverImageUrl(testManifest({logoPath: undefined}), 'http://h:1'), undefined);
  });
});
