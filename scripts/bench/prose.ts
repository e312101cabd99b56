// Seeded pseudo-random numbers and MDX-safe technical prose for the synthetic bench sites.
// Everything produced here uses letters, digits, spaces and `.,:;*` plus backticks only:
// no braces, no angle brackets, no pipes, so it is safe in MDX prose and in table cells.

/** mulberry32: small, fast, deterministic. */
export class Rng {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static fromString(text: string): Rng {
    let hash = 2166136261;
    for (let i = 0; i < text.length; i += 1) {
      hash ^= text.charCodeAt(i);
      hash = Math.imul(hash, 16777619);
    }
    return new Rng(hash >>> 0);
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }

  /** k distinct items, in random order. */
  sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    const out: T[] = [];
    while (out.length < k && copy.length > 0) out.push(copy.splice(Math.floor(this.next() * copy.length), 1)[0]);
    return out;
  }
}

// The word lists stay dense, as written: one word a line would make them pages long.
// prettier-ignore
export const NOUNS = [
  'queue', 'worker', 'job', 'scheduler', 'payload', 'retry', 'backoff', 'cluster', 'node', 'replica',
  'partition', 'shard', 'lease', 'timeout', 'deadline', 'metric', 'counter', 'histogram', 'dashboard',
  'alert', 'handler', 'pipeline', 'stage', 'batch', 'buffer', 'cache', 'index', 'snapshot', 'checkpoint',
  'manifest', 'bundle', 'plugin', 'adapter', 'connector', 'driver', 'client', 'server', 'endpoint',
  'request', 'response', 'header', 'token', 'session', 'credential', 'secret', 'certificate', 'policy',
  'quota', 'limit', 'threshold', 'budget', 'window', 'interval', 'schedule', 'event', 'message', 'topic',
  'channel', 'stream', 'consumer', 'producer', 'broker', 'offset', 'cursor', 'record', 'table', 'column',
  'schema', 'migration', 'transaction', 'lock', 'semaphore', 'thread', 'process', 'container', 'image',
  'volume', 'namespace', 'deployment', 'rollout', 'release', 'version', 'tag', 'branch', 'commit',
  'build', 'artifact', 'registry', 'mirror', 'proxy', 'gateway', 'route', 'rule', 'filter', 'transform',
  'mapping', 'field', 'value', 'key', 'entry', 'log', 'trace', 'span', 'sample', 'report', 'template',
  'layout', 'theme', 'page', 'section', 'chapter', 'sidebar', 'document', 'heading', 'link', 'anchor',
  'footer', 'cover', 'webhook', 'listener', 'probe', 'heartbeat', 'socket', 'tenant', 'workspace',
] as const;

// prettier-ignore
export const VERBS = [
  'handle', 'schedule', 'retry', 'validate', 'serialize', 'flush', 'drain', 'buffer', 'rotate',
  'compact', 'replicate', 'acknowledge', 'reject', 'forward', 'split', 'merge', 'export', 'render',
  'cache', 'index', 'track', 'record', 'emit', 'collect', 'throttle', 'limit', 'resolve', 'load',
  'store', 'write', 'read', 'update', 'refresh', 'migrate', 'restore', 'monitor', 'inspect', 'report',
  'sign', 'verify', 'encrypt', 'compress', 'stream', 'batch', 'group', 'sort', 'filter', 'map',
  'publish', 'subscribe', 'register', 'observe', 'prune', 'archive', 'promote', 'pause', 'resume',
] as const;

// prettier-ignore
export const ADJECTIVES = [
  'stable', 'transient', 'durable', 'idle', 'busy', 'healthy', 'degraded', 'stale', 'fresh', 'pending',
  'active', 'paused', 'failed', 'delayed', 'recurring', 'optional', 'required', 'default', 'custom',
  'internal', 'external', 'local', 'remote', 'shared', 'isolated', 'primary', 'secondary', 'small',
  'large', 'slow', 'fast', 'bounded', 'unbounded', 'ordered', 'concurrent', 'parallel', 'sequential',
  'incremental', 'full', 'partial', 'encrypted', 'compressed', 'cached', 'versioned', 'immutable',
  'mutable', 'predictable', 'verbose', 'quiet', 'regional', 'global', 'ephemeral', 'persistent',
] as const;

// prettier-ignore
const ADVERBS = [
  'quickly', 'safely', 'eventually', 'immediately', 'periodically', 'automatically', 'explicitly',
  'rarely', 'usually', 'always', 'gradually', 'reliably', 'silently', 'lazily', 'eagerly', 'twice',
] as const;

// prettier-ignore
const PREPOSITIONS = [
  'in', 'on', 'for', 'with', 'from', 'into', 'across', 'behind', 'before', 'after', 'during', 'under',
  'through', 'between', 'without', 'around',
] as const;

// prettier-ignore
const OPENERS = [
  'In practice,', 'By default,', 'When the cluster is busy,', 'For most teams,', 'As a rule,',
  'Under load,', 'In production,', 'During a rollout,', 'After a restart,',
  'If nothing else is configured,', 'On a fresh install,', 'Most of the time,', 'In small deployments,',
  'Before the first release,', 'For compatibility reasons,', 'On slow networks,',
] as const;

export const cap = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

export function plural(noun: string): string {
  if (/(s|x|z|ch|sh)$/.test(noun)) return `${noun}es`;
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  return `${noun}s`;
}

export function third(verb: string): string {
  return plural(verb);
}

/** `a queue`, `an alert`. */
export function art(word: string): string {
  return `${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}`;
}

export function camel(...words: string[]): string {
  return words.map((word, i) => (i === 0 ? word : cap(word))).join('');
}

export function kebab(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[A-Za-z0-9]/.test(token)).length;
}

export class Prose {
  constructor(private readonly rng: Rng) {}

  noun = (): string => this.rng.pick(NOUNS);
  verb = (): string => this.rng.pick(VERBS);
  adj = (): string => this.rng.pick(ADJECTIVES);

  /** A noun, now and then wrapped in bold, italics or inline code. */
  private styledNoun(): string {
    const noun = this.noun();
    const roll = this.rng.next();
    if (roll < 0.05) return `**${noun}**`;
    if (roll < 0.09) return `*${noun}*`;
    if (roll < 0.15) return `\`${camel(noun, this.noun())}\``;
    return noun;
  }

  private clause(): string {
    const r = this.rng;
    const patterns: Array<() => string> = [
      () => `the ${this.adj()} ${this.styledNoun()} ${third(this.verb())} every ${this.noun()} ${r.pick(PREPOSITIONS)} the ${this.noun()}`,
      () => `each ${this.noun()} ${third(this.verb())} its ${this.adj()} ${plural(this.noun())} ${r.pick(ADVERBS)}`,
      () =>
        `${art(this.noun())} that ${third(this.verb())} the ${this.styledNoun()} should also ${this.verb()} the ${this.adj()} ${this.noun()}`,
      () => `use ${this.styledNoun()} to ${this.verb()} the ${this.noun()} when the ${this.noun()} is ${this.adj()}`,
      () =>
        `without ${art(this.adj())} ${this.noun()}, the ${this.noun()} ${third(this.verb())} ${r.pick(ADVERBS)} and the ${this.noun()} stays ${this.adj()}`,
      () => `up to ${r.int(2, 512)} ${plural(this.noun())} per ${this.noun()} can ${this.verb()} the same ${this.styledNoun()}`,
      () =>
        `the ${this.noun()} ${r.pick(ADVERBS)} ${third(this.verb())} ${plural(this.noun())} ${r.pick(PREPOSITIONS)} ${r.int(1, 60)} seconds`,
      () =>
        `you can ${this.verb()} ${plural(this.noun())} ${r.pick(PREPOSITIONS)} the ${this.adj()} ${this.styledNoun()} once the ${this.noun()} is ${this.adj()}`,
      () => `this ${this.noun()} ${third(this.verb())} the ${this.adj()} ${this.noun()} and ${third(this.verb())} the ${this.noun()}`,
      () => `${plural(this.noun())} ${r.pick(PREPOSITIONS)} ${art(this.adj())} ${this.noun()} are ${this.adj()} by design`,
    ];
    return r.pick(patterns)();
  }

  sentence(): string {
    const r = this.rng;
    let text = this.clause();
    const roll = r.next();
    if (roll < 0.2) text = `${r.pick(OPENERS)} ${text}`;
    else if (roll < 0.35) text = `${text}, which ${third(this.verb())} the ${this.adj()} ${plural(this.noun())}`;
    else if (roll < 0.45) text = `${text}; otherwise the ${this.noun()} ${third(this.verb())} ${r.pick(ADVERBS)}`;
    return `${cap(text)}.`;
  }

  /** Sentences until at least `words` words. */
  paragraph(words: number): string {
    const sentences: string[] = [];
    let count = 0;
    while (count < words) {
      const sentence = this.sentence();
      sentences.push(sentence);
      count += countWords(sentence);
    }
    return sentences.join(' ');
  }

  /** A short fragment for list items and table cells. */
  fragment(): string {
    const r = this.rng;
    const patterns: Array<() => string> = [
      () => `${cap(this.verb())} the ${this.adj()} ${this.noun()} ${r.pick(PREPOSITIONS)} each ${this.noun()}`,
      () => `${cap(this.adj())} ${plural(this.noun())} stay ${this.adj()} ${r.pick(ADVERBS)}`,
      () => `\`${camel(this.noun(), this.noun())}\` ${third(this.verb())} the ${this.noun()}`,
      () => `One ${this.noun()} per ${this.noun()}, ${r.pick(ADVERBS)} ${this.adj()}`,
      () => `${cap(plural(this.noun()))} ${r.pick(PREPOSITIONS)} the ${this.adj()} ${this.noun()}`,
    ];
    return r.pick(patterns)();
  }

  headingText(): string {
    const r = this.rng;
    const patterns: Array<() => string> = [
      () => `${cap(this.adj())} ${plural(this.noun())}`,
      () => `How the ${this.noun()} ${third(this.verb())} ${plural(this.noun())}`,
      () => `${cap(this.noun())} and ${this.noun()} settings`,
      () => `When to ${this.verb()} the ${this.noun()}`,
      () => `Troubleshooting ${this.adj()} ${plural(this.noun())}`,
      () => `${cap(this.noun())} ${this.noun()} reference`,
      () => `${cap(this.verb())} ${plural(this.noun())} ${r.pick(PREPOSITIONS)} ${art(this.noun())}`,
    ];
    return r.pick(patterns)();
  }

  title(): string {
    const patterns: Array<() => string> = [
      () => `${cap(this.adj())} ${this.noun()} ${plural(this.noun())}`,
      () => `Working with ${this.adj()} ${plural(this.noun())}`,
      () => `${cap(this.noun())} ${this.noun()} guide`,
      () => `Configuring the ${this.noun()} ${this.noun()}`,
      () => `Understanding ${this.noun()} ${plural(this.noun())}`,
      () => `${cap(plural(this.noun()))} in depth`,
      () => `${cap(this.verb())} ${plural(this.noun())} safely`,
    ];
    return this.rng.pick(patterns)();
  }
}
