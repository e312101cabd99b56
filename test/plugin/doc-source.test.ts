import assert from 'node:assert/strict';
import {describe, it} from 'node:test';
import {countMermaidDiagrams, pageComponents, rendersInBrowser} from '../../plugin/doc-source';

const lines = (...all: string[]) => all.join('\n');

describe('countMermaidDiagrams', () => {
  it('counts Mermaid fences, with backticks or tildes, indented or not, and nothing else', () => {
    const source = lines(
      '# Title',
      '```mermaid',
      'graph TD; A-->B',
      '```',
      '  ~~~mermaid title="x"',
      'graph LR; B-->C',
      '  ~~~',
      '```js',
      "const mermaid = '```mermaid';",
      '```',
      'Inline `mermaid` is not a diagram.',
    );
    assert.equal(countMermaidDiagrams(source), 2);
    assert.equal(countMermaidDiagrams(undefined), 0);
  });

  it('does not count a Mermaid fence shown inside a longer fence', () => {
    assert.equal(countMermaidDiagrams(lines('````md', '```mermaid', 'graph TD; A-->B', '```', '````')), 0);
  });
});

describe('rendersInBrowser', () => {
  it('is false for Markdown and for the theme components Docusaurus renders on the server', () => {
    assert.equal(rendersInBrowser('# Title\n\nText with `code`.\n'), false);
    const tabs = lines(
      "import Tabs from '@theme/Tabs';",
      "import TabItem from '@theme/TabItem';",
      'import useBaseUrl from "@docusaurus/useBaseUrl";',
      "import diagram from './diagram.png';",
      '<Tabs><TabItem value="a">A</TabItem></Tabs>',
    );
    assert.equal(rendersInBrowser(tabs), false);
  });

  it('is false for imports and tags that are only shown in code blocks', () => {
    const source = lines('```ts', "import {Chart} from '@acme/chart';", '<BrowserOnly>', '```', '```jsx title="live"', 'x', '```');
    assert.equal(rendersInBrowser(source), false);
  });

  it('is true for Mermaid, live code, BrowserOnly and components from outside the theme', () => {
    assert.equal(rendersInBrowser('```mermaid\ngraph TD; A-->B\n```'), true);
    assert.equal(rendersInBrowser('```jsx live\n<p/>\n```'), true);
    assert.equal(rendersInBrowser('<BrowserOnly>{() => <p/>}</BrowserOnly>'), true);
    assert.equal(rendersInBrowser("import BrowserOnly from '@docusaurus/BrowserOnly';"), true);
    assert.equal(rendersInBrowser("import Mermaid from '@theme/Mermaid';"), true);
    assert.equal(rendersInBrowser("import Chart from '@site/src/components/Chart';"), true);
    assert.equal(rendersInBrowser("import {\n  Chart,\n  Legend,\n} from 'chart-kit';"), true);
    assert.equal(rendersInBrowser("import Partial from './_partial.mdx';"), true);
  });

  it('reads an mdx-code-block fence as MDX, as Docusaurus renders it, and a fence inside it as code', () => {
    const source = lines(
      '```mdx-code-block',
      "import BrowserWindow from '@site/src/components/BrowserWindow';",
      '```',
      '````mdx-code-block',
      '```js',
      "import X from 'x';",
      '```',
      '````',
    );
    assert.equal(rendersInBrowser(source), true);
    assert.deepEqual(pageComponents(source), ['@site/src/components/BrowserWindow']);
  });

  it('is true when the source cannot be read', () => {
    assert.equal(rendersInBrowser(undefined), true);
  });
});

describe('pageComponents', () => {
  it('lists the modules a doc imports and the components it uses, sorted, the same for docs made alike', () => {
    const endpoint = (name: string) =>
      lines(
        'import ApiTabs from "@theme/ApiTabs";',
        "import MethodEndpoint from '@theme/MethodEndpoint';",
        "import diagram from './diagram.png';",
        `<MethodEndpoint method="get" path="/${name}" />`,
        '<ApiTabs><TabItem value="200">OK</TabItem></ApiTabs>',
      );
    assert.deepEqual(pageComponents(endpoint('pets')), [
      '<ApiTabs>',
      '<MethodEndpoint>',
      '<TabItem>',
      '@theme/ApiTabs',
      '@theme/MethodEndpoint',
    ]);
    assert.deepEqual(pageComponents(endpoint('pets')), pageComponents(endpoint('stores')));
  });

  it('is empty for plain Markdown, code fences and inline code left out, and undefined for an unreadable source', () => {
    assert.deepEqual(pageComponents(lines('# Title', 'Use `<Tabs>` here.', '```jsx', "import X from 'x';", '<Chart />', '```')), []);
    assert.equal(pageComponents(undefined), undefined);
  });

  it('counts every Markdown partial as one module, as each doc imports its own', () => {
    assert.deepEqual(pageComponents("import Intro from './_intro.mdx';\n\n<Intro />"), ['<Intro>', 'partial.mdx']);
  });
});
