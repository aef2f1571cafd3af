import type { FastifyPluginAsync } from 'fastify';
import { hashPassword } from '../../auth/password.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, weakPasswordReason } from '../../auth/password-policy.ts';
import { normalizeUsername } from '../../auth/usernames.ts';
import { createUser, DuplicateUserError, toPublicUser } from '../../db/users.ts';
import { HttpError } from '../../http-error.ts';
import { requireSameOrigin } from '../../plugins/same-origin.ts';
import { commonErrors, publicUser } from '../common-schemas.ts';

export { MIN_PASSWORD_LENGTH };

interface RegisterBody {
  email: string;
  username: string;
  password: string;
  /** Accepted for compatibility with the existing client and ignored: registration always makes a `user`. */
  is_superuser?: boolean;
  role_id?: number;
}

const body = {
  type: 'object',
  required: ['email', 'username', 'password'],
  properties: {
    // 254 characters is the longest address SMTP can carry.
    email: { type: 'string', format: 'email', maxLength: 254 },
    username: { type: 'string', minLength: 1, maxLength: 64, pattern: '\\S' },
    password: { type: 'string', minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH },
    is_superuser: { type: 'boolean' },
    role_id: { type: 'integer' },
  },
} as const;

/** Replies for a taken email or username (the client maps these codes to its own words). */
const DUPLICATE_DETAILS = {
  email: 'REGISTER_USER_ALREADY_EXISTS',
  username: 'REGISTER_USERNAME_ALREADY_EXISTS',
} as const;

/**
 * POST /api/v1/auth/register: create an account with role `user`, whatever role the client asks for.
 * The username is NFKC-normalised; invisible/control characters or mixed Latin/Cyrillic/Greek letters → 422
 * (USERNAME_INVALID_CHARACTERS, USERNAME_MIXED_SCRIPTS); a name that looks like a taken one → 400
 * REGISTER_USERNAME_ALREADY_EXISTS; a weak password → 422 (PASSWORD_BLANK, PASSWORD_TOO_COMMON).
 */
export const registerRoute: FastifyPluginAsync = async (app) => {
  app.post<{ Body: RegisterBody }>(
    '/register',
    {
      onRequest: [requireSameOrigin],
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body, response: { 201: publicUser, ...commonErrors } },
    },
    async (request, reply) => {
      const email = request.body.email.normalize('NFKC').trim().toLowerCase();
      const name = normalizeUsername(request.body.username);
      if ('problem' in name) throw new HttpError(422, name.problem);
      const username = name.username;
      const weak = weakPasswordReason(request.body.password);
      if (weak) throw new HttpError(422, weak);
      const passwordHash = await hashPassword(request.body.password);
      try {
        // role is fixed here on purpose: is_superuser and role_id from the body are never used.
        const user = await createUser(app.db, { email, username, passwordHash, role: 'user' });
        request.log.info({ userId: user.id }, 'account registered');
        return reply.code(201).send(toPublicUser(user));
      } catch (error) {
        if (error instanceof DuplicateUserError) throw new HttpError(400, DUPLICATE_DETAILS[error.field]);
        throw error;
      }
    },
  );
};
