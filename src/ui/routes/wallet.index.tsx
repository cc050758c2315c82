import { createFileRoute } from '@tanstack/react-router'
import { WalletHome } from '../components/ecash/WalletHome.tsx'

/** /wallet: balance per mint and adding a mint. */
export const Route = createFileRoute('/wallet/')({ component: WalletHome })
