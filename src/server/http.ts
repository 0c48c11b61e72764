// The HTTP edge: one error shape for every failure ({error:{code,message}} with a stable code), and a route
// helper that validates params, query and body with zod and publishes the same schemas as JSON Schema for the
// OpenAPI document at /docs. Fastify's own validator and serializer are bypassed: zod is the single source.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ZodType, z } from 'zod';
import { AppError, CommandError, type CommandErrorCode, storeUnavailable } from '../app/errors.ts';
import { errorSchema, messageSchema } from '../protocol/index.ts';
import { isStoreFault } from '../store/faults.ts';

/** JSON Schema of a zod schema, in the OpenAPI 3.0 dialect. */
export function jsonSchema(schema: ZodType, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { target: 'openapi-3.0', unrepresentable: 'any', io }) as Record<string, unknown>;
  return rest;
}

/**
 * The protocol's named sub-schemas (the recursive message parameter) as OpenAPI components: the document moves a
 * reply's own definitions to `#/components/schemas/…` references, so the components must be published there.
 */
export function namedSchemas(): Record<string, Record<string, unknown>> {
  const { definitions = {} } = jsonSchema(messageSchema, 'output') as { definitions?: Record<string, unknown> };
  return JSON.parse(JSON.stringify(definitions).replaceAll('#/definitions/', '#/components/schemas/')) as Record<string, Record<string, unknown>>;
}

/** Sends the standard error body (a 429 or 503 with the Retry-After its details name). */
export function sendError(reply: FastifyReply, status: number, code: string, message: string, details?: unknown): FastifyReply {
  const retry = (details as { retryAfter?: unknown } | undefined)?.retryAfter;
  if (typeof retry === 'number') reply.header('retry-after', String(retry));
  return reply.code(status).send({ error: { code, message, ...(details !== undefined ? { details } : {}) } });
}

/**
 * The HTTP status of each refusal of the command path (app/command-path.ts, app/service-events.ts): what conflicts with
 * the game (a version, a name, a moderator twice) is 409, a moderator's action the rules refuse 422, a chat line of
 * one who is no longer in the team 403. A code left out does not compile.
 */
export const COMMAND_STATUS: Readonly<Record<CommandErrorCode, number>> = {
  'game.stale_version': 409,
  'game.conflict': 409,
  'game.name_confusable': 409,
  'mod.refused': 422,
  'team.not_member': 403,
  'game.already_moderator': 409,
  'game.player_cannot_moderate': 409,
};

/** Maps any thrown error to a status and a stable code; only unknown errors become 500. */
export function classify(err: unknown): { status: number; code: string; message: string; details?: unknown } {
  if (err instanceof AppError) return { status: err.status, code: err.code, message: err.message, details: err.details };
  if (err instanceof CommandError) return { status: COMMAND_STATUS[err.code], code: err.code, message: err.message, details: err.details };
  // The database is down or full: the request was not carried out, and may be sent again shortly.
  if (isStoreFault(err)) return classify(storeUnavailable());
  const e = err as FastifyError & { statusCode?: number };
  switch (e?.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'request.too_large', message: 'the request body is too large' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: 'request.unsupported_media_type', message: 'send JSON (Content-Type: application/json)' };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, code: 'request.empty_body', message: 'the JSON body is empty' };
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, code: 'request.invalid_length', message: 'the Content-Length does not match the body' };
    default:
      break;
  }
  if (e instanceof SyntaxError || e?.code === 'FST_ERR_CTP_INVALID_JSON_BODY')
    return { status: 400, code: 'request.malformed_json', message: 'the body is not valid JSON' };
  const status = e?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return { status, code: 'request.invalid', message: typeof e.message === 'string' ? e.message : 'bad request' };
  return { status: 500, code: 'internal', message: 'internal error' };
}

/** Who may call a route. */
export type AuthMode = 'none' | 'optional' | 'account';

/** The parsed parts of a request a handler receives. */
export interface Ctx<B, Q, P> {
  readonly req: FastifyRequest;
  readonly reply: FastifyReply;
  readonly body: B;
  readonly query: Q;
  readonly params: P;
}

/** A route with its schemas and documentation. */
export interface RouteDef<B, Q, P> {
  readonly method: 'GET' | 'POST' | 'DELETE';
  readonly url: string;
  readonly summary: string;
  readonly tags: string[];
  readonly auth: AuthMode;
  readonly body?: ZodType<B>;
  readonly query?: ZodType<Q>;
  readonly params?: ZodType<P>;
  /** Documented success response (status → schema). */
  readonly response?: Record<number, ZodType>;
  /** 'text' routes answer text/plain. */
  readonly produces?: 'json' | 'text';
  handler(ctx: Ctx<B, Q, P>): Promise<unknown> | unknown;
}

function parse<T>(schema: ZodType<T> | undefined, value: unknown, where: string): T {
  if (!schema) return undefined as T;
  const r = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  const path = issue.path.length > 0 ? `${where}.${issue.path.join('.')}` : where;
  throw new AppError(
    'request.invalid',
    400,
    `${path}: ${issue.message}`,
    r.error.issues.slice(0, 5).map((i) => ({ path: [where, ...i.path.map(String)].join('.'), message: i.message })),
  );
}

/** Registers a route: zod validation, OpenAPI metadata, authentication mode. */
export function route<B = undefined, Q = undefined, P = undefined>(app: FastifyInstance, def: RouteDef<B, Q, P>): void {
  const response: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(def.response ?? {})) response[status] = jsonSchema(schema, 'output');
  if (def.auth === 'account') response[401] = jsonSchema(errorSchema, 'output');
  response['4xx'] = jsonSchema(errorSchema, 'output');
  app.route({
    method: def.method,
    url: def.url,
    schema: {
      summary: def.summary,
      tags: def.tags,
      ...(def.body ? { body: jsonSchema(def.body) } : {}),
      ...(def.query ? { querystring: jsonSchema(def.query) } : {}),
      ...(def.params ? { params: jsonSchema(def.params) } : {}),
      // A state-changing request made with the session cookie also needs the CSRF header (auth.ts): declaring it
      // lets /docs send the token given in its Authorize dialog.
      ...(def.auth !== 'none' ? { security: [def.method === 'GET' ? { session: [] } : { session: [], csrf: [] }] } : {}),
      ...(def.produces === 'text' ? { produces: ['text/plain'] } : {}),
      response,
    },
    config: { auth: def.auth },
    // The JSON schemas above are for /docs: zod checks every input in the handler (with our error codes), so
    // Fastify's own Ajv pass would only check the same input twice.
    validatorCompiler: () => (value) => ({ value }),
    handler: async (req, reply) => {
      const params = parse(def.params, req.params, 'params');
      const query = parse(def.query, req.query, 'query');
      const body = parse(def.body, req.body, 'body');
      const out = await def.handler({ req, reply, body, query, params });
      if (reply.sent) return reply;
      return out;
    },
  });
}
