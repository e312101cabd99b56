import {Joi} from '@docusaurus/utils-validation';
import {BROWSER_BLOCKED_PORTS} from './blocked-ports';

// The kinds of value the environment settings (settings.ts) take, each checking the raw text.

/** Digits only (no sign, exponent or fraction), within [min, max]. */
export function wholeNumber(min: number, max: number, fallback?: number): Joi.Schema {
  const schema = Joi.string().trim().empty('');
  return (fallback === undefined ? schema : schema.default(fallback)).custom((raw: string, helpers) => {
    const value = Number(raw);
    if (!/^\d+$/.test(raw) || value < min || value > max) {
      return helpers.message({custom: `{{#label}} must be a whole number from ${min} to ${max}, got "${raw}"`});
    }
    return value;
  });
}

/** A TCP port a browser may connect to. */
export function port(fallback: number): Joi.Schema {
  return wholeNumber(1, 65535, fallback).custom((value: number, helpers) =>
    BROWSER_BLOCKED_PORTS.has(value)
      ? helpers.message({
          custom: `{{#label}} ${value} is a port browsers refuse to connect to (the Fetch standard's bad ports): choose another`,
        })
      : value,
  );
}

export function text(fallback?: string): Joi.StringSchema {
  const schema = Joi.string().trim().empty('');
  return fallback === undefined ? schema : schema.default(fallback);
}

/** An absolute URL with one of `schemes`, without a trailing slash. */
export function url(schemes: string[]): Joi.Schema {
  return text().custom((raw: string, helpers) => {
    let parsed: URL | undefined;
    try {
      parsed = new URL(raw);
    } catch {
      parsed = undefined;
    }
    if (!parsed || !schemes.includes(parsed.protocol.slice(0, -1))) {
      return helpers.message({custom: `{{#label}} must be a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} URL, got "${raw}"`});
    }
    return raw.replace(/\/+$/, '');
  });
}

const YES = ['1', 'true', 'yes'];
const NO = ['0', 'false', 'no'];

/** A yes/no flag: 1/true/yes or 0/false/no, any case; unset is `fallback`. */
export function yesNo(fallback?: boolean): Joi.Schema {
  const schema = text().custom((flag: string, helpers) => {
    const value = flag.toLowerCase();
    if (YES.includes(value)) return true;
    if (NO.includes(value)) return false;
    return helpers.message({custom: `{{#label}} must be 1, true, yes, 0, false or no, got "${flag}"`});
  });
  return fallback === undefined ? schema : schema.default(fallback);
}
