// One lint setup for the package: typescript-eslint's recommended rules for
// every TypeScript file, React's hook rules for the browser code. Formatting
// is Prettier's (.prettierrc.json), so no stylistic rules here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'lib/',
      '.bench/',
      '.test-output/',
      'example-site/build/',
      'example-site/.docusaurus/',
      'example-site/sdk/api/',
      '**/node_modules/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['theme/**/*.{ts,tsx}', 'client/**/*.ts', 'example-site/src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    rules: {
      // `_`-prefixed parameters are placeholders a signature requires.
      '@typescript-eslint/no-unused-vars': ['error', {argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none'}],
      // Control characters are matched on purpose: rejected in file names, ANSI escapes in terminal output.
      'no-control-regex': 'off',
    },
  },
  {
    // The bin stub is CommonJS: it requires the compiled CLI.
    files: ['bin/**/*.js'],
    rules: {'@typescript-eslint/no-require-imports': 'off'},
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: {globals: {process: 'readonly', console: 'readonly', module: 'writable', require: 'readonly', URL: 'readonly'}},
  },
);
