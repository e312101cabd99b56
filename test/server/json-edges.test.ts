import assert from 'node:assert/strict';
import http, {type Server} from 'node:http';
import net, {type AddressInfo} from 'node:net';
import {after, afterEach, before, describe, it} from 'node:test';
import {createApp} from '../../server/app';
import {answerClientErrorsAsJson} from '../../server/client-error';
import {ExportStatusBoard} from '../../server/export/export-status';
import {closeServer, listen} from '../../server/listen';
import {EMPTY_STORE} from '../helpers/fixtures';

/** A raw HTTP exchange: what Node's parser sees before Express does. */
function rawRequest(port: number, text: string): Promise<{status: number; headers: string; body: string}> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.end(text));
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString('utf8')));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({status: Number(head.split(' ')[1]), headers: head, body});
    });
  });
}

type Stream = {status: number; body: string; close: () => void};

/** Opens GET /export-events from `localAddress`; resolves once the status line is in. */
function openStream(port: number, localAddress = '127.0.0.1'): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const req = http.get({host: '127.0.0.1', port, path: '/export-events', localAddress}, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      const settle = () => resolve({status: res.statusCode!, body, close: () => req.destroy()});
      if (res.statusCode === 200) settle();
      else res.on('end', settle);
    });
    req.on('error', reject);
  });
}

describe('the API speaks JSON on every error path', () => {
  let server: Server;
  let port: number;
  const open: Stream[] = [];

  before(async () => {
    const exporter = {export: async () => assert.fail('no export'), status: new ExportStatusBoard()};
    const app = createApp(
      {nodeEnv: 'production', eventStreams: {max: 3, perClient: 2}},
      {exporter, siteProbe: async () => true, store: EMPTY_STORE},
    );
    server = await listen(app, 0, '127.0.0.1', 'API');
    answerClientErrorsAsJson(server);
    port = (server.address() as AddressInfo).port;
  });
  afterEach(() => open.splice(0).forEach((stream) => stream.close()));
  after(async () => {
    server.closeAllConnections();
    await closeServer(server);
  });

  it('answers a 20 KB query with 431 and the error body, not an empty one', async () => {
    const response = await rawRequest(port, `GET /export-pdf?fileName=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
    assert.equal(response.status, 431);
    assert.match(response.headers, /content-type: application\/json/i);
    const body = JSON.parse(response.body);
    assert.equal(body.success, false);
    assert.equal(body.error, 'Request header fields too large');
    assert.match(body.detail, /16384 bytes/);
  });

  it('answers a request line that is not HTTP with 400 and the error body', async () => {
    const response = await rawRequest(port, 'HELLO THERE\r\n\r\n');
    assert.equal(response.status, 400);
    assert.deepEqual(Object.keys(JSON.parse(response.body)), ['success', 'error', 'detail']);
  });

  it('caps the event streams of one client, and frees a slot when one closes', async () => {
    open.push(await openStream(port), await openStream(port));
    const refused = await openStream(port);
    assert.equal(refused.status, 503);
    assert.equal(JSON.parse(refused.body).error, 'Too many open event streams from this client; close one first');
    open.shift()!.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const again = await openStream(port);
    open.push(again);
    assert.equal(again.status, 200);
  });

  it('caps the event streams in all, with Retry-After', async () => {
    open.push(await openStream(port), await openStream(port), await openStream(port, '127.0.0.2'));
    const response = await new Promise<http.IncomingMessage>((resolve) =>
      http.get({host: '127.0.0.1', port, path: '/export-events', localAddress: '127.0.0.3'}, resolve),
    );
    assert.equal(response.statusCode, 503);
    assert.equal(response.headers['retry-after'], '10');
    response.resume();
  });
});
