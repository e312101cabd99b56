/** A bucket of S3-compatible storage and the key prefix the books go under (empty, or ending in `/`). */
export type S3Location = {bucket: string; prefix: string};

const S3_URL = /^s3:\/\/([^/?#]+)(?:\/([^?#]*))?$/;
// S3's rules for bucket names, which MinIO and s3rver follow too.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/** `s3://bucket` or `s3://bucket/prefix` as a location; a text saying what is wrong otherwise. */
export function parseStoreUrl(url: string): S3Location | string {
  const match = S3_URL.exec(url);
  if (!match) return `must be s3://bucket or s3://bucket/prefix (unset: the documents directory), got "${url}"`;
  const [, bucket = '', path = ''] = match;
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    return `names the bucket "${bucket}": a bucket name is 3 to 63 lowercase letters, digits, dots and hyphens`;
  }
  const prefix = path.replace(/\/+$/, '');
  if (prefix && prefix.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    return `has the prefix "${path}": its parts must be non-empty and not . or ..`;
  }
  return {bucket, prefix: prefix ? `${prefix}/` : ''};
}

/** The location as STORE_URL says it, for messages. */
export function storeUrlOf({bucket, prefix}: S3Location): string {
  return `s3://${bucket}/${prefix}`;
}
