/**
 * The Docusaurus sites the install tests build from `create-docusaurus`: the oldest minor the
 * plugin supports, one in the middle and the newest, across React 18 and 19, TypeScript and
 * CommonJS configs, and a site that swizzled `NavbarItem/ComponentTypes`. docs/compatibility.md
 * shows this table; test/docs/compatibility.test.ts keeps the two and package.json in step.
 */
export type MatrixSite = {
  /** create-docusaurus and @docusaurus/* version. */
  docusaurus: string;
  /** React major the template installs. */
  react: 18 | 19;
  /** The config as the site writes it. */
  config: 'TypeScript' | 'CommonJS';
  /** The site ejected `NavbarItem/ComponentTypes` and registers the button there. */
  swizzledNavbar: boolean;
  /** webpack range the site pins: Docusaurus below 3.10.1 fails to build on webpack 5.106 and later, with or without the plugin. */
  webpack?: string;
  /** The test file that builds it. */
  test: 'install' | 'version-matrix';
};

export const WEBPACK_BEFORE_3_10_1 = '~5.105.0';

export const VERSION_MATRIX: MatrixSite[] = [
  {docusaurus: '3.2.0', react: 18, config: 'CommonJS', swizzledNavbar: true, webpack: WEBPACK_BEFORE_3_10_1, test: 'version-matrix'},
  {docusaurus: '3.6.3', react: 18, config: 'TypeScript', swizzledNavbar: false, webpack: WEBPACK_BEFORE_3_10_1, test: 'version-matrix'},
  {docusaurus: '3.10.2', react: 19, config: 'TypeScript', swizzledNavbar: false, test: 'install'},
];

/** The site the full install test (test/builds/install.test.ts) walks through the README with. */
export const NEWEST = VERSION_MATRIX.find((site) => site.test === 'install')!;
