import path from 'node:path';
import {ENGINE_NAMES, type ExportEngineName} from '../../contracts/options';
import type {ExportSelection} from '../export/export-target';
import {CommandFailure, EXIT_CODES} from './command-failure';
import type {ExportCommandArgs} from '../../contracts/cli';

/** The command's arguments, checked: what to export, where, with which engine and deadline. */
export type ExportCommandOptions = {
  /** Absolute site directory. */
  siteDir: string;
  pluginId?: string;
  /** Absolute `--dir`: the build to export; unset: the site's `build/`. */
  buildDir?: string;
  /**
   * Absolute `--out`, ending with a path separator when it was typed with one
   * (a directory, even one that does not exist yet); unset: the documents
   * directory and the API's default file name.
   */
  out?: string;
  selection: ExportSelection;
  /** Unset: EXPORT_ENGINE, else the site's `engine` option. */
  engine?: ExportEngineName;
  /** Unset: EXPORT_TIMEOUT_MS, else the site's `exportTimeoutMs` option. */
  timeoutMs?: number;
  verbose: boolean;
};

/** The range EXPORT_TIMEOUT_MS accepts. */
const TIMEOUT_RANGE_MS = [1000, 24 * 60 * 60 * 1000] as const;

function usage(message: string, detail?: string): CommandFailure {
  return new CommandFailure(EXIT_CODES.usage, message, detail);
}

function nonEmpty(option: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (value.trim() === '') throw usage(`${option} needs a value`);
  return value;
}

function parseEngine(value: string | undefined): ExportEngineName | undefined {
  if (value === undefined) return undefined;
  if (!(ENGINE_NAMES as readonly string[]).includes(value)) {
    throw usage(`Unknown engine "${value}"`, `Choose one of: ${ENGINE_NAMES.join(', ')}.`);
  }
  return value as ExportEngineName;
}

function parseTimeout(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const [min, max] = TIMEOUT_RANGE_MS;
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms < min || ms > max) {
    throw usage(`--timeout must be a whole number of milliseconds from ${min} to ${max}, got "${value}"`);
  }
  return ms;
}

function resolveOut(cwd: string, out: string): string {
  const resolved = path.resolve(cwd, out);
  const namesDirectory = /[\\/]$/.test(out) && !resolved.endsWith(path.sep);
  return namesDirectory ? resolved + path.sep : resolved;
}

/** Pure: checks and normalizes the arguments, or throws a usage failure (exit code 2). */
export function normalizeCommandArgs(args: ExportCommandArgs, cwd: string): ExportCommandOptions {
  if (args.extraArgs && args.extraArgs.length > 0) {
    throw usage(`Unexpected argument "${args.extraArgs[0]}"`, 'The command takes one site directory; options start with --.');
  }
  const out = nonEmpty('--out', args.out);
  return {
    siteDir: path.resolve(cwd, args.siteDir),
    pluginId: args.pluginId,
    buildDir: args.dir === undefined ? undefined : path.resolve(cwd, nonEmpty('--dir', args.dir)!),
    out: out === undefined ? undefined : resolveOut(cwd, out),
    selection: {
      locale: nonEmpty('--locale', args.locale),
      docsPluginId: nonEmpty('--docs-plugin', args.docsPlugin),
      version: nonEmpty('--docs-version', args.docsVersion),
      category: nonEmpty('--category', args.category),
      doc: nonEmpty('--doc', args.doc),
    },
    engine: parseEngine(nonEmpty('--engine', args.engine)),
    timeoutMs: parseTimeout(nonEmpty('--timeout', args.timeout)),
    verbose: args.verbose === true,
  };
}
