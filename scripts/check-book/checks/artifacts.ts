import {resultOf, type CheckContext, type CheckResult, type Finding} from '../check-types';
import {quoted} from '../structure/chapter-pages';
import {textKey} from '../text-normal';

/**
 * All text is either content a structure element owns or an artifact, never neither and never
 * one inside the other (ISO 14289-1 7.1); the page furniture (running headers, footers, page
 * numbers: the text outside the content area) is an artifact; so is the cover.
 */
export async function checkArtifacts({tags, book, map}: CheckContext): Promise<CheckResult> {
  const tagged = await tags();
  const findings: Finding[] = [];
  let untagged = 0;
  let nested = 0;
  let furniture = 0;
  let furnitureTagged = 0;
  let artifactItems = 0;
  tagged.marks.forEach((marks, index) => {
    artifactItems += marks.artifacts.length;
    untagged += marks.untagged.length;
    nested += marks.nested.length;
    if (marks.untagged.length > 0) {
      findings.push({
        page: index + 1,
        text: `${marks.untagged.length} text items neither tagged nor artifacts: ${quoted(marks.untagged.join(' '))}`,
      });
    }
    if (marks.nested.length > 0)
      findings.push({page: index + 1, text: `tagged text inside an artifact: ${quoted(marks.nested.join(' '))}`});
    const inContent = new Set(map.drawn[index] ?? []);
    const artifactText = textKey(marks.artifacts.join(''));
    // Right-to-left text drawn glyph by glyph may come out of the marked content in either order.
    const backwards = [...artifactText].reverse().join('');
    const cover = index < map.coverPages;
    for (const item of book.pages[index]?.items ?? []) {
      if (!cover && inContent.has(item)) continue;
      const key = textKey(item.str);
      if (key === '') continue;
      furniture++;
      if (!artifactText.includes(key) && !backwards.includes(key)) {
        furnitureTagged++;
        findings.push({page: index + 1, text: `${cover ? 'cover' : 'header or footer'} text ${quoted(item.str)} is not an artifact`});
      }
    }
  });
  return resultOf(
    'artifacts',
    `${untagged} text items neither tagged nor artifact, ${nested} nested; ${furniture - furnitureTagged}/${furniture} items of page furniture (cover, headers, footers) are artifacts; ${artifactItems} artifact items in all`,
    findings,
    {untagged, nested, furniture, furnitureTagged, artifactItems},
  );
}
