// A tiny built "site" for the book checker: the export manifest the plugin would write and the
// built HTML of its two docs, with the chrome a Docusaurus page carries around its article.
import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {SiteManifest} from '../../../contracts/manifest';
import {builtManifestDir, manifestFile, manifestFileName} from '../../../contracts/manifest';
import {testManifest} from '../../helpers/fixtures';

/** A doc of the fixture site: what its article holds. */
export type FixtureDoc = {id: string; title: string; permalink: string; article: string; breadcrumbs: string[]; next?: string};

export const SITE_URL = 'https://docs.example.com';

export const DOCS: FixtureDoc[] = [
  {
    id: 'intro',
    title: 'Introduction',
    permalink: '/docs/intro',
    breadcrumbs: ['Introduction'],
    next: 'Setup',
    article: `<p>Acme Fixture is a tiny library that exists to test the book checker. It prints plain prose, a table, and a code block in a dark theme.</p>
<p>Open <a href="http://localhost:8123/">your own server</a> to try it.</p>
<h2 id="details">Details</h2>
<p>Some more words give the chapter a second paragraph, with text that is not ASCII: café, naïve, “quoted”, and 東京の設定ファイルを読み込みます.</p>
<pre style="background:#282a36;color:#f8f8f2;padding:16px;font-size:14px">const queue = createQueue('emails');
await queue.add({to: 'someone@example.com', subject: 'Welcome aboard'});</pre>
<table><thead><tr><th>Option</th><th>Default</th><th>Meaning</th></tr></thead>
<tbody><tr><td>attempts</td><td>3</td><td>How often a job runs before it fails for good</td></tr>
<tr><td>backoff</td><td>exponential</td><td>How long a job waits between attempts</td></tr></tbody></table>`,
  },
  {
    id: 'guides/setup',
    title: 'Setup',
    permalink: '/docs/guides/setup',
    breadcrumbs: ['Guides', 'Setup'],
    article: `<p>Setup takes one command and a running Redis server. The rest of this page shows how to check that it worked.</p>
<h2 id="usage">Usage</h2>
<p>Create a queue, add a job, and start a worker that processes it. A worker keeps running until it is told to stop, and then finishes the jobs it already holds.</p>
<svg viewBox="0 0 400 40" width="400" height="40"><text x="10" y="26" font-size="16">Producer adds the job</text><text x="220" y="26" font-size="16">Worker takes it</text></svg>
<div class="endpoint"><button type="button" aria-expanded="false"><span>GET</span> <code>/jobs/:id</code> <span>Reads one job with its attempts, progress and stored result</span></button></div>`,
  },
];

/** The article as the built page has it, inside the chrome Docusaurus puts around it. */
export function builtPage(doc: FixtureDoc, extraArticle = ''): string {
  const crumbs = doc.breadcrumbs
    .map((crumb) => `<li class="breadcrumbs__item"><span class="breadcrumbs__link">${crumb}</span></li>`)
    .join('');
  const pagination = doc.next
    ? `<nav class="pagination-nav"><a class="pagination-nav__link" href="/next"><div class="pagination-nav__sublabel">Next</div><div class="pagination-nav__label">${doc.next}</div></a></nav>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${doc.title}</title><script>window.x = 'not printed';</script></head><body>
<nav class="navbar">Fixture Docs</nav>
<main><div class="container"><article>
<nav class="theme-doc-breadcrumbs"><ul class="breadcrumbs"><li class="breadcrumbs__item"><a aria-label="Home page" href="/"><svg viewBox="0 0 1 1"><title>home</title></svg></a></li>${crumbs}</ul></nav>
<div class="theme-doc-toc-mobile"><button type="button">On this page</button></div>
<div class="theme-doc-markdown markdown"><header><h1>${doc.title}</h1></header>
${doc.article.replace(/<h2 id="([^"]+)">([^<]+)<\/h2>/g, '<h2 id="$1">$2<a href="#$1" class="hash-link">\u200b</a></h2>')}${extraArticle}</div>
<footer class="theme-doc-footer"><a class="theme-edit-this-page" href="${SITE_URL}/edit">Edit this page</a></footer>
</article>${pagination}</div></main>
<footer class="footer"><div class="footer__copyright">Copyright © 2026 Fixture Docs. Built for the book checker tests.</div></footer>
</body></html>`;
}

/** Writes the fixture site into `dir`: the export manifest and the built pages. */
export async function writeFixtureSite(dir: string, extraArticle: Partial<Record<string, string>> = {}): Promise<SiteManifest> {
  const manifest = testManifest({siteDir: dir, outDir: path.join(dir, 'build'), siteUrl: SITE_URL});
  await mkdir(builtManifestDir(manifest.outDir), {recursive: true});
  await writeFile(path.join(builtManifestDir(manifest.outDir), manifestFileName('en')), JSON.stringify(manifestFile(manifest)));
  for (const doc of DOCS) {
    const file = path.join(dir, 'build', doc.permalink, 'index.html');
    await mkdir(path.dirname(file), {recursive: true});
    await writeFile(file, builtPage(doc, extraArticle[doc.id]));
  }
  return manifest;
}
