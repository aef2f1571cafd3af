/** JSON schemas shared by route modules. */

/** Every error reply: `{"detail": ...}` (a string, or structured data for some 4xx). */
export const errorReply = {
  type: 'object',
  properties: { detail: {} },
  required: ['detail'],
} as const;

/** Error replies most routes can give, to spread into `schema.response`. */
export const commonErrors = {
  400: errorReply,
  401: errorReply,
  403: errorReply,
  413: errorReply,
  415: errorReply,
  422: errorReply,
  429: errorReply,
  500: errorReply,
  507: errorReply,
} as const;

/** A user as the API shows it (db/users.ts PublicUser). */
export const publicUser = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    email: { type: 'string' },
    username: { type: 'string' },
    is_superuser: { type: 'boolean' },
    role_id: { type: 'integer' },
    role: {
      type: 'object',
      properties: { id: { type: 'integer' }, name: { type: 'string' } },
      required: ['id', 'name'],
    },
  },
  required: ['id', 'email', 'username', 'is_superuser', 'role_id', 'role'],
} as const;

/** A reply with no body (204). */
export const noContent = { type: 'null' } as const;
