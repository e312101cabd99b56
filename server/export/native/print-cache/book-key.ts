import type {BookPlan} from '../../book-plan';
import type {ExportJob} from '../../engine';
import type {BookOnDisk} from '../assemble/part-files';
import {codeDigest} from './code-digest';
import {withoutOrigin} from './part-key';
import {PrintCache} from './print-cache';

/** Every folder of the native engine: the merge, the overlay and the TOC make the book too. */
const ENGINE_CODE = ['.'];

/**
 * The print cache key of a whole book: the keys of its content parts, and everything else the
 * book is made of (cover, TOC, bookmarks, running headers from the plan, metadata, the export's
 * options), Chromium and the engine's code; not the port the site is served on. The cover shows
 * the date, so a book is kept a day at most.
 */
export function bookKey(job: ExportJob, plan: BookPlan, book: BookOnDisk, partKeys: string[], chromium: string): string {
  return PrintCache.key({
    kind: 'book',
    code: codeDigest(ENGINE_CODE),
    chromium,
    partKeys,
    options: job.manifest.options,
    plan,
    cover: book.cover && withoutOrigin(book.cover, job.siteOrigin),
    toc: book.toc && withoutOrigin(book.toc.document(), job.siteOrigin),
    outline: book.outline,
    metadata: book.metadata,
    texts: book.texts,
    pdf: book.pdf,
  });
}
