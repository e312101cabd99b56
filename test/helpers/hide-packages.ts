import {writeFile} from 'node:fs/promises';
import path from 'node:path';

/**
 * A module for `node --require`: Node finds none of the packages named in HIDDEN_PACKAGES (space
 * separated), as in a site that installed the plugin without them (they are optional peers).
 */
const HIDE = `const Module = require('node:module');
const hidden = process.env.HIDDEN_PACKAGES.split(' ');
const resolve = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  if (hidden.some((name) => request === name || request.startsWith(name + '/'))) {
    throw Object.assign(new Error("Cannot find module '" + request + "'"), {code: 'MODULE_NOT_FOUND'});
  }
  return resolve.call(this, request, ...rest);
};
`;

/** Writes the hook into `dir` and returns its path. */
export async function writeHidePackagesHook(dir: string): Promise<string> {
  const hook = path.join(dir, 'hide-packages.cjs');
  await writeFile(hook, HIDE);
  return hook;
}
