/**
 * The ecash wallet seed (NUT-13): a BIP-39 mnemonic of 12 words made with the wallet, from which
 * every output's secret and blinding factor derive, so the wallet can be restored from it.
 */
import { generateMnemonic, mnemonicToSeedSync, validateMnemonic } from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'

export const SEED_ERRORS = {
  invalidMnemonic: 'Invalid recovery phrase',
  length: 'Seed must be a byte array of 128 to 512 bits',
} as const

/** A new 12-word (128-bit) English mnemonic. */
export const createWalletMnemonic = (): string => generateMnemonic(wordlist, 128)

/** Words as typed: trimmed, lower case, single spaces. */
export const normalizeMnemonic = (text: string): string =>
  text.trim().toLowerCase().split(/\s+/).join(' ')

/** The 64-byte BIP-39 seed of a mnemonic (no passphrase); throws on an invalid phrase. */
export function walletSeed(mnemonic: string): Uint8Array {
  const words = normalizeMnemonic(mnemonic)
  if (!validateMnemonic(words, wordlist)) throw new Error(SEED_ERRORS.invalidMnemonic)
  return mnemonicToSeedSync(words)
}

/** Throws unless the seed is 16 to 64 bytes, what BIP-32 accepts. */
export function checkSeed(seed: Uint8Array): void {
  if (!(seed instanceof Uint8Array) || seed.length < 16 || seed.length > 64) {
    throw new Error(SEED_ERRORS.length)
  }
}
