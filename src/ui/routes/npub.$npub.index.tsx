import { createFileRoute } from '@tanstack/react-router'
import { ProfileNotes } from '../components/people/ProfileNotes.tsx'

export const Route = createFileRoute('/npub/$npub/')({ component: ProfileNotes })
