// `npm run check:book -- --site <siteDir> --pdf <file> [...]`: checks an exported book against
// the site it came from and prints one line per check. Exit 0 all pass, 1 one fails, 2 bad
// invocation. See USAGE in arguments.ts and the checks in checks/.
import {promises as fs} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {InvocationError, USAGE, parseArguments, type CheckArguments} from './arguments';
import {mapBook} from './book-map';
import {CHECK_IDS, type Check, type CheckContext, type CheckId, type CheckResult} from './check-types';
import {checkBlack} from './checks/black';
import {checkBookmarks} from './checks/bookmarks';
import {checkControls} from './checks/controls';
import {checkDocs} from './checks/docs';
import {checkEmbeds} from './checks/embeds';
import {checkLinks} from './checks/links';
import {checkDiagrams} from './checks/diagrams';
import {checkFonts} from './checks/fonts';
import {checkNames} from './checks/names';
import {checkOutside} from './checks/outside';
import {checkPages} from './checks/pages';
import {checkPanels} from './checks/panels';
import {checkProse} from './checks/prose';
import {checkSections} from './checks/sections';
import {checkToc} from './checks/toc';
import {checkTofu} from './checks/tofu';
import {readFonts} from './fonts';
import {readType3Text, type Type3Text} from './type3-text';
import {PdfReader} from './pdf-book';
import {summarizeRaster, type RasterSummary} from './raster';
import {renderPages} from './render';
import {formatReport, type BookReport} from './report';
import {readSiteExpectations} from './site-expectations';
import {checkAnnotations} from './checks/annotations';
import {checkArtifacts} from './checks/artifacts';
import {checkFigures} from './checks/figures';
import {checkHeadings} from './checks/headings';
import {checkMatterhorn} from './checks/matterhorn';
import {checkTagged} from './checks/tagged';
import {readBookTags, type BookTags} from './structure/book-tags';
import {readingOrder} from './structure/reading-order';
import {THRESHOLDS} from './thresholds';

const CHECKS: Record<CheckId, Check> = {
  docs: checkDocs,
  prose: checkProse,
  panels: checkPanels,
  sections: checkSections,
  toc: checkToc,
  bookmarks: checkBookmarks,
  links: checkLinks,
  embeds: checkEmbeds,
  outside: checkOutside,
  tofu: checkTofu,
  fonts: checkFonts,
  diagrams: checkDiagrams,
  pages: checkPages,
  black: checkBlack,
  controls: checkControls,
  names: checkNames,
  tagged: checkTagged,
  headings: checkHeadings,
  figures: checkFigures,
  annotations: checkAnnotations,
  artifacts: checkArtifacts,
  matterhorn: checkMatterhorn,
};

/** npm runs scripts in the package root; paths on the command line are meant from where it was typed. */
const fromInvocation = (file: string) => path.resolve(process.env.INIT_CWD ?? process.cwd(), file);

const logToStderr = (line: string) => process.stderr.write(`[check:book] ${line}\n`);

async function openBook(file: string): Promise<PdfReader> {
  const stat = await fs.stat(file).catch(() => undefined);
  if (!stat?.isFile()) throw new InvocationError(`No such PDF file: ${file}`);
  try {
    return await PdfReader.open(file);
  } catch (error) {
    throw new InvocationError(`Cannot read ${file} as a PDF: ${(error as Error).message}`);
  }
}

async function runChecks(context: CheckContext): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  for (const id of CHECK_IDS) {
    try {
      results.push(await CHECKS[id](context));
    } catch (error) {
      results.push({
        id,
        pass: false,
        figure: 'the check itself failed',
        findings: [{text: (error as Error).stack ?? String(error)}],
        measures: {},
      });
    }
  }
  return results;
}

/** Checks one book; returns the report. `log` hears of progress. */
export async function checkBook(args: CheckArguments, log: (line: string) => void = () => undefined): Promise<BookReport> {
  const started = performance.now();
  const pdf = fromInvocation(args.pdf);
  const siteDir = fromInvocation(args.site);
  const site = await readSiteExpectations(
    {
      site: siteDir,
      dir: args.dir && fromInvocation(args.dir),
      docsPlugin: args.docsPlugin,
      version: args.version,
      locale: args.locale,
      fromBuild: args.fromBuild,
    },
    log,
  );
  const reader = await openBook(pdf);
  try {
    const pageCount = reader.pageCount;
    log(`${pageCount} pages, ${site.chapters.length} chapters: reading text and rendering pages`);
    const rasters: RasterSummary[] = [];
    const processes = Math.max(1, Math.min(4, os.availableParallelism() - 1));
    let lastLog = performance.now();
    const [book, fonts] = await Promise.all([
      reader.readBook((done, total) => {
        if (performance.now() - lastLog < 10_000) return;
        lastLog = performance.now();
        log(`read ${done} of ${total} pages, rendered ${rasters.filter(Boolean).length}`);
      }),
      readFonts(pdf),
      renderPages(pdf, pageCount, THRESHOLDS.renderDpi, processes, (page, raster) => {
        rasters[page] = summarizeRaster(page, raster, THRESHOLDS.renderDpi, site.options.margin);
      }),
    ]);
    log(`read and rendered in ${((performance.now() - started) / 1000).toFixed(1)} s; checking`);
    const map = mapBook(book, site);
    let tags: Promise<BookTags> | undefined;
    let type3: Promise<Type3Text[]> | undefined;
    const checks = await runChecks({
      site,
      book,
      map,
      rasters,
      reader,
      fonts,
      tags: () => (tags ??= readBookTags(pdf, reader)),
      type3: () => (type3 ??= readType3Text(pdf, fonts)),
    });
    if (args.reading) await fs.writeFile(fromInvocation(args.reading), readingOrder(await (tags ??= readBookTags(pdf, reader))));
    return {
      pdf,
      site: siteDir,
      locale: site.target.locale,
      version: site.target.version,
      docsPluginId: site.target.docsPluginId,
      pages: pageCount,
      chapters: site.chapters.length,
      seconds: (performance.now() - started) / 1000,
      pass: checks.every((check) => check.pass),
      checks,
    };
  } finally {
    await reader.close();
  }
}

async function main(argv: string[]): Promise<number> {
  let args: CheckArguments | undefined;
  try {
    args = parseArguments(argv);
    if (!args) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const report = await checkBook(args, logToStderr);
    process.stdout.write(`${formatReport(report)}\n`);
    if (args.json) await fs.writeFile(fromInvocation(args.json), `${JSON.stringify(report, null, 2)}\n`);
    return report.pass ? 0 : 1;
  } catch (error) {
    if (error instanceof InvocationError) {
      process.stderr.write(`check:book: ${error.message}\n\n${USAGE}\n`);
      return 2;
    }
    throw error;
  }
}

if (require.main === module) {
  // Puppeteer closes its browser on these signals, which replaces Node's exit: without an exit of
  // our own, a stopped check (`timeout`, Ctrl-C) waited on pages that would never come. The
  // browser is closed by puppeteer's own listener and again at exit.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      process.stderr.write(`check:book: stopped by ${signal}\n`);
      process.exit(code);
    });
  }
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error) => {
      process.stderr.write(`check:book failed: ${(error as Error).stack ?? error}\n`);
      process.exitCode = 2;
    },
  );
}
