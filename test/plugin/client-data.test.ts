import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {exportsPagePath, siteRootPath} from '../../plugin/client-data';

describe('exportsPagePath', () => {
  it('puts the exports page under the site baseUrl (the locale prefix included)', () => {
    assert.equal(exportsPagePath('/', '/pdf-exports'), '/pdf-exports');
    assert.equal(exportsPagePath('/handbook/', '/pdf-exports'), '/handbook/pdf-exports');
    assert.equal(exportsPagePath('/fr/', '/downloads/pdf'), '/fr/downloads/pdf');
  });

  it('has no page when the option is false', () => {
    assert.equal(exportsPagePath('/', false), undefined);
  });
});

describe('siteRootPath', () => {
  it('is the baseUrl of the default locale, and that baseUrl without the locale for the others', () => {
    assert.equal(siteRootPath('/', 'en', 'en'), '/');
    assert.equal(siteRootPath('/fr/', 'fr', 'en'), '/');
    assert.equal(siteRootPath('/handbook/pt-BR/', 'pt-BR', 'en'), '/handbook/');
  });

  it('keeps a baseUrl a locale has of its own', () => {
    assert.equal(siteRootPath('/', 'fr', 'en'), '/', 'a locale served from its own domain');
    assert.equal(siteRootPath('/francais/', 'fr', 'en'), '/francais/');
  });
});
