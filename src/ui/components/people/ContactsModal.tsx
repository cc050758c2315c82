import type { ContactsView } from '../../../core/people/profile-search.ts'
import { Modal } from '../kit/Modal.tsx'
import { FollowersList } from './FollowersList.tsx'
import { FollowingList } from './FollowingList.tsx'
import './contacts-modal.css'

const TITLES: Record<ContactsView, string> = { followers: 'Followers', following: 'Following' }

/** contacts=followers|following (spec §2): the same lists as the tabs, over the page. */
export function ContactsModal({ view, onClose }: { view: ContactsView; onClose(): void }) {
  return (
    <Modal title={TITLES[view]} onClose={onClose}>
      <div className="contacts-modal">
        {view === 'followers' ? <FollowersList /> : <FollowingList />}
      </div>
    </Modal>
  )
}
