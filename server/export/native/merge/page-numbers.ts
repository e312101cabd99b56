// Pure decisions about where things landed in the merged book, kept apart from the PDF so they can be unit-tested.
import type {Chapter} from '../../book-plan';
import type {PartDestination} from '../shared/pdf-part';
import type {OverlayPage} from './page/overlay';

/** Moves a part's destinations to book page numbers. */
export function placeDestinations(
  parts: Array<{firstPage: number; destinations: Map<string, PartDestination>}>,
): Map<string, PartDestination> {
  const placed = new Map<string, PartDestination>();
  for (const part of parts) {
    for (const [id, destination] of part.destinations) {
      if (!placed.has(id)) placed.set(id, {...destination, page: destination.page + part.firstPage});
    }
  }
  return placed;
}

/**
 * Header/footer of every page: none on the cover, the TOC title on the TOC,
 * then the title of the chapter (or part page) the page belongs to. Page numbers count every
 * page, so they match the PDF viewer's and the TOC's.
 */
export function overlayPages(options: {
  totalPages: number;
  coverPages: number;
  tocPages: number;
  tocTitle: string;
  /** Chapters and part pages: each titles the pages from its first up to the next one's. */
  chapters: Array<Pick<Chapter, 'key' | 'title'>>;
  destinations: Map<string, PartDestination>;
}): OverlayPage[] {
  const starts = options.chapters
    .map((chapter) => ({title: chapter.title, page: options.destinations.get(chapter.key)?.page}))
    .filter((start): start is {title: string; page: number} => start.page !== undefined)
    .sort((a, b) => a.page - b.page);
  const pages: OverlayPage[] = [];
  let current = 0;
  for (let index = 0; index < options.totalPages; index++) {
    let title: string | null;
    if (index < options.coverPages) title = null;
    else if (index < options.coverPages + options.tocPages) title = options.tocTitle;
    else {
      while (current + 1 < starts.length && starts[current + 1]!.page <= index) current++;
      title = starts[current]?.title ?? '';
    }
    pages.push({title, number: index + 1});
  }
  return pages;
}
