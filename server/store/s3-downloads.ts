import {pipeline} from 'node:stream/promises';
import type {Readable} from 'node:stream';
import {GetObjectCommand, HeadObjectCommand, S3ServiceException, type S3Client} from '@aws-sdk/client-s3';
import {getSignedUrl} from '@aws-sdk/s3-request-presigner';
import type {Request, Response} from 'express';

/** One object of a bucket. */
export type S3Object = {client: S3Client; bucket: string; key: string};

/** Long enough for the redirect to be followed, short enough that a copied link soon stops working. */
const PRESIGNED_SECONDS = 300;

/** The object is not there (a HEAD cannot tell a missing bucket from a missing object: both are a bare 404). */
export function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/**
 * The object's bytes through this server, as a file server answers: ranges
 * (PDF viewers read pages as they show them), a HEAD without a body.
 */
export async function streamObject({client, bucket, key}: S3Object, req: Request, res: Response): Promise<boolean> {
  const range = req.headers.range;
  if (req.method === 'HEAD') {
    const head = await client.send(new HeadObjectCommand({Bucket: bucket, Key: key}));
    setHeaders(res, head.ContentLength, head.LastModified, head.ETag);
    res.status(200).end();
    return true;
  }
  let object;
  try {
    object = await client.send(new GetObjectCommand({Bucket: bucket, Key: key, Range: range}));
  } catch (error) {
    if (!(error instanceof S3ServiceException) || error.$metadata.httpStatusCode !== 416) throw error;
    res.status(416).end();
    return true;
  }
  setHeaders(res, object.ContentLength, object.LastModified, object.ETag);
  if (object.ContentRange) res.status(206).set('Content-Range', object.ContentRange);
  // A reader who goes away mid-download ends the pipeline; nothing is left to answer.
  await pipeline(object.Body as Readable, res).catch(() => undefined);
  return true;
}

/** A redirect to a URL of the bucket that lets its holder read the object for a few minutes. */
export async function sendPresignedRedirect({client, bucket, key}: S3Object, res: Response): Promise<boolean> {
  await client.send(new HeadObjectCommand({Bucket: bucket, Key: key}));
  const url = await getSignedUrl(client, new GetObjectCommand({Bucket: bucket, Key: key}), {expiresIn: PRESIGNED_SECONDS});
  res.set('Cache-Control', 'no-store').redirect(302, url);
  return true;
}

function setHeaders(res: Response, length: number | undefined, modified: Date | undefined, etag: string | undefined): void {
  res.set({'Content-Type': 'application/pdf', 'Cache-Control': 'no-cache', 'Accept-Ranges': 'bytes'});
  if (length !== undefined) res.set('Content-Length', String(length));
  if (modified) res.set('Last-Modified', modified.toUTCString());
  if (etag) res.set('ETag', etag);
}
