import { createFileRoute } from '@tanstack/react-router'
import { SendScreen } from '../components/ecash/SendScreen.tsx'

/** /wallet/send: a token to hand over. */
export const Route = createFileRoute('/wallet/send')({ component: SendScreen })
