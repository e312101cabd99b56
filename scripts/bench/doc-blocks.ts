// The Markdown blocks a synthetic doc is made of, for doc-render.ts.
import path from 'node:path';
import {Prose, Rng, cap, camel, countWords, plural} from './prose';
import {type DocPlan, pad} from './site-plan';

// ---------------------------------------------------------------------------------------------
// Blocks

export interface Block {
  text: string;
  words: number;
}

export const prosed = (text: string): Block => ({text, words: countWords(text)});
export const code = (text: string): Block => ({text, words: 0});
/** `## Text {#id}`: explicit ids, so links to headings never depend on slugification. */
export const heading = (level: number, text: string, id: string): Block => ({
  text: `${'#'.repeat(level)} ${text} {#${id}}`,
  words: countWords(text),
});

type Lang = 'ts' | 'bash' | 'json' | 'yaml';

function longLine(prose: Prose, rng: Rng, lang: Lang): string {
  const parts: string[] = [];
  let line = '';
  const build = () => {
    switch (lang) {
      case 'ts':
        return `export const ${camel(prose.noun(), 'summary')} = '${parts.join(' ')}';`;
      case 'bash':
        return `acme ${prose.verb()} ${parts.join(' ')}`;
      case 'json':
        return `  "description": "${parts.join(' ')}"`;
      case 'yaml':
        return `description: ${parts.join(' ')}`;
    }
  };
  while (line.length < 260) {
    parts.push(lang === 'bash' ? `--${prose.noun()}-${prose.noun()}=${prose.adj()}` : prose.sentence().replace(/[`*]/g, ''));
    line = build();
  }
  return line;
}

export function codeBlock(prose: Prose, rng: Rng, lang: Lang, long: boolean): Block {
  const n1 = prose.noun();
  const n2 = prose.noun();
  const n3 = prose.noun();
  const verb = prose.verb();
  const lines: string[] = [];
  switch (lang) {
    case 'ts': {
      const type = `${cap(n1)}${cap(n2)}Options`;
      lines.push(
        `import {create${cap(n1)}} from '@acme/${n1}';`,
        '',
        `export interface ${type} {`,
        `  ${n2}: string;`,
        `  ${camel(n3, 'timeout')}?: number;`,
        `  ${prose.adj()}: boolean;`,
        '}',
        '',
        `export async function ${camel(verb, n1)}(options: ${type}): Promise<void> {`,
        `  const ${n1}Client = create${cap(n1)}({retries: ${rng.int(1, 9)}});`,
        `  await ${n1}Client.${verb}(options.${n2}, {timeout: options.${camel(n3, 'timeout')} ?? ${rng.int(1, 120) * 250}});`,
        '}',
      );
      if (long) lines.push('', longLine(prose, rng, lang));
      break;
    }
    case 'bash':
      lines.push(
        `npm install @acme/${n1}`,
        `npx acme ${verb} --${n2} ${prose.adj()} --${n3}-limit ${rng.int(2, 500)}`,
        `acme ${n1} status --format json`,
      );
      if (long) lines.push(longLine(prose, rng, lang));
      break;
    case 'json': {
      const body = JSON.stringify(
        {
          [n1]: {[prose.adj()]: rng.chance(0.5), [camel(n2, 'timeout')]: rng.int(1, 90), tags: [prose.noun(), prose.noun()]},
          [camel(n3, 'limit')]: rng.int(10, 10000),
          [verb]: {enabled: true, mode: prose.adj()},
        },
        null,
        2,
      ).split('\n');
      if (long) body.splice(1, 0, `${longLine(prose, rng, lang)},`);
      lines.push(...body);
      break;
    }
    case 'yaml':
      lines.push(
        `${n1}:`,
        `  ${n2}: ${prose.adj()}`,
        `  ${camel(n3, 'limit')}: ${rng.int(1, 1000)}`,
        '  tags:',
        `    - ${prose.noun()}`,
        `    - ${prose.noun()}`,
        `${verb}:`,
        `  enabled: ${rng.chance(0.5)}`,
        `  interval: ${rng.int(1, 59)}s`,
      );
      if (long) lines.push(longLine(prose, rng, lang));
      break;
  }
  const title = rng.chance(0.3) ? ` title="${lang === 'bash' ? 'terminal' : `${n1}.${lang === 'ts' ? 'ts' : lang}`}"` : '';
  return code(['```' + lang + title, ...lines, '```'].join('\n'));
}

export function listBlock(prose: Prose, rng: Rng): Block {
  const ordered = rng.chance(0.3);
  const items: string[] = [];
  const count = rng.int(3, 6);
  for (let i = 0; i < count; i += 1) {
    items.push(`${ordered ? `${i + 1}.` : '-'} ${prose.fragment()}`);
    if (!ordered && rng.chance(0.15)) {
      const nested = rng.int(2, 3);
      for (let j = 0; j < nested; j += 1) items.push(`  - ${prose.fragment()}`);
    }
  }
  return prosed(items.join('\n'));
}

export function tableBlock(prose: Prose, rng: Rng): Block {
  const rows: string[] = [];
  if (rng.chance(0.6)) {
    rows.push('| Option | Type | Default | Description |', '| --- | --- | --- | --- |');
    for (let i = rng.int(3, 6); i > 0; i -= 1) {
      const type = rng.pick(['string', 'number', 'boolean', 'string[]']);
      const value =
        type === 'number'
          ? String(rng.int(1, 600))
          : type === 'boolean'
            ? String(rng.chance(0.5))
            : type === 'string'
              ? `'${prose.adj()}'`
              : '[]';
      rows.push(`| \`${camel(prose.noun(), prose.noun())}\` | \`${type}\` | \`${value}\` | ${prose.fragment()} |`);
    }
  } else {
    rows.push('| Metric | Unit | Typical value | Notes |', '| --- | --- | ---: | --- |');
    for (let i = rng.int(3, 5); i > 0; i -= 1) {
      const unit = rng.pick(['ms', 'jobs/s', 'MB', 'percent', 'count']);
      rows.push(
        `| \`${prose.noun()}_${prose.noun()}_${rng.pick(['total', 'seconds', 'bytes', 'ratio'])}\` | ${unit} | ${rng.int(1, 9999)} | ${prose.fragment()} |`,
      );
    }
  }
  return prosed(rows.join('\n'));
}

export function admonitionBlock(prose: Prose, rng: Rng): Block {
  const type = rng.pick(['note', 'tip', 'info', 'warning', 'danger']);
  const title = rng.chance(0.5) ? `[${cap(prose.adj())} ${plural(prose.noun())}]` : '';
  return prosed(`:::${type}${title}\n\n${prose.paragraph(rng.int(15, 40))}\n\n:::`);
}

export function detailsBlock(prose: Prose, rng: Rng): Block {
  const summary = `Show the ${prose.adj()} ${prose.noun()} output`;
  const log = [];
  for (let i = rng.int(3, 6); i > 0; i -= 1) {
    log.push(
      `${pad(rng.int(0, 23), 2)}:${pad(rng.int(0, 59), 2)}:${pad(rng.int(0, 59), 2)} ${rng.pick(['INFO', 'WARN', 'DEBUG'])} ${prose.noun()} ${prose.verb()} ${prose.noun()}=${rng.int(1, 999)}`,
    );
  }
  const paragraph = prose.paragraph(rng.int(25, 50));
  return {
    text: `<details>\n<summary>${summary}</summary>\n\n${paragraph}\n\n\`\`\`text\n${log.join('\n')}\n\`\`\`\n\n</details>`,
    words: countWords(summary) + countWords(paragraph),
  };
}

export function tabsBlock(prose: Prose, rng: Rng): Block {
  const n1 = prose.noun();
  if (rng.chance(0.5)) {
    const managers: Array<[string, string, string]> = [
      ['npm', 'npm', `npm install @acme/${n1}`],
      ['yarn', 'Yarn', `yarn add @acme/${n1}`],
      ['pnpm', 'pnpm', `pnpm add @acme/${n1}`],
    ];
    const tabs = managers
      .map(
        ([value, label, command], i) =>
          `<TabItem value="${value}" label="${label}"${i === 0 ? ' default' : ''}>\n\n\`\`\`bash\n${command}\n\`\`\`\n\n</TabItem>`,
      )
      .join('\n');
    return {text: `<Tabs groupId="package-manager">\n${tabs}\n</Tabs>`, words: 0};
  }
  const intro = prose.paragraph(rng.int(15, 30));
  const formats: Lang[] = ['ts', 'json', 'yaml'];
  const tabs = formats
    .map(
      (lang, i) =>
        `<TabItem value="${lang}" label="${lang.toUpperCase()}"${i === 0 ? ' default' : ''}>\n\n${codeBlock(prose, rng, lang, false).text}\n\n</TabItem>`,
    )
    .join('\n');
  return {text: `${intro}\n\n<Tabs groupId="config-format">\n${tabs}\n</Tabs>`, words: countWords(intro)};
}

export function mermaidBlock(prose: Prose, rng: Rng): Block {
  const names = Array.from({length: rng.int(4, 6)}, () => cap(prose.noun()));
  const lines = ['```mermaid', `flowchart ${rng.pick(['LR', 'TD'])}`];
  names.forEach((name, i) => {
    if (i > 0) lines.push(`  N${i - 1} -->|${prose.verb()}| N${i}[${name}]`);
    else lines.push(`  N0[${name}]`);
  });
  lines.push(`  N${names.length - 1} --> D{${cap(prose.adj())}?}`, `  D -->|yes| N0`, `  D -->|no| E[${cap(prose.noun())} done]`, '```');
  return code(lines.join('\n'));
}

export function imageBlock(prose: Prose): Block {
  const alt = `Bar chart of ${prose.noun()} throughput by ${prose.noun()}`;
  return prosed(`![${alt}](/img/chart.png)\n\n*Figure: ${alt.toLowerCase()}.*`);
}

// ---------------------------------------------------------------------------------------------
// Docs

export function relativeLink(from: DocPlan, to: DocPlan): string {
  const rel = path.posix.relative(path.posix.dirname(from.file), to.file);
  return rel.startsWith('.') ? rel : `./${rel}`;
}
