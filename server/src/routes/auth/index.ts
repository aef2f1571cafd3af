import type { FastifyPluginAsync } from 'fastify';
import { loginRoute } from './login.ts';
import { logoutRoute } from './logout.ts';
import { registerRoute } from './register.ts';

/** /api/v1/auth/...: register, jwt/login, jwt/logout, jwt/logout-all. */
export const authRoutes: FastifyPluginAsync = async (app) => {
  await app.register(registerRoute);
  await app.register(loginRoute);
  await app.register(logoutRoute);
};
