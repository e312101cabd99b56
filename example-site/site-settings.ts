import type {Config} from '@docusaurus/types';

/**
 * How every site of this repository builds: a link or anchor that does not
 * resolve fails the build, and Mermaid is on. The benchmark's generated sites
 * import it too (scripts/bench/site-files.ts), so they build as this one does.
 */
export const strictBuild = {
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {mermaid: true, hooks: {onBrokenMarkdownLinks: 'throw'}},
  themes: ['@docusaurus/theme-mermaid'],
} satisfies Partial<Config>;
