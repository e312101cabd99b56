/** FNV-1a of a string's code points, as an unsigned 32-bit number: a cheap, stable hash of a chapter key. */
export function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (const char of text) hash = Math.imul(hash ^ char.codePointAt(0)!, 0x01000193) >>> 0;
  return hash;
}
