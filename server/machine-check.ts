import {findChromium} from './chromium';
import {checkFonts, type FontReport} from './fonts';

/**
 * What a process that exports says at start about its machine: the Chromium it will launch, or
 * why exports fail until one is installed, and the scripts without a font. Never throws.
 */
export async function checkMachine(log: (line: string) => void): Promise<FontReport> {
  try {
    log(`Chromium: ${findChromium()}`);
  } catch (error) {
    log(`warning: ${(error as Error).message} Exports fail until one is installed.`);
  }
  const fonts = await checkFonts();
  if (fonts.state !== 'complete') log(`warning: ${fonts.detail}`);
  return fonts;
}
