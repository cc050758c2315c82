/**
 * The browser's Lightning provider (WebLN, spec §4, §7): `initial`, `ready` once enabled, `failed`
 * when enabling failed. Payments go through `sendPayment`; the balance, when the provider offers
 * `getBalance`, is in sats.
 */
import { PROVIDER_MISSING, PROVIDER_NOT_READY } from '../../core/lightning/wallet-connection.ts'

/** The part of the WebLN interface used here. */
export interface WebLNProvider {
  enable(): Promise<void>
  sendPayment(paymentRequest: string): Promise<{ preimage: string }>
  getInfo?(): Promise<{ node?: { alias?: string; pubkey?: string }; methods?: string[] }>
  getBalance?(): Promise<{ balance: number }>
}

export type WeblnStatus = 'initial' | 'ready' | 'failed'

export interface WeblnWallet {
  status(): WeblnStatus
  enable(): Promise<void>
  payInvoice(invoice: string): Promise<{ preimage: string }>
  /** Sats, or null when the provider does not tell. */
  balance(): Promise<number | null>
  info(): Promise<{ alias: string | null; pubkey: string | null; methods: string[] }>
}

/** `window.webln`, if an extension put one there. */
export function browserProvider(): WebLNProvider | undefined {
  return (globalThis as { webln?: WebLNProvider }).webln
}

export function weblnWallet(provider: WebLNProvider | undefined): WeblnWallet {
  let status: WeblnStatus = 'initial'
  const ready = (): WebLNProvider => {
    if (!provider) throw new Error(PROVIDER_MISSING)
    if (status !== 'ready') throw new Error(PROVIDER_NOT_READY)
    return provider
  }
  return {
    status: () => status,
    async enable() {
      if (!provider) {
        status = 'failed'
        throw new Error(PROVIDER_MISSING)
      }
      try {
        await provider.enable()
        status = 'ready'
      } catch (error) {
        status = 'failed'
        throw error
      }
    },
    payInvoice: async (invoice) => {
      const { preimage } = await ready().sendPayment(invoice)
      return { preimage }
    },
    async balance() {
      const get = ready().getBalance
      if (!get) return null
      const { balance } = await get.call(provider)
      return Number.isFinite(balance) ? balance : null
    },
    async info() {
      const get = ready().getInfo
      const info = get ? await get.call(provider) : {}
      return {
        alias: info.node?.alias ?? null,
        pubkey: info.node?.pubkey ?? null,
        methods: info.methods ?? [],
      }
    },
  }
}
