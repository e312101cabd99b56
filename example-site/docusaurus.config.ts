import {themes as prismThemes} from 'prism-react-renderer';
import type {Config} from '@docusaurus/types';
import type * as Preset from '@docusaurus/preset-classic';
import type {Options as ExportPdfOptions} from 'docusaurus-plugin-export-pdf';
import remarkMath from 'remark-math';
import rehypeKatex from 'rehype-katex';
import npm2yarn from '@docusaurus/remark-plugin-npm2yarn';
import {strictBuild} from './site-settings';

const config: Config = {
  title: 'Acme Widgets',
  tagline: 'A small, dependable task queue for Node.js',
  favicon: 'img/favicon.svg',
  url: 'https://acme-widgets.example.com',
  baseUrl: '/',
  ...strictBuild,
  // Live code blocks (a `live` fence: an editor and the result it renders).
  themes: [...strictBuild.themes, '@docusaurus/theme-live-codeblock'],
  // Docusaurus Faster (Rspack, SWC), as create-docusaurus 3.10 sets a new site up; its worker
  // threads need this v4 flag. A cold build of the three locales takes 16 s, against 80 s with webpack.
  future: {faster: true, v4: {removeLegacyPostBuildHeadAttribute: true}},
  i18n: {
    defaultLocale: 'en',
    locales: ['en', 'fr', 'ar'],
    localeConfigs: {
      fr: {label: 'Français', htmlLang: 'fr-FR'},
      // Right to left: the book's cover, TOC, header and footer are laid out as the site is.
      ar: {label: 'العربية', htmlLang: 'ar', direction: 'rtl'},
    },
  },

  presets: [
    [
      'classic',
      {
        // Math as sites write it (remark-math with rehype-katex, KaTeX's stylesheet and fonts bundled), and npm2yarn's package manager tabs.
        docs: {sidebarPath: './sidebars.ts', remarkPlugins: [remarkMath, [npm2yarn, {sync: true}]], rehypePlugins: [rehypeKatex]},
        blog: false,
        theme: {customCss: ['./src/css/custom.css', require.resolve('katex/dist/katex.min.css')]},
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    // A second docs plugin instance, versioned: /sdk/ shows 1.0 (its lastVersion), /sdk/next/ the docs folder.
    ['@docusaurus/plugin-content-docs', {id: 'sdk', path: 'sdk', routeBasePath: 'sdk', sidebarPath: './sidebarsSdk.ts'}],
    // Large pictures as sites load them: a blurred placeholder in the HTML, the image once scrolled into view.
    ['@docusaurus/plugin-ideal-image', {quality: 70, max: 1030, min: 640, steps: 2, disableInDev: false}],
    [
      'docusaurus-plugin-export-pdf',
      {
        coverSubtitle: 'User guide',
      } satisfies ExportPdfOptions,
    ],
  ],

  themeConfig: {
    colorMode: {respectPrefersColorScheme: true},
    navbar: {
      title: 'Acme Widgets',
      logo: {alt: 'Acme Widgets logo', src: 'img/logo.svg'},
      items: [
        {type: 'docSidebar', sidebarId: 'docsSidebar', position: 'left', label: 'Docs'},
        {type: 'docSidebar', docsPluginId: 'sdk', sidebarId: 'sdkSidebar', position: 'left', label: 'SDK'},
        {type: 'docsVersionDropdown', docsPluginId: 'sdk', position: 'right'},
        {type: 'localeDropdown', position: 'right'},
        {type: 'custom-exportPdf', position: 'right'},
      ],
    },
    footer: {
      style: 'dark',
      links: [
        {
          title: 'Docs',
          items: [
            {label: 'Introduction', to: '/docs/intro'},
            {label: 'Configuration', to: '/docs/guides/configuration'},
          ],
        },
      ],
      copyright: `Copyright © ${new Date().getFullYear()} Acme Widgets. Example site of docusaurus-plugin-export-pdf.`,
    },
    prism: {
      theme: prismThemes.github,
      darkTheme: prismThemes.dracula,
      additionalLanguages: ['bash'],
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
