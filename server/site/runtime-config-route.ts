import type {RequestHandler} from 'express';
import type {RuntimeConfig} from '../../contracts/client-data';

/** Tells the Export PDF button which port the API listens on right now. */
export function runtimeConfigRoute(apiPort: number): RequestHandler {
  return (_req, res) => {
    const body: RuntimeConfig = {apiPort};
    res.set('Cache-Control', 'no-store').json(body);
  };
}
