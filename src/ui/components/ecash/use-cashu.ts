/**
 * The ecash wallet for views: loads it (and cashu-ts) on first use, opens the logged-in user's
 * wallet, and follows its view. Null while the code loads.
 */
import { useEffect, useState, useSyncExternalStore } from 'react'
import type { CashuView, CashuWallet } from '../../../actors/ecash/cashu-wallet-api.ts'
import { useLogin } from '../../hooks/use-login.ts'
import { useSystem } from '../../system-context.tsx'

const noop = () => () => {}
const nothing = () => null

export function useCashu(): { wallet: CashuWallet; view: CashuView } | null {
  const system = useSystem()
  const { pubkey } = useLogin()
  const [wallet, setWallet] = useState<CashuWallet | null>(null)
  useEffect(() => {
    let live = true
    system.ecash().then((loaded) => {
      if (live) setWallet(loaded)
    })
    return () => {
      live = false
    }
  }, [system])
  useEffect(() => {
    if (wallet && pubkey) void wallet.open()
  }, [wallet, pubkey])
  const view = useSyncExternalStore(wallet?.subscribe ?? noop, wallet?.view ?? nothing)
  return wallet && view ? { wallet, view } : null
}
