/** Types of fxa-common-password-list 0.0.4 (CommonJS, no types of its own): `test` is true for a listed password. */
declare module 'fxa-common-password-list' {
  const commonPasswords: { test(password: string): boolean };
  export default commonPasswords;
}
