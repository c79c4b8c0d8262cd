import type { Context, Middleware } from 'koa';
import { API_PREFIX, INTERNAL_PRINCIPAL_HEADER, nameServerSpan } from '@boardsync/kit/core';
import type { UpstreamProxy } from '../proxy/proxy.ts';
import { requestTargetOf } from '../request/canonical-path.ts';
import type { ApiAdmission } from '../use-cases/admit-api-request.ts';

/**
 * `/api/v1/*` through Koa (public-routes.ts sends them here): the requests the fast path
 * (fast-api.ts) leaves, those with a body or from a page's origin. The admission decides
 * (use-cases/admit-api-request.ts); a refusal is thrown for the kit's problem responder to
 * render; the proxy streams the rest.
 */
export function apiGateway(admission: ApiAdmission, proxy: UpstreamProxy): Middleware {
  return async (ctx) => {
    // The checked target (canonical-path.ts) is what is matched here and what the proxy forwards.
    const { path } = requestTargetOf(ctx);
    const rule = admission.route(ctx.method, path);
    // The duration histogram's route label: the table's template, as the services' routers label theirs.
    const route = `${API_PREFIX}${rule.path}`;
    ctx.state.route = route;
    nameServerSpan(ctx.method, route);
    const admitted = await admission.admit(
      { method: ctx.method, path, authorization: ctx.get('Authorization'), clientIp: () => clientIpOf(ctx), requestId: String(ctx.state.requestId) },
      rule,
    );
    for (const [name, value] of admitted.rateHeaders) ctx.set(name, value);
    await proxy.forward(
      ctx,
      admitted.upstream,
      admitted.service,
      { [INTERNAL_PRINCIPAL_HEADER.toLowerCase()]: admitted.principal },
      { held: rule.holds === true, heldToken: admitted.heldToken },
    );
  };
}

/** The caller's address as the client-origin middleware worked it out (trusted proxies only), else the socket's. */
function clientIpOf(ctx: Context): string {
  const fromOrigin: unknown = ctx.state.clientIp;
  return typeof fromOrigin === 'string' && fromOrigin !== '' ? fromOrigin : ctx.ip;
}
