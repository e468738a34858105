import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE_HEADER } from '@lp/shared/contract';
import type { Config } from '../config.ts';

/**
 * docs/security.md "Tokens": a browser app's refresh token lives in this cookie —
 * HttpOnly (no script reads it), SameSite=Strict (no other site's page sends it), Path=/api/o/
 * (sent to the token endpoints only, never to the API, the media or the content origin), Secure
 * over https — and is read only on a request that carries REFRESH_COOKIE_HEADER.
 */
export const REFRESH_COOKIE = 'lp_refresh';
export const REFRESH_COOKIE_PATH = '/api/o/';

export const wantsRefreshCookie = (request: FastifyRequest) => request.headers[REFRESH_COOKIE_HEADER.toLowerCase()] === '1';

export function refreshCookieOf(request: FastifyRequest): string | undefined {
  const value = request.cookies[REFRESH_COOKIE];
  return value && value.length <= 256 ? value : undefined;
}

const secureFor = (config: Config, request: FastifyRequest) => request.protocol === 'https' || config.publicUrl.startsWith('https:');

export function setRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: Config, token: string): void {
  reply.setCookie(REFRESH_COOKIE, token, {
    httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: secureFor(config, request), maxAge: config.refreshTokenTtlSeconds,
  });
}

export function clearRefreshCookie(reply: FastifyReply, request: FastifyRequest, config: Config): void {
  reply.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', path: REFRESH_COOKIE_PATH, secure: secureFor(config, request) });
}
