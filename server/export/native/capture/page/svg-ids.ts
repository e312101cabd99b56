// Run inside Chromium on a copy of a page's content (see page-lib.ts).

/**
 * Renames the ids inside each inline SVG (Mermaid's markers, gradients and
 * the id its `<style>` rules are scoped to) together with every reference to
 * them, so that two diagrams of the book never share an id. `scope` must be a
 * valid CSS identifier on its own: the renamed ids appear in CSS selectors, and
 * one character a selector cannot hold (a doc id's `/`) voids the whole rule,
 * which is how diagrams lose their fills and fonts. The SVG's own id, which
 * Mermaid draws at random on each render and builds its other ids from, becomes
 * `root` in all of them: the same diagram captured twice has the same ids, so the
 * parts holding it keep their print cache keys.
 */
export function renameSvgIds(root: Element, scope: string): void {
  const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  root.querySelectorAll('svg').forEach((svg, index) => {
    const ids = [...svg.querySelectorAll('[id]')].map((element) => element.id).concat(svg.id ? [svg.id] : []);
    if (ids.length === 0) return;
    const own = svg.id;
    const stable = (id: string) => (own ? id.split(own).join('root') : id);
    const renamed = new Map(ids.map((id) => [id, `${scope}-svg${index}-${stable(id)}`]));
    const names = [...renamed.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
    const pattern = new RegExp(`#(${names.join('|')})(?![\\w-])`, 'g');
    const inAttribute = (value: string) => value.replace(pattern, (_match, id: string) => `#${renamed.get(id)}`);
    const inCss = (value: string) => value.replace(pattern, (_match, id: string) => `#${CSS.escape(renamed.get(id)!)}`);
    for (const element of [svg, ...svg.querySelectorAll('*')]) {
      for (const attribute of [...element.attributes]) {
        if (attribute.name === 'id') element.setAttribute('id', renamed.get(attribute.value) ?? attribute.value);
        else if (attribute.name === 'style') element.setAttribute('style', inCss(attribute.value));
        else if (attribute.value.includes('#')) element.setAttribute(attribute.name, inAttribute(attribute.value));
      }
      if (element.tagName.toLowerCase() === 'style' && element.textContent) element.textContent = inCss(element.textContent);
    }
  });
}
