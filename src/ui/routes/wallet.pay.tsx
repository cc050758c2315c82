import { createFileRoute } from '@tanstack/react-router'
import { PayScreen } from '../components/ecash/PayScreen.tsx'

/** /wallet/pay: a Lightning invoice paid with ecash. */
export const Route = createFileRoute('/wallet/pay')({ component: PayScreen })
