import type {CheerioAPI} from 'cheerio/slim';

type Selection = ReturnType<CheerioAPI>;

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The diagrams of an article, each as its labels: inline SVG drawings with text (Mermaid's, and
 * any other) outside `svg` of their own, read from SVG `text` elements and from the HTML that
 * `foreignObject` labels hold. What the article's prose leaves out (html-article.ts) is what
 * the book's diagram text is measured by (checks/diagrams.ts).
 */
export function diagramsOf($: CheerioAPI, root: Selection): string[][] {
  const diagrams: string[][] = [];
  root.find('svg').each((_, svg) => {
    if ($(svg).parents('svg').length > 0) return;
    const labels = [
      ...$(svg)
        .find('text')
        .map((__, text) => clean($(text).text()))
        .get(),
      ...$(svg)
        .find('foreignObject')
        .map((__, object) => clean($(object).text()))
        .get(),
    ].filter(Boolean);
    if (labels.length > 0) diagrams.push(labels);
  });
  return diagrams;
}
