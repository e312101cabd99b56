// The synthetic site's plan for generate-site.ts: categories, docs and headings.
import {Prose, Rng, cap, kebab, plural} from './prose';

// ---------------------------------------------------------------------------------------------
// Plan: categories, docs and headings, all decided before any text is written so that links
// can point at docs (and headings) that come later in the sidebar.

export interface HeadingPlan {
  text: string;
  id: string;
  subs: Array<{text: string; id: string}>;
}

export interface DocPlan {
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

export interface CategoryPlan {
  label: string;
  slug: string;
  link: 'none' | 'generated-index' | 'doc';
  linkDoc?: DocPlan;
  items: Array<DocPlan | CategoryPlan>;
  description: string;
}

export const pad = (n: number, width: number) => String(n).padStart(width, '0');
export const isCategory = (item: DocPlan | CategoryPlan): item is CategoryPlan => 'items' in item;

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

export function planSite(total: number, rng: Rng, prose: Prose): {categories: CategoryPlan[]; docs: DocPlan[]} {
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
