import { createFileRoute } from '@tanstack/react-router'
import { parseModalSearch } from '../../core/app/modal-search.ts'
import { parseProfileSearch } from '../../core/people/profile-search.ts'
import { ProfilePage } from '../components/people/ProfilePage.tsx'

/** /npub/{npub}: an npub, an nprofile or 64 hex (spec §2); its tabs are the child routes. */
export const Route = createFileRoute('/npub/$npub')({
  validateSearch: (raw: Record<string, unknown>) => ({
    ...parseModalSearch(raw),
    ...parseProfileSearch(raw),
  }),
  component: ProfilePage,
})
