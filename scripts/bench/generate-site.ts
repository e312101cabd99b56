// Generates a synthetic Docusaurus 3 docs site of N docs for the PDF export benchmarks.
//
//   node --import tsx scripts/bench/generate-site.ts --docs 100 --out .bench/sites/docs-100
//
// The output is deterministic: the same --docs gives the same site, byte for byte. The site has
// no node_modules of its own; it builds with the repo's, found by Node's upward resolution, so
// --out must stay inside this repo (the default, .bench/sites/docs-N, does):
//
//   cd .bench/sites/docs-100 && node ../../../node_modules/@docusaurus/core/bin/docusaurus.mjs build
import {copyFileSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs';
import path from 'node:path';
import {barChartPng} from './png';
import {Prose, Rng, cap, camel, countWords, kebab, plural} from './prose';

const REPO_ROOT = path.resolve(path.dirname(process.argv[1] ?? '.'), '..', '..');
const MARKER_FILE = '.bench-site';

// ---------------------------------------------------------------------------------------------
// Plan: categories, docs and headings, all decided before any text is written so that links
// can point at docs (and headings) that come later in the sidebar.

interface HeadingPlan {
  text: string;
  id: string;
  subs: Array<{text: string; id: string}>;
}

interface DocPlan {
  index: number;
  marker: string;
  /** Doc id, e.g. `cat-003/doc-0042`. */
  id: string;
  /** Path under docs/, e.g. `cat-003/doc-0042.md`. */
  file: string;
  mdx: boolean;
  title: string;
  sections: HeadingPlan[];
}

interface CategoryPlan {
  label: string;
  slug: string;
  link: 'none' | 'generated-index' | 'doc';
  linkDoc?: DocPlan;
  items: Array<DocPlan | CategoryPlan>;
  description: string;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const isCategory = (item: DocPlan | CategoryPlan): item is CategoryPlan => 'items' in item;

function categorySizes(rng: Rng, total: number): number[] {
  const sizes: number[] = [];
  let remaining = total;
  while (remaining > 0) {
    let size: number;
    if (remaining <= 12) size = remaining;
    else if (remaining < 16) size = 8;
    else size = Math.min(rng.int(8, 12), remaining - 8);
    sizes.push(size);
    remaining -= size;
  }
  return sizes;
}

function uniqueLabel(prose: Prose, rng: Rng, used: Set<string>): string {
  for (let attempt = 0; ; attempt += 1) {
    const options = [
      () => `${cap(prose.noun())} ${plural(prose.noun())}`,
      () => `${cap(prose.adj())} ${plural(prose.noun())}`,
      () => `${cap(prose.noun())} ${prose.noun()} operations`,
      () => `${cap(prose.verb())} and ${prose.verb()}`,
    ];
    let label = rng.pick(options)();
    if (attempt > 40) label = `${label} ${attempt}`;
    if (!used.has(label)) {
      used.add(label);
      return label;
    }
  }
}

function planSite(total: number, rng: Rng, prose: Prose): {categories: CategoryPlan[]; docs: DocPlan[]} {
  const docs: DocPlan[] = [];
  const usedLabels = new Set<string>();

  const newDoc = (dir: string): DocPlan => {
    const index = docs.length + 1;
    const name = `doc-${pad(index, 4)}`;
    const mdx = index % 6 === 2; // the docs with Tabs
    const sections: HeadingPlan[] = [];
    const sectionCount = rng.int(3, 6);
    for (let k = 1; k <= sectionCount; k += 1) {
      const text = prose.headingText();
      const subs: HeadingPlan['subs'] = [];
      const subCount = rng.chance(0.35) ? rng.int(1, 2) : 0;
      for (let m = 1; m <= subCount; m += 1) {
        const subText = prose.headingText();
        subs.push({text: subText, id: `section-${k}-${m}-${kebab(subText)}`});
      }
      sections.push({text, id: `section-${k}-${kebab(text)}`, subs});
    }
    const doc: DocPlan = {
      index,
      marker: `doc-${pad(index, 4)}`,
      id: `${dir}/${name}`,
      file: `${dir}/${name}.${mdx ? 'mdx' : 'md'}`,
      mdx,
      title: prose.title(),
      sections,
    };
    docs.push(doc);
    return doc;
  };

  const categories: CategoryPlan[] = [];
  categorySizes(rng, total).forEach((size, i) => {
    const number = i + 1;
    const dir = `cat-${pad(number, 3)}`;
    const link: CategoryPlan['link'] = number % 3 === 0 ? 'generated-index' : number % 3 === 2 ? 'doc' : 'none';
    const category: CategoryPlan = {
      label: uniqueLabel(prose, rng, usedLabels),
      slug: `/category/${dir}`,
      link,
      items: [],
      description: prose.sentence().replace(/[`*]/g, ''),
    };
    let left = size;
    if (link === 'doc') {
      category.linkDoc = newDoc(dir);
      left -= 1;
    }
    // Every 4th category nests a sub-category in the middle of its items.
    const subSize = number % 4 === 0 && left >= 6 ? rng.int(3, 4) : 0;
    const before = subSize ? Math.floor((left - subSize) / 2) : left;
    for (let d = 0; d < before; d += 1) category.items.push(newDoc(dir));
    if (subSize) {
      const sub: CategoryPlan = {
        label: uniqueLabel(prose, rng, usedLabels),
        slug: `/category/${dir}-part-2`,
        link: number % 8 === 0 ? 'generated-index' : 'none',
        items: [],
        description: prose.sentence().replace(/[`*]/g, ''),
      };
      for (let d = 0; d < subSize; d += 1) sub.items.push(newDoc(`${dir}/part-2`));
      category.items.push(sub);
    }
    for (let d = before + subSize; d < left; d += 1) category.items.push(newDoc(dir));
    categories.push(category);
  });
  return {categories, docs};
}

// ---------------------------------------------------------------------------------------------
// Blocks

interface Block {
  text: string;
  words: number;
}

const prosed = (text: string): Block => ({text, words: countWords(text)});
const code = (text: string): Block => ({text, words: 0});
/** `## Text {#id}`: explicit ids, so links to headings never depend on slugification. */
const heading = (level: number, text: string, id: string): Block => ({text: `${'#'.repeat(level)} ${text} {#${id}}`, words: countWords(text)});

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
    parts.push(
      lang === 'bash'
        ? `--${prose.noun()}-${prose.noun()}=${prose.adj()}`
        : prose.sentence().replace(/[`*]/g, ''),
    );
    line = build();
  }
  return line;
}

function codeBlock(prose: Prose, rng: Rng, lang: Lang, long: boolean): Block {
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

function listBlock(prose: Prose, rng: Rng): Block {
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

function tableBlock(prose: Prose, rng: Rng): Block {
  const rows: string[] = [];
  if (rng.chance(0.6)) {
    rows.push('| Option | Type | Default | Description |', '| --- | --- | --- | --- |');
    for (let i = rng.int(3, 6); i > 0; i -= 1) {
      const type = rng.pick(['string', 'number', 'boolean', 'string[]']);
      const value =
        type === 'number' ? String(rng.int(1, 600)) : type === 'boolean' ? String(rng.chance(0.5)) : type === 'string' ? `'${prose.adj()}'` : '[]';
      rows.push(`| \`${camel(prose.noun(), prose.noun())}\` | \`${type}\` | \`${value}\` | ${prose.fragment()} |`);
    }
  } else {
    rows.push('| Metric | Unit | Typical value | Notes |', '| --- | --- | ---: | --- |');
    for (let i = rng.int(3, 5); i > 0; i -= 1) {
      const unit = rng.pick(['ms', 'jobs/s', 'MB', 'percent', 'count']);
      rows.push(`| \`${prose.noun()}_${prose.noun()}_${rng.pick(['total', 'seconds', 'bytes', 'ratio'])}\` | ${unit} | ${rng.int(1, 9999)} | ${prose.fragment()} |`);
    }
  }
  return prosed(rows.join('\n'));
}

function admonitionBlock(prose: Prose, rng: Rng): Block {
  const type = rng.pick(['note', 'tip', 'info', 'warning', 'danger']);
  const title = rng.chance(0.5) ? `[${cap(prose.adj())} ${plural(prose.noun())}]` : '';
  return prosed(`:::${type}${title}\n\n${prose.paragraph(rng.int(15, 40))}\n\n:::`);
}

function detailsBlock(prose: Prose, rng: Rng): Block {
  const summary = `Show the ${prose.adj()} ${prose.noun()} output`;
  const log = [];
  for (let i = rng.int(3, 6); i > 0; i -= 1) {
    log.push(`${pad(rng.int(0, 23), 2)}:${pad(rng.int(0, 59), 2)}:${pad(rng.int(0, 59), 2)} ${rng.pick(['INFO', 'WARN', 'DEBUG'])} ${prose.noun()} ${prose.verb()} ${prose.noun()}=${rng.int(1, 999)}`);
  }
  const paragraph = prose.paragraph(rng.int(25, 50));
  return {
    text: `<details>\n<summary>${summary}</summary>\n\n${paragraph}\n\n\`\`\`text\n${log.join('\n')}\n\`\`\`\n\n</details>`,
    words: countWords(summary) + countWords(paragraph),
  };
}

function tabsBlock(prose: Prose, rng: Rng): Block {
  const n1 = prose.noun();
  if (rng.chance(0.5)) {
    const managers: Array<[string, string, string]> = [
      ['npm', 'npm', `npm install @acme/${n1}`],
      ['yarn', 'Yarn', `yarn add @acme/${n1}`],
      ['pnpm', 'pnpm', `pnpm add @acme/${n1}`],
    ];
    const tabs = managers
      .map(([value, label, command], i) => `<TabItem value="${value}" label="${label}"${i === 0 ? ' default' : ''}>\n\n\`\`\`bash\n${command}\n\`\`\`\n\n</TabItem>`)
      .join('\n');
    return {text: `<Tabs groupId="package-manager">\n${tabs}\n</Tabs>`, words: 0};
  }
  const intro = prose.paragraph(rng.int(15, 30));
  const formats: Lang[] = ['ts', 'json', 'yaml'];
  const tabs = formats
    .map((lang, i) => `<TabItem value="${lang}" label="${lang.toUpperCase()}"${i === 0 ? ' default' : ''}>\n\n${codeBlock(prose, rng, lang, false).text}\n\n</TabItem>`)
    .join('\n');
  return {text: `${intro}\n\n<Tabs groupId="config-format">\n${tabs}\n</Tabs>`, words: countWords(intro)};
}

function mermaidBlock(prose: Prose, rng: Rng): Block {
  const names = Array.from({length: rng.int(4, 6)}, () => cap(prose.noun()));
  const lines = ['```mermaid', `flowchart ${rng.pick(['LR', 'TD'])}`];
  names.forEach((name, i) => {
    if (i > 0) lines.push(`  N${i - 1} -->|${prose.verb()}| N${i}[${name}]`);
    else lines.push(`  N0[${name}]`);
  });
  lines.push(`  N${names.length - 1} --> D{${cap(prose.adj())}?}`, `  D -->|yes| N0`, `  D -->|no| E[${cap(prose.noun())} done]`, '```');
  return code(lines.join('\n'));
}

function imageBlock(prose: Prose): Block {
  const alt = `Bar chart of ${prose.noun()} throughput by ${prose.noun()}`;
  return prosed(`![${alt}](/img/chart.png)\n\n*Figure: ${alt.toLowerCase()}.*`);
}

// ---------------------------------------------------------------------------------------------
// Docs

function relativeLink(from: DocPlan, to: DocPlan): string {
  const rel = path.posix.relative(path.posix.dirname(from.file), to.file);
  return rel.startsWith('.') ? rel : `./${rel}`;
}

function renderDoc(doc: DocPlan, docs: DocPlan[], rng: Rng, prose: Prose): {text: string; words: number} {
  const target = rng.int(330, 740); // prose words; code does not count
  const sectionCount = doc.sections.length;

  // Which section gets which special block.
  const features = new Map<number, Array<() => Block>>();
  const addFeature = (make: () => Block) => {
    const at = rng.int(0, sectionCount - 1);
    features.set(at, [...(features.get(at) ?? []), make]);
  };
  const longAt = doc.index % 10 === 5 ? rng.int(0, sectionCount - 1) : -1;
  if (doc.mdx) addFeature(() => tabsBlock(prose, rng));
  if (doc.index % 25 === 3) addFeature(() => mermaidBlock(prose, rng));
  if (doc.index % 7 === 4) addFeature(() => imageBlock(prose));
  if (doc.index % 5 === 1) addFeature(() => detailsBlock(prose, rng));
  const codeIn = doc.sections.map((_, k) => k === longAt || rng.chance(0.5));
  if (!codeIn.includes(true)) codeIn[rng.int(0, sectionCount - 1)] = true;

  // Links to other docs (some to a heading), and now and then to a heading of this doc.
  const linkSentences = new Map<number, string[]>();
  const addLink = (sentence: string) => {
    const at = rng.int(-1, sectionCount - 1); // -1: the first paragraph
    linkSentences.set(at, [...(linkSentences.get(at) ?? []), sentence]);
  };
  if (docs.length > 1) {
    for (let i = rng.int(1, 3); i > 0; i -= 1) {
      let other = rng.pick(docs);
      if (other === doc) other = docs[(docs.indexOf(doc) + 1) % docs.length];
      let href = relativeLink(doc, other);
      if (rng.chance(0.5)) {
        const section = rng.pick(other.sections);
        const heading = section.subs.length > 0 && rng.chance(0.4) ? rng.pick(section.subs) : section;
        href += `#${heading.id}`;
        addLink(`For the ${prose.adj()} case, see *${heading.text}* in [${other.title}](${href}).`);
      } else {
        addLink(`See [${other.title}](${href}) for how the ${prose.noun()} ${plural(prose.verb())} ${plural(prose.noun())}.`);
      }
    }
  }
  if (doc.index % 4 === 0 && sectionCount > 1) {
    const section = doc.sections[sectionCount - 1];
    addLink(`The last step is described [further down](#${section.id}).`);
  }
  if (doc.index % 9 === 0) addLink(`The upstream project keeps its own notes at [example.com](https://example.com/${prose.noun()}).`);

  const withLinks = (paragraph: string, at: number) => [paragraph, ...(linkSentences.get(at) ?? [])].join(' ');

  const out: string[] = [];
  let words = 0;
  const push = (block: Block) => {
    out.push(block.text);
    words += block.words;
  };

  const frontMatter = ['---', `title: ${doc.title}`, `description: ${prose.sentence().replace(/[`*:]/g, '')}`, '---'].join('\n');
  out.push(frontMatter);
  if (doc.mdx) out.push("import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';");
  push(prosed(withLinks(`${prose.paragraph(rng.int(35, 70))} Marker: ${doc.marker}`, -1)));

  doc.sections.forEach((section, k) => {
    // Re-balanced per section, so that early overshoot is taken back by later sections.
    const budget = Math.round((target - words) / (sectionCount - k));
    const roomy = budget > 90;
    const blocks: Block[] = [];
    if (codeIn[k]) blocks.push(codeBlock(prose, rng, rng.pick(['ts', 'bash', 'json', 'yaml'] as const), k === longAt));
    if (rng.chance(0.35) && roomy) blocks.push(listBlock(prose, rng));
    if (rng.chance(0.2) && roomy) blocks.push(tableBlock(prose, rng));
    if (rng.chance(0.22) && roomy) blocks.push(admonitionBlock(prose, rng));
    for (const make of features.get(k) ?? []) blocks.push(make());
    // Shuffle the blocks a little so that sections do not all look alike.
    const ordered = rng.sample(blocks, blocks.length);

    const subs = section.subs.map((sub) => {
      const subBlocks: Block[] = [heading(3, sub.text, sub.id), prosed(prose.paragraph(roomy ? rng.int(30, 60) : 20))];
      if (rng.chance(0.4)) subBlocks.push(rng.chance(0.5) && roomy ? listBlock(prose, rng) : codeBlock(prose, rng, rng.pick(['ts', 'bash', 'json', 'yaml'] as const), false));
      return subBlocks;
    });
    const sectionHeading = heading(2, section.text, section.id);
    const fixedWords = [sectionHeading, ...ordered, ...subs.flat()].reduce((sum, block) => sum + block.words, 0);
    let remaining = budget - fixedWords;
    const paragraphs: string[] = [];
    do {
      const size = Math.max(20, Math.min(rng.int(45, 110), remaining));
      const paragraph = prose.paragraph(size);
      paragraphs.push(paragraph);
      remaining -= countWords(paragraph);
    } while (remaining > 30);
    paragraphs[0] = withLinks(paragraphs[0], k);

    push(sectionHeading);
    const slots = Math.max(paragraphs.length, ordered.length);
    for (let i = 0; i < slots; i += 1) {
      if (i < paragraphs.length) push(prosed(paragraphs[i]));
      if (i < ordered.length) push(ordered[i]);
    }
    for (const subBlocks of subs) subBlocks.forEach(push);
  });
  return {text: `${out.join('\n\n')}\n`, words};
}

// ---------------------------------------------------------------------------------------------
// Site files

function sidebarItem(item: DocPlan | CategoryPlan, collapsed: boolean): unknown {
  if (!isCategory(item)) return item.id;
  const out: Record<string, unknown> = {type: 'category', label: item.label, collapsed};
  if (item.link === 'generated-index') {
    out.link = {type: 'generated-index', slug: item.slug, title: item.label, description: item.description};
  } else if (item.link === 'doc' && item.linkDoc) {
    out.link = {type: 'doc', id: item.linkDoc.id};
  }
  out.items = item.items.map((child) => sidebarItem(child, true));
  return out;
}

function sidebarsTs(categories: CategoryPlan[]): string {
  const items = categories.map((category, i) => sidebarItem(category, i > 0));
  const body = JSON.stringify({docsSidebar: items}, null, 2)
    .replace(/^(\s*)"([A-Za-z]\w*)":/gm, '$1$2:')
    .replace(/"((?:[^"\\]|\\.)*)"/g, (_, inner: string) => `'${inner.replace(/\\"/g, '"').replace(/'/g, "\\'")}'`);
  return [
    "import type {SidebarsConfig} from '@docusaurus/plugin-content-docs';",
    '',
    '// Generated by scripts/bench/generate-site.ts: explicit, in PDF chapter order.',
    `const sidebars: SidebarsConfig = ${body};`,
    '',
    'export default sidebars;',
    '',
  ].join('\n');
}

function configTs(total: number, firstDoc: DocPlan): string {
  return `import {themes as prismThemes} from 'prism-react-renderer';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';

// Generated by scripts/bench/generate-site.ts, modelled on example-site/docusaurus.config.ts.
const config: Config = {
  title: 'Bench site ${total}',
  tagline: 'A synthetic docs site of ${total} docs for PDF export benchmarks',
  favicon: 'img/logo.svg',
  url: 'https://bench-site-${total}.example.com',
  baseUrl: '/',
  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  markdown: {
    mermaid: true,
    hooks: {onBrokenMarkdownLinks: 'throw'},
  },
  themes: ['@docusaurus/theme-mermaid'],
  i18n: {defaultLocale: 'en', locales: ['en']},

  presets: [
    [
      'classic',
      {
        docs: {sidebarPath: './sidebars.ts'},
        blog: false,
      } satisfies Preset.Options,
    ],
  ],

  plugins: ['docusaurus-plugin-export-pdf'],

  themeConfig: {
    navbar: {
      title: 'Bench site ${total}',
      logo: {alt: 'Bench site logo', src: 'img/logo.svg'},
      items: [
        {type: 'docSidebar', sidebarId: 'docsSidebar', position: 'left', label: 'Docs'},
        {type: 'custom-exportPdf', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [{title: 'Docs', items: [{label: 'First doc', to: '/docs/${firstDoc.id}'}]}],
      copyright: 'Bench site ${total}, generated for docusaurus-plugin-export-pdf benchmarks.',
    },
    prism: {
      theme: prismThemes.github,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['bash'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
`;
}

/**
 * Without the example site's browserslist, Babel falls back to old targets and turns async
 * functions into regenerator state machines; webpack then no longer sees theme-mermaid's
 * `if (__DOCUSAURUS_MERMAID_LAYOUT_ELK_ENABLED__)` guard and fails on the optional
 * `@mermaid-js/layout-elk` import.
 */
function packageJson(total: number): string {
  const pkg = {
    name: `bench-site-${total}`,
    version: '0.0.0',
    private: true,
    browserslist: {
      production: ['>0.5%', 'not dead', 'not op_mini all'],
      development: ['last 3 chrome version', 'last 3 firefox version', 'last 5 safari version'],
    },
  };
  return `${JSON.stringify(pkg, null, 2)}\n`;
}

function homePage(total: number, firstDoc: DocPlan): string {
  return `---
title: Bench site ${total}
---

# Bench site ${total}

A synthetic documentation site of ${total} docs, generated for the PDF export benchmarks of
docusaurus-plugin-export-pdf. [Start with the first doc](/docs/${firstDoc.id}).
`;
}

// ---------------------------------------------------------------------------------------------
// CLI

function parseArgs(argv: string[]): {docs: number; out: string} {
  let docs: number | undefined;
  let out: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const [flag, inline] = arg.includes('=') ? arg.split(/=(.*)/s, 2) : [arg, undefined];
    const value = () => inline ?? argv[++i];
    if (flag === '--docs') docs = Number(value());
    else if (flag === '--out') out = value();
    else if (flag === '--help' || flag === '-h') {
      console.log('Usage: node --import tsx scripts/bench/generate-site.ts --docs N [--out DIR]');
      process.exit(0);
    } else throw new Error(`Unknown argument: ${arg}`);
  }
  if (docs === undefined || !Number.isInteger(docs) || docs < 1 || docs > 100000) {
    throw new Error('--docs must be an integer between 1 and 100000');
  }
  return {docs, out: path.resolve(out ?? path.join(REPO_ROOT, '.bench', 'sites', `docs-${docs}`))};
}

/** Removes a previous generated site; refuses to delete a directory this script did not create. */
function resetDir(dir: string): void {
  if (dir === path.parse(dir).root || dir === REPO_ROOT || REPO_ROOT.startsWith(dir + path.sep)) {
    throw new Error(`Refusing to use ${dir} as the site directory`);
  }
  if (existsSync(dir)) {
    if (!statSync(dir).isDirectory()) throw new Error(`${dir} exists and is not a directory`);
    if (readdirSync(dir).length > 0 && !existsSync(path.join(dir, MARKER_FILE))) {
      throw new Error(`${dir} is not empty and was not generated by this script (no ${MARKER_FILE}); not deleting it`);
    }
    rmSync(dir, {recursive: true, force: true});
  }
  mkdirSync(dir, {recursive: true});
}

function write(root: string, file: string, content: string | Buffer): void {
  const target = path.join(root, file);
  mkdirSync(path.dirname(target), {recursive: true});
  writeFileSync(target, content);
}

function main(): void {
  const {docs: total, out} = parseArgs(process.argv.slice(2));
  if (!out.startsWith(REPO_ROOT + path.sep)) {
    console.warn(`warning: ${out} is outside ${REPO_ROOT}; the site will not find the repo's node_modules`);
  }
  const rng = Rng.fromString(`bench-site-${total}`);
  const prose = new Prose(rng);
  const {categories, docs} = planSite(total, rng, prose);

  resetDir(out);
  write(out, MARKER_FILE, `Generated by scripts/bench/generate-site.ts --docs ${total}; safe to delete.\n`);
  write(out, 'package.json', packageJson(total));
  write(out, 'docusaurus.config.ts', configTs(total, docs[0]));
  write(out, 'sidebars.ts', sidebarsTs(categories));
  write(out, 'src/pages/index.md', homePage(total, docs[0]));
  mkdirSync(path.join(out, 'static', 'img'), {recursive: true});
  copyFileSync(path.join(REPO_ROOT, 'example-site', 'static', 'img', 'logo.svg'), path.join(out, 'static', 'img', 'logo.svg'));
  write(out, 'static/img/chart.png', barChartPng(480, 240, [0.35, 0.62, 0.81, 0.9, 0.74, 0.48]));

  let totalWords = 0;
  let minWords = Infinity;
  let maxWords = 0;
  for (const doc of docs) {
    const {text, words} = renderDoc(doc, docs, rng, prose);
    write(path.join(out, 'docs'), doc.file, text);
    totalWords += words;
    minWords = Math.min(minWords, words);
    maxWords = Math.max(maxWords, words);
  }

  const subCategories = categories.reduce((sum, category) => sum + category.items.filter(isCategory).length, 0);
  console.log(`site:       ${out}`);
  console.log(`docs:       ${total} (${docs.filter((doc) => doc.mdx).length} .mdx)`);
  console.log(`categories: ${categories.length} top-level + ${subCategories} nested`);
  console.log(`words:      ${totalWords} (per doc ${minWords}-${maxWords})`);
}

try {
  main();
} catch (error) {
  console.error(`generate-site: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
