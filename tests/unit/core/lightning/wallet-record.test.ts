import { describe, expect, it } from 'vitest'
import {
  OLD_WALLET_RECORD,
  WALLET_NOT_FOUND,
} from '../../../../src/core/lightning/saved-wallets.ts'
import {
  createWalletRecord,
  readPairingMap,
  recordPayload,
  WALLET_RECORD_ALGO,
  walletRecordKey,
} from '../../../../src/core/lightning/wallet-record.ts'

const ME = 'A'.repeat(64)

describe('encrypted remote-wallet record, version 2', () => {
  it("is keyed 'nwc_' + lowercase pubkey, names its scheme and carries the spec's fields", () => {
    const record = createWalletRecord(ME, 'AqPayload', 1234)
    expect(walletRecordKey(ME)).toBe(`nwc_${'a'.repeat(64)}`)
    expect(record).toEqual({
      pubkey: `nwc_${'a'.repeat(64)}`,
      kdf: 'none',
      iterations: 0,
      saltB64: '',
      algo: WALLET_RECORD_ALGO,
      ivB64: '',
      ciphertextB64: 'AqPayload',
      version: 2,
      timestamp: 1234,
    })
    expect(recordPayload(record)).toBe('AqPayload')
  })

  it('records of another version (the old passphrase scheme) cannot be decrypted', () => {
    const old = { ...createWalletRecord(ME, 'x', 1), version: 1, algo: 'XCHACHA20-POLY1305' }
    expect(() => recordPayload(old)).toThrow(OLD_WALLET_RECORD)
    expect(() => recordPayload(null)).toThrow(WALLET_NOT_FOUND)
    expect(() => recordPayload({ ...createWalletRecord(ME, '', 1) })).toThrow(WALLET_NOT_FOUND)
  })

  it('holds a map of saved-wallet id to pairing string', () => {
    expect(readPairingMap('{"wallet_1":"nostr+walletconnect://x","bad":1}')).toEqual({
      wallet_1: 'nostr+walletconnect://x',
    })
    expect(() => readPairingMap('[1]')).toThrow(WALLET_NOT_FOUND)
    expect(() => readPairingMap('nope')).toThrow(WALLET_NOT_FOUND)
  })
})
