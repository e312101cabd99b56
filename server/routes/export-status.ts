import {Router, type Request, type RequestHandler, type Response} from 'express';
import {Busy, HttpError, NotFound} from '../errors';
import type {ExportStatus, ExportStatusList} from '../../contracts/api';
import type {JobStatusSource} from '../queue/job-queue';
import {methodNotAllowed} from './method-not-allowed';

/** A client's export id: what `exportId` accepts. */
export const EXPORT_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Comment lines keep proxies from closing a quiet stream. */
const HEARTBEAT_MS = 15_000;

function wantedId(req: Request): string | undefined {
  const id = req.query.id;
  if (id === undefined) return undefined;
  if (typeof id !== 'string' || !EXPORT_ID.test(id)) {
    throw new HttpError(400, 'Invalid id: 1 to 64 letters, digits, "-" or "_"');
  }
  return id;
}

const matches = (status: ExportStatus, id: string) => status.id === id || status.clientIds.includes(id);
const finished = (status: ExportStatus) => status.state === 'done' || status.state === 'failed';

/** How many event streams may be open at once, in all and per client (by IP address, as the rate limit counts). */
export type StreamLimits = {max: number; perClient: number};

/** A client past its cap reconnects after this many seconds (EventSource would retry at once). */
const STREAM_RETRY_AFTER_S = 10;

/** Counts open streams; `open` refuses one past either cap and gives back its release. */
function streamSlots(limits: StreamLimits) {
  let total = 0;
  const perClient = new Map<string, number>();
  return {
    open(client: string): () => void {
      const mine = perClient.get(client) ?? 0;
      if (total >= limits.max) {
        throw new Busy('Too many open event streams; try again later', STREAM_RETRY_AFTER_S, {
          detail: `The server keeps at most ${limits.max} (EVENT_STREAMS_MAX); GET /export-status/:id gives the same status.`,
        });
      }
      if (mine >= limits.perClient) {
        throw new Busy('Too many open event streams from this client; close one first', STREAM_RETRY_AFTER_S, {
          detail: `At most ${limits.perClient} per client (EVENT_STREAMS_PER_CLIENT).`,
        });
      }
      total += 1;
      perClient.set(client, mine + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (perClient.get(client) ?? 1) - 1;
        if (left > 0) perClient.set(client, left);
        else perClient.delete(client);
      };
    },
  };
}

async function streamEvents(board: JobStatusSource, req: Request, res: Response, release: () => void): Promise<void> {
  const id = wantedId(req);
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    // nginx buffers responses unless told otherwise.
    'X-Accel-Buffering': 'no',
  });
  res.write(`retry: 1000\n\n`);
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    release();
    unsubscribe();
    clearInterval(heartbeat);
    res.end();
  };
  const send = (status: ExportStatus) => {
    if (ended || (id && !matches(status, id))) return;
    res.write(`event: status\ndata: ${JSON.stringify(status)}\n\n`);
    // A stream that follows one export ends with it.
    if (id && finished(status)) end();
  };
  const unsubscribe = board.subscribe(send);
  const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
  res.on('close', end);
  // What is true now, before any change: the one export asked for, or all of them.
  if (id) {
    const current = await board.find(id);
    if (current) send(current);
  } else {
    for (const status of await board.list()) send(status);
  }
}

/**
 * GET /export-status: every queued, running and recent export.
 * GET /export-status/:id: one export, by server id or by the client's `exportId`.
 * GET /export-events[?id=]: the same as server-sent events, one `status` event per change.
 */
export function exportStatusRouter(
  board: JobStatusSource,
  guards: RequestHandler[] = [],
  limits: StreamLimits = {max: 1000, perClient: 20},
): Router {
  const router = Router();
  const slots = streamSlots(limits);
  router
    .route('/export-status')
    .get(...guards, async (_req, res) => {
      const body: ExportStatusList = {exports: await board.list()};
      res.json(body);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  router
    .route('/export-status/:id')
    .get(...guards, async (req, res) => {
      const id = String(req.params.id);
      if (!EXPORT_ID.test(id)) throw new HttpError(400, 'Invalid id: 1 to 64 letters, digits, "-" or "_"');
      const status = await board.find(id);
      if (!status) {
        throw new NotFound(`No export with id ${id}`, {
          detail: 'Finished exports are kept for a while only; the PDFs stay in GET /pdf-files.',
        });
      }
      res.json(status);
    })
    .all(methodNotAllowed(['GET', 'HEAD']));
  router
    .route('/export-events')
    .get(...guards, async (req, res) => {
      wantedId(req);
      const release = slots.open(req.ip ?? req.socket.remoteAddress ?? '');
      try {
        await streamEvents(board, req, res, release);
      } catch (error) {
        release();
        // Headers are out once the stream has begun: the queue failed mid-answer, end the stream.
        if (res.headersSent) res.end();
        else throw error;
      }
    })
    .all(methodNotAllowed(['GET']));
  return router;
}
