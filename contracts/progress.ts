/**
 * The steps of an export engine, in the native engine's order. The docs-to-pdf
 * engine goes through capture, assemble and render only.
 */
export const ENGINE_PHASES = ['discover', 'capture', 'assemble', 'render', 'merge'] as const;

/** One step of an engine: read the sidebar, capture pages, lay out the book, print it, join the parts. */
export type EnginePhase = (typeof ENGINE_PHASES)[number];

/**
 * An export's `phase` as GET /export-status and GET /export-events report it:
 * `queued`, then the engine's phases, `write` while the file is put in place,
 * then `done` or `failed`.
 */
export type Phase = 'queued' | EnginePhase | 'write' | 'done' | 'failed';

export type ExportState = 'queued' | 'running' | 'done' | 'failed';

/**
 * Where a running export is: what an engine reports as it goes, after the exporter has scaled
 * `percent` to the whole export (1–98 for the engine, 99 while the file is put in place). The
 * status board keeps it in process; a worker sends it to the job queue (BullMQ's job progress),
 * from which every API instance reads it back into an export's status.
 */
export type ExportProgress = {
  phase: Phase;
  /** Steps done in the phase, when counted. */
  done?: number;
  /** Steps in the phase. */
  total?: number;
  /** 0–100, never going back. */
  percent: number;
};
