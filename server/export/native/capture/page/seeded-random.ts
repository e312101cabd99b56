// Run inside Chromium in a capture tab (see page-lib.ts).

/**
 * From now on, Math.random draws from `seed` (mulberry32). Mermaid draws some shapes' paths and
 * its ids at random: with the random numbers seeded from the page's path, a page renders the same
 * way each time it is captured, so the part that holds it keeps its print cache key.
 */
export function seedRandom(path: string): void {
  let state = 0x811c9dc5;
  for (let i = 0; i < path.length; i++) state = Math.imul(state ^ path.charCodeAt(i), 0x01000193);
  Math.random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
