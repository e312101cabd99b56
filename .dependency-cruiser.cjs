/**
 * The import rules of the package (see ARCHITECTURE.md): contracts/ is the
 * one home of what crosses a boundary, and nothing else crosses one.
 * `npm run lint` checks them.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle hides which module depends on which.',
      from: {},
      to: {circular: true},
    },
    {
      name: 'contracts-stand-alone',
      severity: 'error',
      comment: 'Contracts are imported by everyone, so they import none of them.',
      from: {path: '^contracts/'},
      to: {path: '^(plugin|server|theme|client)/'},
    },
    {
      name: 'server-not-plugin-theme-client',
      severity: 'error',
      comment: 'The server reads what the plugin wrote through contracts/, and talks to the theme over HTTP.',
      from: {path: '^server/'},
      to: {path: '^(plugin|theme|client)/'},
    },
    {
      name: 'plugin-reaches-server-lazily',
      severity: 'error',
      comment:
        'Docusaurus loads the plugin at every command: the server (express, puppeteer, pdf-lib) loads only when the export command runs.',
      from: {path: '^plugin/'},
      to: {path: '^(server|theme|client)/', dependencyTypesNot: ['dynamic-import']},
    },
    {
      name: 'browser-code-stays-in-the-browser',
      severity: 'error',
      comment: 'Theme and client code is bundled for the browser: it imports contracts (types only) and its own folder.',
      from: {path: '^(theme|client)/'},
      to: {path: '^(plugin|server)/'},
    },
    {
      name: 'browser-code-imports-types-only',
      severity: 'error',
      comment:
        'Contracts may hold Node code (Joi schemas, paths): the browser takes their types only, directly or through the package name.',
      from: {path: '^(theme|client)/'},
      to: {path: '^(contracts|lib)/', dependencyTypesNot: ['type-only']},
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment: 'Every import of Node code resolves (the theme resolves @theme/ and @docusaurus/ aliases at bundle time).',
      from: {path: '^(contracts|plugin|server)/'},
      to: {couldNotResolve: true},
    },
    {
      name: 'no-dev-dependencies-at-runtime',
      severity: 'error',
      comment: 'What ships may not need a dev dependency (peer dependencies are the site’s).',
      from: {path: '^(contracts|plugin|server|client)/'},
      to: {dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only', 'npm-peer'], pathNot: ['node_modules/@types/']},
    },
    {
      name: 'scale-out-loaded-on-demand',
      severity: 'error',
      comment:
        'The modules that need the optional peers of REDIS_URL and STORE_URL are imported only through loadFor (server/optional-packages.ts): a site without those packages must start.',
      from: {path: '^(contracts|plugin|server|client)/'},
      to: {path: '^server/(queue/bullmq-(queue|worker)|store/s3-book-store)[.]ts$', dependencyTypesNot: ['dynamic-import', 'type-only']},
    },
  ],
  options: {
    // The theme imports the package's own published types (lib/plugin/index.d.ts re-exports contracts/).
    doNotFollow: {path: ['node_modules', '^lib/']},
    tsPreCompilationDeps: true,
    tsConfig: {fileName: 'tsconfig.json'},
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.jsx', '.d.ts'],
      mainFields: ['main', 'types', 'typings'],
    },
  },
};
