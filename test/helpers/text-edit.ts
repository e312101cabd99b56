function occurrences(text: string, fragment: string): number[] {
  const found: number[] = [];
  for (let at = text.indexOf(fragment); at >= 0; at = text.indexOf(fragment, at + 1)) found.push(at);
  return found;
}

function onlyOccurrence(text: string, fragment: string): number {
  const found = occurrences(text, fragment);
  if (found.length !== 1) {
    throw new Error(`expected ${JSON.stringify(fragment)} exactly once, found it ${found.length} times: the text's shape changed`);
  }
  return found[0]!;
}

/** Inserts `insertion` just before the only occurrence of `anchor`. */
export function insertBefore(text: string, anchor: string, insertion: string): string {
  const at = onlyOccurrence(text, anchor);
  return text.slice(0, at) + insertion + text.slice(at);
}

/**
 * Inserts `insertion` just after the first `anchor` that follows the only
 * occurrence of `scope` (so `items: [` of the navbar, not of the footer).
 */
export function insertAfterWithin(text: string, scope: string, anchor: string, insertion: string): string {
  const start = onlyOccurrence(text, scope);
  const at = text.indexOf(anchor, start + scope.length);
  if (at < 0) throw new Error(`expected ${JSON.stringify(anchor)} after ${JSON.stringify(scope)}: the text's shape changed`);
  const end = at + anchor.length;
  return text.slice(0, end) + insertion + text.slice(end);
}
