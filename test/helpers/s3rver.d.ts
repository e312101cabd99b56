// s3rver ships no types: the little of it the tests use.
declare module 's3rver' {
  import type {Server} from 'node:http';
  import type {AddressInfo} from 'node:net';

  type Options = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    configureBuckets?: Array<{name: string}>;
  };

  export default class S3rver {
    constructor(options: Options);
    httpServer: Server;
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
