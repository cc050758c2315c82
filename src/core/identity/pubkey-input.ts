/** The public key a user types or pastes for a read-only login: an npub or 64 hex characters. */
import { decode } from 'nostr-tools/nip19'

export const INVALID_PUBKEY_INPUT = 'Invalid pubkey or npub'
export const CLIPBOARD_ERROR = 'Failed to read clipboard'

const HEX_KEY = /^[0-9a-f]{64}$/i

export class PubkeyInputError extends Error {
  override readonly name = 'PubkeyInputError'

  constructor() {
    super(INVALID_PUBKEY_INPUT)
  }
}

/** The lowercase hex pubkey in `input` (trimmed), or a PubkeyInputError. */
export function parsePubkeyInput(input: string): string {
  const text = input.trim()
  if (HEX_KEY.test(text)) return text.toLowerCase()
  if (/^npub1/i.test(text)) {
    try {
      const decoded = decode(text.toLowerCase())
      if (decoded.type === 'npub' && HEX_KEY.test(decoded.data)) return decoded.data
    } catch {
      // Not a valid npub: falls through to the one error below.
    }
  }
  throw new PubkeyInputError()
}
