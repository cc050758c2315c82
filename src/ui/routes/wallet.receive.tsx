import { createFileRoute } from '@tanstack/react-router'
import { ReceiveScreen } from '../components/ecash/ReceiveScreen.tsx'

/** /wallet/receive: a pasted token into the wallet. */
export const Route = createFileRoute('/wallet/receive')({ component: ReceiveScreen })
