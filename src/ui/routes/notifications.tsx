import { createFileRoute } from '@tanstack/react-router'
import { parseModalSearch } from '../../core/app/modal-search.ts'
import { NotificationsPage } from '../components/notifications/NotificationsPage.tsx'

/** /notifications (spec §2): who liked, replied, mentioned, reposted and zapped, last 24 hours. */
export const Route = createFileRoute('/notifications')({
  validateSearch: parseModalSearch,
  component: NotificationsPage,
})
