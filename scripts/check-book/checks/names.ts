import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import type {OutlineEntry} from '../pdf-book';
import {THRESHOLDS} from '../thresholds';

/** Characters PDFDocEncoding gives bytes 0x18–0x1F and 0x80–0x9F, which pdfjs decodes names with. */
const PDF_DOC_SPECIALS = '˘ˇˆ˙˝˛˚˜•†‡…—–ƒ⁄‹›−‰„“”‘’‚™ﬁﬂŁŒŠŸŽıłœšž€';

/**
 * Length of a destination name in bytes, as the file holds it. pdfjs decodes a name one byte per
 * character (PDFDocEncoding); a name-tree key with other characters was a UTF-16 string, which
 * takes two bytes a unit and a two-byte mark.
 */
export function nameBytes(name: string): number {
  const singleBytes = [...name].every((char) => char.charCodeAt(0) <= 0xff || PDF_DOC_SPECIALS.includes(char));
  return singleBytes ? name.length : 2 + 2 * name.length;
}

function outlineNames(entries: OutlineEntry[], out: Array<{title: string; name: string}> = []): Array<{title: string; name: string}> {
  for (const entry of entries) {
    if (entry.dest?.name !== undefined) out.push({title: entry.title, name: entry.dest.name});
    outlineNames(entry.children, out);
  }
  return out;
}

const shown = (name: string) => JSON.stringify(name.length > 60 ? `${name.slice(0, 57)}…` : name);

/**
 * Named destinations are at most THRESHOLDS.maxNameBytes bytes long (longer names break PDF
 * readers), and every link and bookmark that goes to a named destination finds it defined.
 */
export function checkNames({book}: CheckContext): CheckResult {
  const findings: Finding[] = [];
  let long = 0;
  for (const name of book.destinations.keys()) {
    const bytes = nameBytes(name);
    if (bytes <= THRESHOLDS.maxNameBytes) continue;
    long++;
    findings.push({text: `destination name of ${bytes} bytes: ${shown(name)}`});
  }
  let dangling = 0;
  for (const page of book.pages) {
    for (const link of page.links) {
      const name = link.dest?.name;
      if (name === undefined || book.destinations.has(name)) continue;
      dangling++;
      findings.push({page: page.index + 1, text: `a link goes to the undefined destination ${shown(name)}`});
    }
  }
  for (const {title, name} of outlineNames(book.outline)) {
    if (book.destinations.has(name)) continue;
    dangling++;
    findings.push({text: `bookmark "${title}" goes to the undefined destination ${shown(name)}`});
  }
  return resultOf(
    'names',
    `${book.destinations.size} named destinations, ${long} longer than ${THRESHOLDS.maxNameBytes} bytes; ${dangling} references to undefined names`,
    findings,
    {destinations: book.destinations.size, tooLong: long, dangling},
  );
}
