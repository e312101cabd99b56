import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';

/**
 * Every link annotation is in the structure tree: a StructParent, and a Link element that owns it
 * through an OBJR (ISO 14289-1 7.18.1); and has an alternate description in Contents (7.18.5).
 * Other annotations (but for widgets none are expected) are owned by some element.
 */
export async function checkAnnotations({tags}: CheckContext): Promise<CheckResult> {
  const book = await tags();
  const findings: Finding[] = [];
  let links = 0;
  let owned = 0;
  let described = 0;
  let other = 0;
  for (const annotation of book.annotations) {
    if (annotation.subtype !== 'Link') {
      other++;
      if (!book.ownedObjects.has(annotation.ref))
        findings.push({page: annotation.page + 1, text: `a ${annotation.subtype} annotation outside the structure tree`});
      continue;
    }
    links++;
    const inLink = book.linkObjects.has(annotation.ref);
    if (inLink && annotation.structParent !== undefined) owned++;
    else if (!inLink) findings.push({page: annotation.page + 1, text: `link ${annotation.ref} is owned by no Link element (no OBJR)`});
    else findings.push({page: annotation.page + 1, text: `link ${annotation.ref} has no StructParent`});
    if (annotation.contents?.trim()) described++;
    else findings.push({page: annotation.page + 1, text: `link ${annotation.ref} has no alternate description (Contents)`});
  }
  return resultOf(
    'annotations',
    `${owned}/${links} links owned by a Link element (OBJR, StructParent); ${described}/${links} with Contents; ${other} other annotations`,
    findings,
    {links, owned, described, other},
  );
}
