// Errors Node's HTTP parser raises before any route runs (headers too large, a request not
// received in time, a malformed request line): answered in the contract's format too, then closed.
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

const ANSWERS: Record<string, { status: number; message: string; field?: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large (16 kB at most)', field: 'headers' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, message: 'The request was not received in time' },
};

export function clientErrorHandler(this: FastifyInstance, error: NodeJS.ErrnoException, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer = ANSWERS[error.code ?? ''] ?? { status: 400, message: 'The HTTP request is malformed' };
  const body = JSON.stringify({
    error: {
      code: 'VALIDATION_FAILED',
      message: answer.message,
      ...(answer.field ? { details: { field: answer.field } } : {}),
    },
  });
  this.log.debug({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
