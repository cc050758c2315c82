/**
 * What can go wrong with an ncryptsec, in the user's words. Apart from nip49.ts so that the worker's
 * client can name failures without loading scrypt and the cipher into the page.
 */

export const INVALID_NCRYPTSEC = 'Invalid ncryptsec'
export const NCRYPTSEC_WRONG_PASSPHRASE = 'Incorrect passphrase for this ncryptsec'
export const NCRYPTSEC_TOO_STRONG =
  'This ncryptsec needs more memory to decrypt than this browser can give (scrypt log_n above 20)'
export const NCRYPTSEC_EXPORT_FAILED = 'Failed to export the key as ncryptsec'

export type Nip49Problem = 'malformed' | 'wrong-passphrase' | 'too-strong' | 'export-failed'

export const NIP49_MESSAGES: Readonly<Record<Nip49Problem, string>> = {
  malformed: INVALID_NCRYPTSEC,
  'wrong-passphrase': NCRYPTSEC_WRONG_PASSPHRASE,
  'too-strong': NCRYPTSEC_TOO_STRONG,
  'export-failed': NCRYPTSEC_EXPORT_FAILED,
}

/** Carries no cause: bech32's errors quote their input. */
export class Nip49Error extends Error {
  override readonly name = 'Nip49Error'
  readonly problem: Nip49Problem

  constructor(problem: Nip49Problem) {
    super(NIP49_MESSAGES[problem])
    this.problem = problem
  }
}
