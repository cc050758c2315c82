import { createFileRoute } from '@tanstack/react-router'
import { ProfileNotes } from '../components/feed/ProfileNotes.tsx'

export const Route = createFileRoute('/npub/$npub/')({ component: ProfileNotes })
