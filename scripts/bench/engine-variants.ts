/**
 * The engines the benchmark compares, as the server is told to run them. `native-untagged` is the
 * native engine with EXPORT_TAGGED=false: the baseline that measures what the tagged PDF costs.
 */
const VARIANTS: Record<string, {engine: string; tagged: boolean}> = {
  native: {engine: 'native', tagged: true},
  'native-untagged': {engine: 'native', tagged: false},
  'docs-to-pdf': {engine: 'docs-to-pdf', tagged: true},
};

/** The engine variant of the untagged baseline. */
export const UNTAGGED = 'native-untagged';

/** The server's environment for a variant (an unknown name goes to EXPORT_ENGINE as is, which rejects it). */
export function serverEnvironment(variant: string): {EXPORT_ENGINE: string; EXPORT_TAGGED: string} {
  const known = VARIANTS[variant];
  return {EXPORT_ENGINE: known?.engine ?? variant, EXPORT_TAGGED: String(known?.tagged ?? true)};
}

/** The engine name the server logs for an export of this variant. */
export const loggedEngine = (variant: string): string => VARIANTS[variant]?.engine ?? variant;
