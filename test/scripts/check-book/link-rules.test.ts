import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {authoredUrls, comparablePath, isAuthored, isNonPublicHost, leakOf} from '../../../scripts/check-book/link-rules';

const SITE = 'https://acme-widgets.example.com';
const BOOK = new Set(['/docs/intro', '/docs/guides/configuration', '/fr/docs/intro'].map(comparablePath));

describe('links that leave the book', () => {
  it("counts a link to the site's own doc URL as leaving the book", () => {
    assert.equal(leakOf(`${SITE}/docs/guides/configuration`, SITE, BOOK), 'own-page');
  });

  it('counts it with a trailing slash, a fragment, a query, .html or index.html too', () => {
    for (const tail of ['/', '#precedence-rules', '/#precedence-rules', '?tab=npm', '.html', '/index.html']) {
      assert.equal(leakOf(`${SITE}/docs/guides/configuration${tail}`, SITE, BOOK), 'own-page', tail);
    }
  });

  it('counts an encoded path of a doc the book holds', () => {
    const book = new Set([comparablePath('/docs/guides/ünïcode')]);
    assert.equal(leakOf(`${SITE}/docs/guides/%C3%BCn%C3%AFcode`, SITE, book), 'own-page');
  });

  it('lets a link to a page of the site that the book does not hold leave', () => {
    assert.equal(leakOf(`${SITE}/blog/2024/release`, SITE, BOOK), undefined);
    assert.equal(leakOf(`${SITE}/docs/2.0/intro`, SITE, BOOK), undefined);
  });

  it('lets a link to another site leave', () => {
    assert.equal(leakOf('https://github.com/acme/widgets', SITE, BOOK), undefined);
    assert.equal(leakOf('mailto:team@acme.example.com', SITE, BOOK), undefined);
  });

  it('counts links to localhost, loopback and private addresses as non-public', () => {
    for (const uri of [
      'http://localhost:3000/docs/intro',
      'http://127.0.0.1:4200/docs/intro',
      'http://[::1]/x',
      'http://10.1.2.3/',
      'http://192.168.0.10/',
      'http://172.20.0.5/',
      'http://docs.internal/x',
      'http://devbox/x',
    ]) {
      assert.equal(leakOf(uri, SITE, BOOK), 'non-public', uri);
    }
  });

  it("counts the engine's marker origin as an unresolved link", () => {
    assert.equal(leakOf('https://docusaurus-export-pdf.invalid/dest/guides%2Fconfiguration', SITE, BOOK), 'marker');
  });

  it('counts a relative or file URL, which no reader can follow, as non-public', () => {
    assert.equal(leakOf('/docs/intro', SITE, BOOK), 'non-public');
    assert.equal(leakOf('file:///srv/site/build/docs/intro/index.html', SITE, BOOK), 'non-public');
  });

  it("tells a non-public link the article's authors wrote from one the engine made", () => {
    const authored = authoredUrls([
      'http://localhost:8123',
      'http://homeassistant.local:8000/',
      '/docs/intro',
      '#usage',
      'https://github.com/acme',
    ]);
    assert.ok(isAuthored('http://localhost:8123/', authored), 'Chromium writes the URL with its slash');
    assert.ok(isAuthored('http://homeassistant.local:8000/', authored));
    assert.ok(!isAuthored('http://127.0.0.1:41235/docs/intro', authored), 'the capture server, for a relative link');
    assert.ok(!isAuthored('http://localhost:8123/config', authored));
  });

  it('tells public hosts from non-public ones', () => {
    assert.equal(isNonPublicHost('acme-widgets.example.com'), false);
    assert.equal(isNonPublicHost('8.8.8.8'), false);
    assert.equal(isNonPublicHost('my.localhost'), true);
    assert.equal(isNonPublicHost('169.254.1.1'), true);
  });
});
