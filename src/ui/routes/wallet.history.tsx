import { createFileRoute } from '@tanstack/react-router'
import { HistoryScreen } from '../components/ecash/HistoryScreen.tsx'

/** /wallet/history: what came in and went out. */
export const Route = createFileRoute('/wallet/history')({ component: HistoryScreen })
