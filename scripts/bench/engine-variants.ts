/**
 * The engines the benchmark compares, as the server is told to run them. `native-untagged` is the
 * native engine with EXPORT_TAGGED=false: the baseline that measures what the tagged PDF costs.
 * `native-render-1` prints one part at a time (RENDER_CONCURRENCY=1): the baseline of parallel printing.
 */
const VARIANTS: Record<string, {engine: string; tagged: boolean; renderConcurrency?: number}> = {
  native: {engine: 'native', tagged: true},
  'native-untagged': {engine: 'native', tagged: false},
  'native-render-1': {engine: 'native', tagged: true, renderConcurrency: 1},
  'docs-to-pdf': {engine: 'docs-to-pdf', tagged: true},
};

/** The engine variant of the untagged baseline. */
export const UNTAGGED = 'native-untagged';
/** The engine variant that prints one part at a time. */
export const ONE_RENDER_TAB = 'native-render-1';

/** The server's environment for a variant (an unknown name goes to EXPORT_ENGINE as is, which rejects it). */
export function serverEnvironment(variant: string): {EXPORT_ENGINE: string; EXPORT_TAGGED: string; RENDER_CONCURRENCY: string} {
  const known = VARIANTS[variant];
  return {
    EXPORT_ENGINE: known?.engine ?? variant,
    EXPORT_TAGGED: String(known?.tagged ?? true),
    // Empty is unset: the server's default, whatever the runner's environment says.
    RENDER_CONCURRENCY: known?.renderConcurrency === undefined ? '' : String(known.renderConcurrency),
  };
}

/** The engine name the server logs for an export of this variant. */
export const loggedEngine = (variant: string): string => VARIANTS[variant]?.engine ?? variant;
