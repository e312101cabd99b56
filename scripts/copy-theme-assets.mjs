// tsc compiles the theme's TSX but leaves its CSS modules behind.
import {cpSync} from 'node:fs';

cpSync(new URL('../theme', import.meta.url), new URL('../lib/theme', import.meta.url), {
  recursive: true,
  filter: (source) => !/\.(tsx?|json)$/.test(source) || source.endsWith('/theme'),
});
