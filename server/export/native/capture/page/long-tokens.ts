// Run inside Chromium on a copy of a page's content (see page-lib.ts).

/**
 * Offers line breaks inside long tokens (identifiers, paths, URLs, constant
 * names) of table cells, inline code and links: after `/ . _ - : ? & = ,` and
 * at camelCase humps, as `<wbr>`, which adds no character to the text. A table
 * then sizes each column to its longest *piece* rather than its longest token,
 * so columns need not be squeezed until words break mid-letter.
 */
export function breakLongTokens(root: Element, minLength: number): void {
  const doc = root.ownerDocument;
  const token = new RegExp(`\\S{${minLength},}`, 'g');
  const pieces = /[^/._\-:?&=,]*[/._\-:?&=,]+|[^/._\-:?&=,]+$/g;
  const split = (word: string): string[] => (word.match(pieces) ?? [word]).flatMap((piece) => piece.split(/(?<=[a-z0-9])(?=[A-Z][a-z])/));
  const scopes = root.querySelectorAll('td, th, code, a');
  const seen = new Set<Text>();
  for (const scope of scopes) {
    if (scope.closest('pre, svg')) continue;
    const walker = doc.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (!seen.has(node) && token.test(node.data)) seen.add(node);
      token.lastIndex = 0;
    }
  }
  for (const node of seen) {
    const fragment = doc.createDocumentFragment();
    let last = 0;
    for (const match of node.data.matchAll(token)) {
      fragment.append(node.data.slice(last, match.index));
      split(match[0]).forEach((piece, index) => {
        if (index > 0) fragment.append(doc.createElement('wbr'));
        fragment.append(piece);
      });
      last = match.index + match[0].length;
    }
    fragment.append(node.data.slice(last));
    node.replaceWith(fragment);
  }
}
