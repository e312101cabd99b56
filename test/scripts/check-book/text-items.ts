import type {TextItem} from '../../../scripts/check-book/text-lines';

/** A horizontal run of text as the checker reads it: half an em per character, the usual ascent and descent. */
export function textItem(str: string, x0: number, baseline: number, size = 12): TextItem {
  return {
    str,
    x0,
    x1: x0 + str.length * size * 0.5,
    baseline,
    top: baseline + 0.75 * size,
    bottom: baseline - 0.2 * size,
    size,
    rotated: false,
  };
}
