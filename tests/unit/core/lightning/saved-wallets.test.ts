import { describe, expect, it } from 'vitest'
import {
  autoConnectCandidate,
  defaultWalletName,
  ENCRYPTED_MARK,
  newSavedWallet,
  newWalletId,
  OLD_WALLET_RECORD,
  readSavedWallets,
  type SavedWallet,
  SELECT_WALLET,
  WALLET_CONNECT_FAILED,
  WALLET_NOT_FOUND,
  walletsOf,
} from '../../../../src/core/lightning/saved-wallets.ts'
import { AUTO_CONNECT_FRESH_MS } from '../../../../src/core/lightning/wallet-connection.ts'

const ME = 'a'.repeat(64)
const YOU = 'c'.repeat(64)
const NOW = Date.UTC(2026, 10, 21, 12)
const DAY = 24 * 60 * 60 * 1000

const wallet = (fields: Partial<SavedWallet> = {}): SavedWallet => ({
  ...newSavedWallet({ id: 'wallet_1_a', name: 'Mine', walletType: 'nwc', pubkey: ME, now: NOW }),
  ...fields,
})

describe('saved wallets (spec §3-§5)', () => {
  it('ids are wallet_{timestamp}_{random}', () => {
    expect(newWalletId(NOW, 0.5)).toMatch(new RegExp(`^wallet_${NOW}_[0-9a-z]+$`))
    expect(newWalletId(NOW, 0.5)).not.toBe(newWalletId(NOW, 0.25))
  })

  it("default names: 'NWC Wallet {date}' and 'WebLN Wallet'", () => {
    expect(defaultWalletName(new Date(NOW), 'en-GB')).toBe('NWC Wallet 21/11/2026')
    expect(
      newSavedWallet({ id: 'w', name: ' ', walletType: 'nwc', pubkey: ME, now: NOW }).name,
    ).toBe(defaultWalletName(new Date(NOW)))
    expect(
      newSavedWallet({ id: 'w', name: '', walletType: 'webln', pubkey: ME, now: NOW }).name,
    ).toBe('WebLN Wallet')
  })

  it("a remote wallet's pairing string is stored as the literal 'encrypted'", () => {
    const saved = wallet()
    expect(saved.connectionString).toBe(ENCRYPTED_MARK)
    expect(ENCRYPTED_MARK).toBe('encrypted')
    expect(wallet({ walletType: 'webln', connectionString: '' }).connectionString).toBe('')
    expect(saved).toMatchObject({ connectedAt: NOW, lastUsed: NOW, persist: true, pubkey: ME })
  })

  it('reads the list: entries without id or walletType are ignored; plaintext or empty pairing strings dropped', () => {
    const raw = JSON.stringify([
      wallet(),
      { ...wallet(), id: '' },
      { ...wallet(), walletType: undefined },
      { ...wallet(), id: 'plain', connectionString: 'nostr+walletconnect://…secret=…' },
      { ...wallet(), id: 'empty', connectionString: '' },
      { ...wallet(), id: 'webln', walletType: 'webln', connectionString: '' },
      'junk',
    ])
    const { wallets, dropped } = readSavedWallets(raw)
    expect(wallets.map((w) => w.id)).toEqual(['wallet_1_a', 'webln'])
    expect(dropped).toBe(true)
    expect(readSavedWallets(JSON.stringify([wallet()])).dropped).toBe(false)
    expect(readSavedWallets(null)).toEqual({ wallets: [], dropped: false })
    expect(readSavedWallets('{oops')).toEqual({ wallets: [], dropped: true })
  })

  it('auto-connect: exactly one saved wallet of this user, used within 30 days', () => {
    const mine = wallet({ lastUsed: NOW - 29 * DAY })
    expect(autoConnectCandidate([mine], ME, NOW, AUTO_CONNECT_FRESH_MS)).toBe(mine)
    expect(
      autoConnectCandidate([mine, wallet({ pubkey: YOU })], ME, NOW, AUTO_CONNECT_FRESH_MS),
    ).toBe(mine)
    const stale = wallet({ lastUsed: NOW - 31 * DAY })
    expect(autoConnectCandidate([stale], ME, NOW, AUTO_CONNECT_FRESH_MS)).toBeNull()
    expect(
      autoConnectCandidate([mine, wallet({ id: 'two' })], ME, NOW, AUTO_CONNECT_FRESH_MS),
    ).toBeNull()
    expect(autoConnectCandidate([], ME, NOW, AUTO_CONNECT_FRESH_MS)).toBeNull()
    expect(walletsOf([mine, wallet({ pubkey: YOU })], ME)).toEqual([mine])
  })

  it('the selection texts (spec §8)', () => {
    expect(SELECT_WALLET).toBe('Please select a wallet')
    expect(WALLET_NOT_FOUND).toBe('Wallet not found or could not be decrypted')
    expect(WALLET_CONNECT_FAILED).toBe('Failed to connect to wallet')
    expect(OLD_WALLET_RECORD).toMatch(/^This saved wallet was encrypted by an older version/)
  })
})
