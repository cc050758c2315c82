// The WebLN provider wrapper: its states and messages, with a provider object standing in for a
// browser extension (the interface is the extension's, not ours).
import { describe, expect, it } from 'vitest'
import { openLiveWallet } from '../../../../src/actors/lightning/live-wallet.ts'
import { type WebLNProvider, weblnWallet } from '../../../../src/actors/lightning/webln-wallet.ts'
import { MAKE_INVOICE_UNSUPPORTED } from '../../../../src/core/lightning/nip47.ts'
import {
  PROVIDER_MISSING,
  PROVIDER_NOT_READY,
} from '../../../../src/core/lightning/wallet-connection.ts'

function extension(options: { refuse?: boolean; balance?: number } = {}) {
  const paid: string[] = []
  const provider: WebLNProvider = {
    enable: async () => {
      if (options.refuse) throw new Error('User rejected')
    },
    sendPayment: async (invoice) => {
      paid.push(invoice)
      return { preimage: 'ab'.repeat(32) }
    },
    getInfo: async () => ({ node: { alias: 'Ext', pubkey: '02ab' } }),
    ...(options.balance === undefined
      ? {}
      : { getBalance: async () => ({ balance: options.balance! }) }),
  }
  return { provider, paid }
}

describe('WebLN provider', () => {
  it('initial, then ready once enabled; pays through sendPayment', async () => {
    const { provider, paid } = extension({ balance: 1234 })
    const wallet = weblnWallet(provider)
    expect(wallet.status()).toBe('initial')
    await expect(wallet.payInvoice('lnbc1')).rejects.toThrow(PROVIDER_NOT_READY)
    await wallet.enable()
    expect(wallet.status()).toBe('ready')
    expect(await wallet.payInvoice('lnbc1')).toEqual({ preimage: 'ab'.repeat(32) })
    expect(paid).toEqual(['lnbc1'])
    expect(await wallet.balance()).toBe(1234)
  })

  it('failed when enabling fails or there is no provider', async () => {
    const refused = weblnWallet(extension({ refuse: true }).provider)
    await expect(refused.enable()).rejects.toThrow('User rejected')
    expect(refused.status()).toBe('failed')
    const missing = weblnWallet(undefined)
    await expect(missing.enable()).rejects.toThrow(PROVIDER_MISSING)
    expect(missing.status()).toBe('failed')
  })

  it('as a connected wallet: info, balance in sats or unknown, no invoices', async () => {
    const live = await openLiveWallet(
      { target: { type: 'webln' }, savedId: null, save: null, timeoutMs: 1000 },
      { webln: () => extension().provider },
    )
    expect(live.info).toMatchObject({ walletType: 'webln', alias: 'Ext', balance: null })
    await expect(live.makeInvoice(1, 'x')).rejects.toThrow(MAKE_INVOICE_UNSUPPORTED)
  })
})
