/**
 * What a new password must be (registration, password change), after NIST SP 800-63B 5.1.1.2: at least
 * MIN_PASSWORD_LENGTH characters, not only white space, and not one of the commonly used passwords.
 * Returns the reason code for the 422 `detail`, or null when the password is acceptable.
 */

/** Registration and password changes require at least this many characters (the demo `demo` predates the rule). */
export const MIN_PASSWORD_LENGTH = 8;
/** An upper bound keeps a huge password from costing scrypt time. */
export const MAX_PASSWORD_LENGTH = 1024;

export type WeakPasswordReason = 'PASSWORD_TOO_SHORT' | 'PASSWORD_BLANK' | 'PASSWORD_TOO_COMMON';

export function weakPasswordReason(password: string): WeakPasswordReason | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (password.trim() === '') return 'PASSWORD_BLANK';
  return null;
}
