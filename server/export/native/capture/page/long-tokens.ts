// Run inside Chromium on a copy of a page's content (see page-lib.ts).

/**
 * Offers line breaks inside long tokens (identifiers, paths, URLs, constant
 * names) of table cells, inline code and links: after `/ . _ - : ? & = ,` and
 * at camelCase humps, as `<wbr>`, which adds no character to the text. A table
 * then sizes each column to its longest *piece* rather than its longest token,
 * so columns need not be squeezed until words break mid-letter.
 * A command-line flag (`--prefix`, `--no-color`, `-t`) is the exception: the browser itself
 * breaks after a hyphen, so a narrow column printed "--" / "prefix". A flag of up to
 * `FLAG_WHOLE` characters never breaks; a longer one may break at its inner hyphens, never
 * after its leading dashes.
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
  const FLAG_WHOLE = 24;
  const flag = /(^|[\s([,])(--?[A-Za-z][\w-]*)/g;
  const flags = new Set<Text>();
  for (const scope of scopes) {
    if (scope.closest('pre, svg')) continue;
    const walker = doc.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      if (/(^|[\s([,])--?[A-Za-z]/.test(node.data)) flags.add(node);
    }
  }
  for (const node of flags) {
    const fragment = doc.createDocumentFragment();
    // The text around the flags is a token's text as any other: it may get breaks below.
    const rest = (text: string) => {
      const piece = doc.createTextNode(text);
      if (token.test(text)) seen.add(piece);
      token.lastIndex = 0;
      fragment.append(piece);
    };
    let last = 0;
    for (const match of node.data.matchAll(flag)) {
      const start = match.index + match[1]!.length;
      const whole = match[2]!.length <= FLAG_WHOLE ? match[2]! : /^--?[A-Za-z][^-]*/.exec(match[2]!)![0];
      rest(node.data.slice(last, start));
      const span = doc.createElement('span');
      span.className = 'export-pdf-nowrap';
      span.textContent = whole;
      fragment.append(span);
      last = start + whole.length;
    }
    rest(node.data.slice(last));
    seen.delete(node);
    node.replaceWith(fragment);
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
