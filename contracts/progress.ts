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
