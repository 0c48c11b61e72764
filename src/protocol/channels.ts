// A game's channels as a client sees them: the main thread, further public threads (one per city in a multi-city
// game) and the private group channels the viewer reads (a family, a court, a request's inbox). Clients key their
// thread views by `id` and post with it.
import { z } from 'zod';
import { gameParams, ifVersion, textSchema } from './common.ts';

/** One channel the viewer knows of, with what he may do there. */
export const channelInfo = z.object({
  id: z.string().describe('stable within the game: the key of GET/POST /api/games/:id/channels/:channel'),
  kind: z
    .enum(['public', 'private', 'inbox', 'team'])
    .describe('public: everyone reads it; private: its readers and the moderators; inbox: the PMs with the moderators; team: a team channel'),
  title: z.string().describe('rendered in the requested locale (a team channel: the team’s name)'),
  lang: z.string().optional().describe('the language of a rulebook channel’s title and tab'),
  tab: z.string().optional().describe('its name on a tab where the title says more (a city’s thread: the city)'),
  readable: z.boolean(),
  postable: z.boolean().describe('the viewer may post there now'),
  read: z.string().describe('GET: pages of the channel (?from=&limit=&locale=), the main thread with its vote count'),
  write: z.string().nullable().describe('POST {text}: a message in the channel; null when the viewer may not write there'),
});
/** A channel as the API lists it. */
export type ChannelInfo = z.infer<typeof channelInfo>;

/** Reply of GET /api/games/:id/channels: the viewer's channels, the main thread first. */
export const channelsReply = z.object({ channels: z.array(channelInfo), version: z.number() });
/** The channel list reply. */
export type ChannelsReply = z.infer<typeof channelsReply>;

/** `:id` and `:channel` of a channel's routes. */
export const channelParams = gameParams.extend({ channel: z.string().min(1).max(80) });

/** The body of a post in a channel. */
export const channelPostBody = z.object({ text: textSchema, ifVersion }).strict();
