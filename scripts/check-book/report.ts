import {ACCESSIBILITY_CHECK_IDS, type CheckResult} from './check-types';
import {THRESHOLDS} from './thresholds';

/** The whole run, as `--json` writes it. */
export type BookReport = {
  pdf: string;
  site: string;
  locale: string;
  version: string;
  docsPluginId: string;
  pages: number;
  chapters: number;
  /** Wall-clock seconds the check took. */
  seconds: number;
  pass: boolean;
  checks: CheckResult[];
};

/** The readable report: a line per check with PASS/FAIL and its figure, then its first findings. */
export function formatReport(report: BookReport): string {
  const lines = [
    `Book ${report.pdf}: ${report.pages} pages, ${report.chapters} chapters (${report.docsPluginId} docs, version ${report.version}, locale ${report.locale})`,
    '',
  ];
  const width = Math.max(...report.checks.map((check) => check.id.length));
  for (const check of report.checks) {
    if (check.id === ACCESSIBILITY_CHECK_IDS[0]) lines.push('', 'Accessibility (the structure tree: tagged PDF)');
    lines.push(`${check.pass ? 'PASS' : 'FAIL'}  ${check.id.padEnd(width)}  ${check.figure}`);
    for (const finding of check.findings.slice(0, THRESHOLDS.examples)) {
      lines.push(`        ${finding.page === undefined ? '' : `p. ${finding.page}: `}${finding.text}`);
    }
    const more = check.findings.length - THRESHOLDS.examples;
    if (more > 0) lines.push(`        … and ${more} more`);
  }
  const failed = report.checks.filter((check) => !check.pass).map((check) => check.id);
  lines.push(
    '',
    failed.length === 0
      ? `All ${report.checks.length} checks pass (${report.seconds.toFixed(1)} s).`
      : `${failed.length} checks fail: ${failed.join(', ')} (${report.seconds.toFixed(1)} s).`,
  );
  return lines.join('\n');
}
