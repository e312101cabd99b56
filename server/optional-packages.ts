import {ConfigError} from './config';
import {OPTIONAL_PACKAGES, isMissing, missingFor, notInstalled, type OptionalFeature} from '../contracts/optional-packages';

/**
 * Loads the modules `feature` needs. A package of it that is not installed stops the start with
 * a ConfigError that names the command to install it; any other failure is passed on.
 */
export async function loadFor<T>(feature: OptionalFeature, load: () => Promise<T>): Promise<T> {
  try {
    return await load();
  } catch (error) {
    const missing = OPTIONAL_PACKAGES[feature].filter((name) => isMissing(error, name));
    if (missing.length === 0) throw error;
    throw new ConfigError([notInstalled(feature, missing)]);
  }
}

/** Stops the start with a ConfigError naming the install command when a package `feature` needs is not installed. */
export function requireInstalled(feature: OptionalFeature): void {
  const problem = missingFor(feature);
  if (problem) throw new ConfigError([problem]);
}
