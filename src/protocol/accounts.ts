// Accounts and sessions: sign-up and log-in bodies and the reply that carries the CSRF token.
import { z } from 'zod';

/** Body of a sign-up or a log-in. */
export const credentials = z.object({ name: z.string().min(1).max(64), password: z.string().min(1).max(200) }).strict();

/** An account as the API shows it. */
export const accountSchema = z.object({ id: z.string(), name: z.string() });

/** Reply of a sign-up, a log-in and GET /api/me. */
export const authReply = z.object({ account: accountSchema, csrfToken: z.string() });
/** An auth reply. */
export type AuthReply = z.infer<typeof authReply>;
