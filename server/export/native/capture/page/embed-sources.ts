// Runs inside Chromium on a copy of a page's content (see page-lib.ts): never import here.

/**
 * Expo Snack embeds (`data-snack-code`, `data-snack-files`, `data-snack-id`,
 * the format of https://snack.expo.dev/embed.js) print as their source code.
 * On screen the script fills an empty element with a live editor; in the book
 * that element would print as nothing, or as a link to a frame, while the code
 * the reader came for sits URL-encoded in its attributes. Each code file
 * prints as a code block under its file name; a saved Snack with no code of
 * its own prints as a line linking to it.
 */
export function snacksAsCode(root: Element): void {
  const doc = root.ownerDocument;
  const decoded = (value: string | null) => {
    if (value == null) return '';
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  };
  const codeBlock = (title: string, code: string) => {
    const block = doc.createElement('div');
    block.className = 'theme-code-block export-pdf-code-file';
    const caption = doc.createElement('div');
    caption.className = 'export-pdf-code-title';
    caption.textContent = title;
    const pre = doc.createElement('pre');
    const inner = doc.createElement('code');
    inner.textContent = code.replace(/\n$/, '');
    pre.append(inner);
    block.append(caption, pre);
    return block;
  };
  const files = (element: Element): [string, string][] => {
    const json = element.getAttribute('data-snack-files');
    if (json) {
      try {
        const parsed = JSON.parse(decoded(json)) as Record<string, {type?: string; contents?: unknown}>;
        return Object.entries(parsed)
          .filter(([, file]) => file && (file.type ?? 'CODE') === 'CODE' && typeof file.contents === 'string')
          .map(([name, file]) => [name, file.contents as string]);
      } catch {
        return [];
      }
    }
    const code = element.getAttribute('data-snack-code');
    return code ? [['App.js', decoded(code)]] : [];
  };
  for (const element of root.querySelectorAll('[data-snack-code], [data-snack-files], [data-snack-id]')) {
    if (element.parentElement?.closest('[data-snack-code], [data-snack-files], [data-snack-id]')) continue;
    const name = decoded(element.getAttribute('data-snack-name')).trim();
    const sources = files(element);
    const id = decoded(element.getAttribute('data-snack-id')).trim();
    const box = doc.createElement('div');
    box.className = 'export-pdf-snack';
    for (const [file, code] of sources) box.append(codeBlock(name ? `${name} — ${file}` : file, code));
    if (!sources.length && id) {
      const line = doc.createElement('p');
      line.className = 'export-pdf-embed';
      const link = doc.createElement('a');
      link.href = `https://snack.expo.dev/${encodeURI(id.replace(/^\/+/, ''))}`;
      link.textContent = link.href;
      line.append(`Snack${name ? `: ${name}` : ''}: `, link);
      box.append(line);
    }
    if (box.childNodes.length) element.replaceWith(box);
    else element.remove();
  }
}
