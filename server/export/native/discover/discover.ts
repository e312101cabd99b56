import {EngineFailed} from '../../../errors';
import {planBook, type BookPlan} from '../../book-plan';
import type {ExportJob} from '../../engine';

/** The book's chapters in sidebar order, from the docs version (or part of it) the job names. */
export function discover(job: Pick<ExportJob, 'outlineVersion' | 'subset' | 'docsPluginId' | 'manifest'>): BookPlan {
  if (!job.outlineVersion) {
    throw new EngineFailed('not-created', `The site has no docs for the docs plugin "${job.docsPluginId}".`);
  }
  const plan = planBook(job.outlineVersion, job.subset, {disableParts: job.manifest.options.disableParts});
  if (plan.chapters.length === 0) {
    throw new EngineFailed('not-created', `Docs version "${job.outlineVersion.name}" has no docs in its sidebars.`);
  }
  return plan;
}
