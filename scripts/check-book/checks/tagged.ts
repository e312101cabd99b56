import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';

/** BCP 47 primary language subtag, lower case. */
const primary = (tag: string) => tag.split(/[-_]/)[0]!.toLowerCase();

/**
 * The book is a tagged PDF: one structure tree under one Document element, MarkInfo /Marked true
 * (no Suspects), the document's language (Lang, the site locale's), and its title shown by viewers
 * (DisplayDocTitle) and written in both the Info dictionary and the XMP metadata; every parent
 * tree entry names the element that owns its content (parent-tree.ts).
 */
export async function checkTagged({tags, site}: CheckContext): Promise<CheckResult> {
  const book = await tags();
  const findings: Finding[] = [];
  if (!book.hasStructTreeRoot) findings.push({text: 'not tagged: no structure tree (StructTreeRoot)'});
  if (!book.marked) findings.push({text: 'MarkInfo /Marked is not true'});
  if (book.suspects) findings.push({text: 'MarkInfo /Suspects is true: the tags are not to be trusted'});
  if (book.hasStructTreeRoot && (book.roots.length !== 1 || book.roots[0]!.type !== 'Document')) {
    findings.push({
      text: `the structure tree has ${book.roots.length} top elements (${book.roots.map((root) => root.type).join(', ')}), not one Document`,
    });
  }
  const locale = site.manifest.locale.htmlLang || site.target.locale;
  if (!book.lang) findings.push({text: 'no document language (catalog /Lang)'});
  else if (primary(book.lang) !== primary(locale)) findings.push({text: `document language ${book.lang}, but the locale is ${locale}`});
  if (book.displayDocTitle !== true)
    findings.push({text: 'viewers show the file name, not the title (ViewerPreferences /DisplayDocTitle is not true)'});
  if (!book.infoTitle) findings.push({text: 'no title in the Info dictionary'});
  if (!book.hasXmp) findings.push({text: 'no XMP metadata stream'});
  else if (!book.xmpTitle) findings.push({text: 'the XMP metadata has no dc:title'});
  else if (book.infoTitle && book.xmpTitle !== book.infoTitle)
    findings.push({text: `the XMP title "${book.xmpTitle}" is not the Info title "${book.infoTitle}"`});
  const {entries, faults} = book.parentTree;
  for (const fault of faults.slice(0, 5)) findings.push({text: fault});
  if (faults.length > 5) findings.push({text: `… and ${faults.length - 5} more parent tree entries that lead astray`});
  const figure = book.hasStructTreeRoot
    ? `tagged, ${book.roots.length} root (${book.roots.map((root) => root.type).join(', ')}), ${book.elements.length} elements, ${faults.length} of ${entries} parent tree entries astray; Lang ${book.lang ?? 'none'}; DisplayDocTitle ${book.displayDocTitle ?? 'absent'}; title in Info ${book.infoTitle ? 'yes' : 'no'}, in XMP ${book.xmpTitle ? 'yes' : 'no'}`
    : 'not tagged';
  return resultOf('tagged', figure, findings, {
    elements: book.elements.length,
    roots: book.roots.length,
    parentTreeAstray: faults.length,
  });
}
