import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../domain/codes.js';

/**
 * Refusals that Fastify and Node make before any route runs leave in the same {code,msg,result}
 * envelope as every other answer (issue #20): a malformed or overlong address (400, 414) through
 * Fastify's frameworkErrors, an unreadable request, oversized headers or a timeout (400, 431, 408)
 * through the HTTP server's clientError.
 */
export function frameworkErrors(error: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  const msg = status === 414 ? '请求地址过长' : '请求地址格式错误';
  return reply.status(status).send({ code: Code.invalidInput, msg, result: null });
}

export function clientErrorHandler(error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, msg] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, Code.invalidInput, '请求头过大']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 408, '请求超时']
        : [400, Code.invalidInput, '请求格式错误'];
  const body = JSON.stringify({ code, msg, result: null });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(error);
}
