// The shared protocol of the HTTP API and the WebSocket (docs/architecture.md): request, reply and frame schemas
// in zod, and their types. Pure: no Fastify, no node:*, so the server, its OpenAPI document and a browser client
// import the same definitions.
export * from './accounts.ts';
export * from './channels.ts';
export * from './common.ts';
export * from './games.ts';
export * from './messages.ts';
export * from './mod.ts';
export * from './notify.ts';
export * from './reading.ts';
export * from './replies.ts';
export * from './schedule.ts';
export * from './setup.ts';
export * from './ws.ts';
