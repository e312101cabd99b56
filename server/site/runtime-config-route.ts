import type {RequestHandler} from 'express';

/** Tells the Export PDF button which port the API listens on right now. */
export function runtimeConfigRoute(apiPort: number): RequestHandler {
  return (_req, res) => {
    res.set('Cache-Control', 'no-store').json({apiPort});
  };
}
