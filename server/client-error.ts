import http, {type Server} from 'node:http';
import type {Duplex} from 'node:stream';
import {errorBody} from './error-middleware';

/** What Node's HTTP parser refused, as the status it would have sent and our words for it. */
function describe(error: NodeJS.ErrnoException): {status: number; reason: string; message: string; detail: string} {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        reason: 'Request Header Fields Too Large',
        message: 'Request header fields too large',
        detail: `The request line and headers (the URL with its query included) exceed the server's limit of ${http.maxHeaderSize} bytes.`,
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {status: 408, reason: 'Request Timeout', message: 'Request timeout', detail: 'The request did not arrive in time.'};
    default:
      return {
        status: 400,
        reason: 'Bad Request',
        message: 'Malformed HTTP request',
        detail: `Node's HTTP parser refused it (${error.code ?? error.message}).`,
      };
  }
}

/**
 * Requests Node's HTTP parser refuses never reach Express, and Node answers them
 * with an empty body. This answers them as every other API error: the same
 * status, the JSON error body, and the connection closed.
 */
export function answerClientErrorsAsJson(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (error.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const {status, reason, message, detail} = describe(error);
    const body = JSON.stringify(errorBody(message, detail));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
