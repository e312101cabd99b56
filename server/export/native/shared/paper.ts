import type {PaperFormat} from '../../../../contracts/options';

/** Paper sizes in inches, as Chromium's printer uses them. */
const SIZES: Record<PaperFormat, [number, number]> = {
  Letter: [8.5, 11],
  Legal: [8.5, 14],
  Tabloid: [11, 17],
  Ledger: [17, 11],
  A0: [33.1102, 46.811],
  A1: [23.3858, 33.1102],
  A2: [16.5354, 23.3858],
  A3: [11.6929, 16.5354],
  A4: [8.2677, 11.6929],
  A5: [5.8268, 8.2677],
  A6: [4.1339, 5.8268],
};

export function paperSize(format: PaperFormat): {width: string; height: string} {
  const [width, height] = SIZES[format];
  return {width: `${width}in`, height: `${height}in`};
}

/** Size of the text area of a page in CSS px (96 per inch), inside the margins. */
export function contentBox(
  format: PaperFormat,
  margin: {top: number; right: number; bottom: number; left: number},
): {width: number; height: number} {
  const [width, height] = SIZES[format];
  return {width: width * 96 - margin.left - margin.right, height: height * 96 - margin.top - margin.bottom};
}
