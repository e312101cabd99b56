import net, {type AddressInfo} from 'node:net';
import {DeleteObjectCommand, ListObjectsV2Command, S3Client, type S3ClientConfig} from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import {tempDir} from './fixtures';

/** s3rver checks signatures against these. */
const CREDENTIALS = {accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER'};

/** A real S3-compatible server (s3rver) in this process, on a loopback port, with one bucket. */
export type S3Server = {
  bucket: string;
  endpoint: string;
  /** What a store's client needs to reach it, over the AWS SDK's own defaults. */
  clientConfig: (endpoint?: string) => S3ClientConfig;
  /** The server entry's environment for a store in `bucket` under `prefix`. */
  env: (prefix: string) => NodeJS.ProcessEnv;
  /** Every key in the bucket under `prefix`, hidden ones too. */
  keys: (prefix?: string) => Promise<string[]>;
  /** Empties the bucket, when the server is running. */
  clear: () => Promise<void>;
  /** Stops answering (connections refused) until `start` (which does nothing while it runs); the objects stay. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server for good and removes its files. */
  remove: () => Promise<void>;
};

export async function startS3Server(bucket = 'books'): Promise<S3Server> {
  const directory = await tempDir('export-pdf-s3rver');
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    if (server) return;
    server = new S3rver({address: '127.0.0.1', port, silent: true, directory: directory.dir, configureBuckets: [{name: bucket}]});
    port = (await server.run()).port;
  };
  const stop = async () => {
    if (!server) return;
    const closed = server.close();
    server.httpServer.closeAllConnections();
    await closed;
    server = undefined;
  };
  await start();
  const endpoint = `http://127.0.0.1:${port}`;
  const clientConfig = (at = endpoint): S3ClientConfig => ({
    endpoint: at,
    region: 'us-east-1',
    credentials: CREDENTIALS,
    forcePathStyle: true,
  });
  const client = new S3Client({...clientConfig(), requestChecksumCalculation: 'WHEN_REQUIRED'});
  const keys = async (prefix = '') => {
    const listed = await client.send(new ListObjectsV2Command({Bucket: bucket, Prefix: prefix}));
    return (listed.Contents ?? []).map((object) => object.Key!).sort();
  };
  return {
    bucket,
    endpoint,
    clientConfig,
    env: (prefix) => ({
      STORE_URL: `s3://${bucket}/${prefix}`,
      STORE_FORCE_PATH_STYLE: 'true',
      AWS_ENDPOINT_URL_S3: endpoint,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
    }),
    keys,
    clear: async () => {
      if (!server) return;
      for (const key of await keys()) await client.send(new DeleteObjectCommand({Bucket: bucket, Key: key}));
    },
    stop,
    start,
    remove: async () => {
      client.destroy();
      await stop();
      await directory.remove();
    },
  };
}

/** A TCP proxy in front of `port` that, once armed, cuts the first connection to send more than `afterBytes`. */
export async function startCuttingProxy(
  port: number,
): Promise<{endpoint: string; arm: (afterBytes: number) => void; close: () => Promise<void>}> {
  let cutAfter: number | undefined;
  const sockets = new Set<net.Socket>();
  const proxy = net.createServer((client) => {
    const upstream = net.connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    let sent = 0;
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (cutAfter !== undefined && sent > cutAfter) {
        cutAfter = undefined;
        client.destroy();
        upstream.destroy();
        return;
      }
      upstream.write(chunk);
    });
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    arm: (afterBytes) => (cutAfter = afterBytes),
    close: async () => {
      sockets.forEach((socket) => socket.destroy());
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
