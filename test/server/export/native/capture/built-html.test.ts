import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {withoutDocSidebar} from '../../../../../server/export/native/capture/built-html';

/** A built doc page as Docusaurus' classic theme lays it out: the sidebar beside <main>. */
function page(sidebar: string, main = '<main><article><div class="theme-doc-markdown markdown"><h1>Doc</h1></div></article></main>') {
  const head = '<!doctype html><html lang="en"><head><style>.a{}</style></head><body><nav class="navbar">Site</nav>';
  return {
    html: `${head}<div class="docRoot_x">${sidebar}${main}</div></body></html>`,
    without: `${head}<div class="docRoot_x">${main}</div></body></html>`,
  };
}

const SIDEBAR =
  '<aside class="theme-doc-sidebar-container docSidebarContainer_c7NB"><div><nav aria-label="Docs sidebar" class="menu">' +
  '<ul><li><a class="menu__link" href="/docs/a">A</a></li></ul></nav></div></aside>';

describe('withoutDocSidebar', () => {
  it('cuts out the docs sidebar and nothing else', () => {
    const {html, without} = page(SIDEBAR);
    assert.equal(withoutDocSidebar(html), without);
  });

  it('keeps an <aside> nested in the sidebar inside the cut, and one after it outside', () => {
    const nested = SIDEBAR.replace('</nav>', '</nav><aside class="promo"><p>Sponsor</p></aside>');
    const {html, without} = page(nested, '<main><aside class="admonition">Note</aside><article>Doc</article></main>');
    assert.equal(withoutDocSidebar(html), without);
  });

  it('gives back whole a page without a sidebar, or one it cannot cut cleanly', () => {
    const cases = [
      page('').html,
      // The class twice: which one is the sidebar is not certain.
      page(SIDEBAR + '<div class="theme-doc-sidebar-container"></div>').html,
      // Not closed.
      page(SIDEBAR.replace('</aside>', '')).html,
      // The class on an element inside an <aside>, not on the <aside> itself.
      page('<aside class="x"><div class="theme-doc-sidebar-container">A</div></aside>').html,
    ];
    for (const html of cases) assert.equal(withoutDocSidebar(html), html);
  });
});
