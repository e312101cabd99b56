// One synthetic doc's Markdown, from its plan, for generate-site.ts.
import {Prose, Rng, countWords, plural} from './prose';
import {type DocPlan} from './site-plan';
import {
  type Block,
  prosed,
  heading,
  codeBlock,
  listBlock,
  tableBlock,
  admonitionBlock,
  detailsBlock,
  tabsBlock,
  mermaidBlock,
  imageBlock,
  relativeLink,
} from './doc-blocks';

export function renderDoc(doc: DocPlan, docs: DocPlan[], rng: Rng, prose: Prose): {text: string; words: number} {
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
      if (rng.chance(0.4))
        subBlocks.push(
          rng.chance(0.5) && roomy
            ? listBlock(prose, rng)
            : codeBlock(prose, rng, rng.pick(['ts', 'bash', 'json', 'yaml'] as const), false),
        );
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
