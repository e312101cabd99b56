import {promises as fs} from 'node:fs';
import path from 'node:path';
import type {RequestHandler} from 'express';
import {isListedPdf} from '../documents';

/**
 * Serves `{site}/{fileName}` from the documents directory: regular `*.pdf`
 * files only (no hidden part files, no symlinks), anything else falls through.
 */
export function documentsRoute(documentsDir: string): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    let name: string;
    try {
      name = decodeURIComponent(req.path.slice(1));
    } catch {
      return next();
    }
    if (!isListedPdf(name) || name.includes('/') || name.includes('\\')) return next();
    const file = path.join(documentsDir, name);
    const stats = await fs.lstat(file).catch(() => undefined);
    if (!stats?.isFile()) return next();
    res.sendFile(
      name,
      {
        root: documentsDir,
        dotfiles: 'deny',
        headers: {'Content-Type': 'application/pdf', 'Cache-Control': 'no-cache'},
      },
      (error) => {
        if (error && !res.headersSent) next();
      },
    );
  };
}
