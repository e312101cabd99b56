/**
 * How a structure element's marked content is named on its page: its MCID, and for marked content
 * of a form XObject's own (an MCR with `Stm`), the form's reference before it.
 */
export const markKey = (mcid: number, stream?: string): string => (stream === undefined ? String(mcid) : `${stream}#${mcid}`);

/** A page's text by how it is marked: owned by a structure element (by markKey), an artifact, or neither. */
export type PageMarks = {
  /** Text of each marked-content sequence by markKey, in the order drawn. */
  byMcid: Map<string, string>;
  /** Text drawn as artifacts. */
  artifacts: string[];
  /** Text drawn outside any MCID and any artifact (ISO 14289-1 7.1: neither real content nor artifact). */
  untagged: string[];
  /** Text inside an MCID inside an artifact, or an artifact inside an MCID (the two must not nest). */
  nested: string[];
};

/** A text content item as pdfjs gives it with includeMarkedContent. */
export type MarkedItem = {str: string; hasEOL?: boolean} | {type: string; id?: string | null; tag?: string | null};

type Mark = {mcid?: string; artifact: boolean; reversed?: {mcid?: string; artifact: boolean; text: string}};

/**
 * Sorts a page's text items, in drawing order, by the marked content they sit in. Text in a
 * `ReversedChars` sequence (right-to-left text drawn glyph by glyph) is drawn last letter first:
 * it is turned back into reading order. `owners`, where the page draws forms with marked content
 * of their own: per sequence begun, in order, the form whose it is (page-operators.ts markOwners).
 */
export function pageMarks(items: readonly MarkedItem[], owners?: ReadonlyArray<string | undefined>): PageMarks {
  const marks: PageMarks = {byMcid: new Map(), artifacts: [], untagged: [], nested: []};
  const stack: Mark[] = [];
  let begun = 0;
  const place = (text: string, mcid: string | undefined, artifact: boolean) => {
    if (mcid !== undefined && artifact) marks.nested.push(text);
    else if (artifact) marks.artifacts.push(text);
    else if (mcid !== undefined) marks.byMcid.set(mcid, (marks.byMcid.get(mcid) ?? '') + text);
    else marks.untagged.push(text);
  };
  for (const item of items) {
    if ('str' in item) {
      const mcid = stack.findLast((mark) => mark.mcid !== undefined)?.mcid;
      const artifact = stack.some((mark) => mark.artifact);
      const reversed = stack.findLast((mark) => mark.reversed)?.reversed;
      if (reversed) {
        reversed.text += item.str;
        continue;
      }
      if (item.str.trim() === '') {
        // A space drawn apart (before a ligature) or a line's end separates the words either side.
        if ((item.hasEOL || item.str !== '') && mcid !== undefined && marks.byMcid.has(mcid))
          marks.byMcid.set(mcid, `${marks.byMcid.get(mcid)} `);
        continue;
      }
      place(item.str + (item.hasEOL ? ' ' : ''), mcid, artifact);
      continue;
    }
    if (item.type === 'endMarkedContent') {
      const mark = stack.pop();
      if (mark?.reversed && mark.reversed.text.trim() !== '')
        place([...mark.reversed.text].reverse().join(''), mark.reversed.mcid, mark.reversed.artifact);
      continue;
    }
    const id = item.id ? Number(/_mc(\d+)$/.exec(item.id)?.[1]) : NaN;
    const owner = owners?.[begun++];
    const mark: Mark = {mcid: Number.isInteger(id) ? markKey(id, owner) : undefined, artifact: item.tag === 'Artifact'};
    if (item.tag === 'ReversedChars' && !stack.some((open) => open.reversed)) {
      mark.reversed = {
        mcid: stack.findLast((open) => open.mcid !== undefined)?.mcid,
        artifact: stack.some((open) => open.artifact),
        text: '',
      };
    }
    stack.push(mark);
  }
  return marks;
}
