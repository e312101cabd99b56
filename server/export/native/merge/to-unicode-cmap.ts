/** A font's ToUnicode CMap as data: the width of its codes and the text each code stands for. */
export type ToUnicodeMap = {codeBytes: number; text: Map<number, string>};

const hexToText = (hex: string): string => {
  const units: number[] = [];
  for (let index = 0; index + 4 <= hex.length; index += 4) units.push(Number.parseInt(hex.slice(index, index + 4), 16));
  return String.fromCharCode(...units);
};

const textToHex = (text: string): string =>
  [...text]
    .flatMap((char) => {
      const point = char.codePointAt(0)!;
      return point > 0xffff ? [0xd800 + ((point - 0x10000) >> 10), 0xdc00 + ((point - 0x10000) & 0x3ff)] : [point];
    })
    .map((unit) => unit.toString(16).toUpperCase().padStart(4, '0'))
    .join('');

/** Adds one code point to the last UTF-16 unit of a text, as a bfrange does from code to code. */
function step(text: string, by: number): string {
  const last = text.charCodeAt(text.length - 1);
  return text.slice(0, -1) + String.fromCharCode(last + by);
}

/** Reads the bfchar and bfrange entries of a ToUnicode CMap (PDF 32000-1, 9.10.3). */
export function parseToUnicode(cmap: string): ToUnicodeMap {
  const codespace = /begincodespacerange\s*<([0-9A-Fa-f]+)>/.exec(cmap);
  const codeBytes = codespace ? codespace[1]!.length / 2 : 2;
  const text = new Map<number, string>();
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, target] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]*)>/g)) {
      text.set(Number.parseInt(code!, 16), hexToText(target!));
    }
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, low, high, target, list] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*(?:<([0-9A-Fa-f]*)>|\[([^\]]*)\])/g)) {
      const [first, last] = [Number.parseInt(low!, 16), Number.parseInt(high!, 16)];
      const listed = list ? [...list.matchAll(/<([0-9A-Fa-f]*)>/g)].map((match) => hexToText(match[1]!)) : undefined;
      for (let code = first; code <= last; code++) {
        const value = listed ? listed[code - first] : step(hexToText(target!), code - first);
        if (value !== undefined) text.set(code, value);
      }
    }
  }
  return {codeBytes, text};
}

/** Writes a ToUnicode CMap with one bfchar entry per code, in blocks of 100 as the format asks. */
export function writeToUnicode({codeBytes, text}: ToUnicodeMap): string {
  const hex = (code: number) =>
    code
      .toString(16)
      .toUpperCase()
      .padStart(codeBytes * 2, '0');
  const entries = [...text].sort(([a], [b]) => a - b).map(([code, value]) => `<${hex(code)}> <${textToHex(value)}>`);
  const blocks: string[] = [];
  for (let index = 0; index < entries.length; index += 100) {
    const chunk = entries.slice(index, index + 100);
    blocks.push(`${chunk.length} beginbfchar\n${chunk.join('\n')}\nendbfchar`);
  }
  return [
    '/CIDInit /ProcSet findresource begin',
    '12 dict begin',
    'begincmap',
    '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
    '/CMapName /Adobe-Identity-UCS def',
    '/CMapType 2 def',
    '1 begincodespacerange',
    `<${'00'.repeat(codeBytes)}> <${'FF'.repeat(codeBytes)}>`,
    'endcodespacerange',
    ...blocks,
    'endcmap',
    'CMapName currentdict /CMap defineresource pop',
    'end',
    'end',
  ].join('\n');
}
