/** What a test needs to know about one stage of a Dockerfile. */
export type DockerStage = {
  /** Image or earlier stage the stage starts from. */
  from: string;
  name?: string;
  env: Record<string, string>;
  workdir?: string;
  user?: string;
  /** Exec form as written; a shell form becomes `/bin/sh -c <line>`, as Docker runs it. */
  entrypoint?: string[];
  cmd?: string[];
  /** The HEALTHCHECK's command, in the same form. */
  healthcheck?: string[];
  expose: string[];
  /** Every RUN line, continuation lines joined. */
  run: string[];
  /** Every COPY: the stage it copies from (`--from`), else the build context; its sources and destination. */
  copy: Array<{from?: string; sources: string[]; dest: string}>;
};

/** Splits on white space outside quotes, dropping the quotes, as Docker reads ENV. */
function words(text: string): string[] {
  const result: string[] = [];
  let current: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === '\\' && quote !== "'" && i + 1 < text.length) {
      current = (current ?? '') + text[++i];
    } else if (quote) {
      if (char === quote) quote = undefined;
      else current += char;
    } else if (char === '"' || char === "'") {
      quote = char;
      current ??= '';
    } else if (/\s/.test(char)) {
      if (current !== undefined) result.push(current);
      current = undefined;
    } else {
      current = (current ?? '') + char;
    }
  }
  if (current !== undefined) result.push(current);
  return result;
}

function commandForm(args: string): string[] {
  return args.startsWith('[') ? (JSON.parse(args) as string[]) : ['/bin/sh', '-c', args];
}

function readEnv(args: string, env: Record<string, string>): void {
  const parts = words(args);
  // The old form `ENV KEY value with spaces` sets one variable.
  const pairs = parts[0]?.includes('=') ? parts.map((part) => part.split(/=(.*)/s)) : [[parts[0], parts.slice(1).join(' ')]];
  for (const [key, value = ''] of pairs) {
    // Substitution is not implemented: a test must not silently read `$HOME` as a value.
    if (value.includes('$')) throw new Error(`ENV ${key} uses a variable, which this parser does not expand`);
    env[key!] = value;
  }
}

/** Instructions with continuation lines joined and comments dropped. */
function instructions(text: string): Array<{keyword: string; args: string}> {
  const result: Array<{keyword: string; args: string}> = [];
  let pending = '';
  for (const line of text.split(/\r?\n/)) {
    if (/^\s*#/.test(line)) continue;
    if (line.endsWith('\\')) {
      pending += line.slice(0, -1) + ' ';
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (!whole) continue;
    const [, keyword, args = ''] = /^(\S+)\s*(.*)$/s.exec(whole)!;
    result.push({keyword: keyword!.toUpperCase(), args: args.trim()});
  }
  return result;
}

/** The stages of a Dockerfile, in order; a stage built `FROM` an earlier one starts from its settings. */
export function parseDockerfile(text: string): DockerStage[] {
  const stages: DockerStage[] = [];
  let stage: DockerStage | undefined;
  for (const {keyword, args} of instructions(text)) {
    if (keyword === 'FROM') {
      const [from, as, name] = words(args).filter((word) => !word.startsWith('--platform='));
      const base = stages.find((earlier) => earlier.name === from);
      stage = base ? {...structuredClone(base), from: from!, name: undefined} : {from: from!, env: {}, expose: [], run: [], copy: []};
      if (as?.toUpperCase() === 'AS') stage.name = name;
      stages.push(stage);
      continue;
    }
    if (!stage) continue; // ARG before the first FROM
    if (keyword === 'ENV') readEnv(args, stage.env);
    else if (keyword === 'WORKDIR') stage.workdir = args;
    else if (keyword === 'USER') stage.user = args;
    else if (keyword === 'ENTRYPOINT') stage.entrypoint = commandForm(args);
    else if (keyword === 'CMD') stage.cmd = commandForm(args);
    else if (keyword === 'EXPOSE') stage.expose.push(...words(args));
    else if (keyword === 'RUN') stage.run.push(args);
    else if (keyword === 'COPY') {
      const flags = words(args).filter((word) => word.startsWith('--'));
      const paths = words(args).filter((word) => !word.startsWith('--'));
      const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length);
      stage.copy.push({from, sources: paths.slice(0, -1), dest: paths.at(-1)!});
    } else if (keyword === 'HEALTHCHECK') {
      const command = /(?:^|\s)CMD\s+(.*)$/s.exec(args)?.[1];
      stage.healthcheck = command ? commandForm(command.trim()) : undefined;
    }
  }
  return stages;
}
