import type { Principal } from '../auth/principal.js';

/** The Hono environment of every route: the request id and who is calling (null when nobody logged in). */
export interface AppEnv {
  Variables: {
    requestId: string;
    principal: Principal | null;
  };
}
