// The OpenAPI document at /docs publishes the protocol's own schemas (src/protocol): what a client imports is what
// the server validates with and documents.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authReply, commandReply, credentials, errorSchema, gameList, modBodySchema, pageReply, textBody, threadReply } from '../src/protocol/index.ts';
import { jsonSchema } from '../src/server/http.ts';
import { VARIANTS } from '../src/variants/registry.ts';
import { type Harness, harness } from './support/harness.ts';

let h: Harness;
let doc: any;
beforeAll(async () => {
  h = await harness();
  doc = (await h.app.inject({ method: 'GET', url: '/docs/json' })).json();
});
afterAll(() => h.close());

const body = (path: string, method = 'post') => doc.paths[path][method].requestBody.content['application/json'].schema;
const reply = (path: string, status: string, method = 'get') => doc.paths[path][method].responses[status].content['application/json'].schema;

/**
 * A reply schema as the document holds it: named sub-schemas (the recursive message parameter) move from the
 * schema's own `definitions` to the document's components, and each must be published there as defined.
 */
function published(schema: Record<string, unknown>): unknown {
  const { definitions, ...rest } = schema as { definitions?: Record<string, unknown> };
  for (const [name, def] of Object.entries(definitions ?? {})) {
    expect(JSON.parse(JSON.stringify(doc.components.schemas[name]).replaceAll('#/components/schemas/', '#/definitions/'))).toEqual(def);
  }
  return JSON.parse(JSON.stringify(rest).replaceAll('#/definitions/', '#/components/schemas/'));
}

describe('the OpenAPI document', () => {
  it('takes request bodies from src/protocol', () => {
    expect(body('/api/sessions')).toEqual(jsonSchema(credentials));
    expect(body('/api/games/{id}/posts')).toEqual(jsonSchema(textBody));
    expect(body('/api/games/{id}/pms')).toEqual(jsonSchema(textBody));
    expect(body('/api/games/{id}/mod')).toEqual(jsonSchema(modBodySchema(VARIANTS)));
  });

  it('takes replies and the error body from src/protocol', () => {
    expect(reply('/api/sessions', '200', 'post')).toEqual(jsonSchema(authReply, 'output'));
    expect(reply('/api/games', '200')).toEqual(jsonSchema(gameList, 'output'));
    expect(reply('/api/games/{id}/thread', '200')).toEqual(published(jsonSchema(threadReply, 'output')));
    expect(reply('/api/games/{id}/inbox', '200')).toEqual(published(jsonSchema(pageReply, 'output')));
    expect(reply('/api/games/{id}/posts', '200', 'post')).toEqual(published(jsonSchema(commandReply, 'output')));
    expect(reply('/api/games/{id}/thread', '4XX')).toEqual(jsonSchema(errorSchema, 'output'));
  });

  it('publishes the message parameter once, as a named recursive component', () => {
    const param = doc.components.schemas.MessageParam;
    expect(param.anyOf.map((x: { type: string }) => x.type)).toEqual(['string', 'number', 'object', 'object', 'object']);
    expect(JSON.stringify(param)).toContain('"$ref":"#/components/schemas/MessageParam"');
  });
});
