import {parseArgs} from 'node:util';
import type {ServerMode} from './server-entry';

/** `docusaurus-export-pdf <command> [siteDir] [--dir <build>]`, checked. */
export type CommandLine = {command: ServerMode | 'worker'; siteDir: string; dir?: string};

/** The command, or a usage message; undefined for help. */
export function parseCommandLine(argv: string[]): CommandLine | {usage: string} | undefined {
  let parsed;
  try {
    parsed = parseArgs({args: argv, allowPositionals: true, options: {dir: {type: 'string'}, help: {type: 'boolean', short: 'h'}}});
  } catch (error) {
    return {usage: (error as Error).message};
  }
  const [command, siteDir = '.', ...rest] = parsed.positionals;
  const {dir, help} = parsed.values;
  if (help || command === 'help') return undefined;
  if (command !== 'serve' && command !== 'start' && command !== 'worker')
    return {usage: command ? `Unknown command "${command}"` : 'No command'};
  if (rest.length > 0) return {usage: `Unexpected argument "${rest[0]}": the command takes one site directory`};
  if (dir !== undefined && command === 'start') return {usage: '--dir names a build: `start` serves none, `serve` and `worker` do'};
  if (dir !== undefined && dir.trim() === '') return {usage: '--dir needs a value'};
  return {command, siteDir, dir};
}
