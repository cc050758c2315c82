import { useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { use } from 'react'
import type { ProfileTarget } from '../../../core/app/route-ids.ts'
import { NO_PERSON_RELAYS } from '../../../core/relays/person-relays.ts'
import {
  type DiscoveredRelay,
  discoverRelays,
  notesPerRelay,
} from '../../../core/relays/relay-discovery.ts'
import { PERMISSION_BADGE } from '../../../core/relays/relay-permission.ts'
import { useSystem } from '../../system-context.tsx'
import { CopyButton } from '../kit/CopyButton.tsx'
import { Modal } from '../kit/Modal.tsx'
import { useRelayEntries } from '../relays/use-relays.ts'
import { useProfileQueries } from './use-profile.ts'
import './profile-relays.css'
import './relay-discovery.css'
import { RowBoundary } from '../kit/RowBoundary.tsx'

/** How their notes are read (NIP-65 outbox): no relay has to be added by hand for it. */
const DISCOVERY_ROUTING_HINT =
  'Their notes are asked of their write relays, yours or not, and of your read relays: a relay ' +
  'that is not yours is connected to only while it is asked.'

/**
 * relayDiscovery=true: every relay where this person can be found (their relay list, the relays
 * their notes came from, the link's hints), which of them are already the user's, and which
 * relays their notes are read from (their write relays are read whether or not they are the
 * user's). Adding a relay stays in Relay Management, where the user's list is edited and
 * published; each row offers its URL to copy there.
 */
export function RelayDiscoveryModal({
  target,
  onClose,
}: {
  target: ProfileTarget
  onClose(): void
}) {
  const queries = useProfileQueries()
  const person = useQuery(queries.relays(target.pubkey))
  const profileNotes = use(useSystem().profileNotes())
  const notes = useInfiniteQuery(profileNotes.notes(target.pubkey))
  const entries = useRelayEntries()
  const pages = notes.data?.pages ?? []
  const rows = discoverRelays({
    person: person.data ?? NO_PERSON_RELAYS,
    hints: target.relays,
    seenOn: notesPerRelay(pages),
    yours: entries.map((entry) => entry.url),
  })
  const routing = pages[0]?.relays
  return (
    <Modal title="Relay discovery" onClose={onClose}>
      <div className="relay-discovery">
        {person.isPending ? (
          <p className="form-hint">Looking for their relays…</p>
        ) : rows.length === 0 ? (
          <p className="form-hint">No relays found for this profile.</p>
        ) : (
          <ul className="discovery-list" aria-label="Relays where they are found">
            {rows.map((row) => (
              <RowBoundary key={row.url} rowId={row.url} listItem>
                <DiscoveryRow row={row} />
              </RowBoundary>
            ))}
          </ul>
        )}
        {routing && (
          <dl className="discovery-routing">
            <dt>Their write relays chosen for notes</dt>
            <dd className="mono discovery-value">{routing.outbox.join(', ') || 'none known'}</dd>
            <dt>Asked for their notes</dt>
            <dd className="mono discovery-value">
              {routing.asked.join(', ') || 'your read relays'}
            </dd>
          </dl>
        )}
        <p className="form-hint">{DISCOVERY_ROUTING_HINT}</p>
      </div>
    </Modal>
  )
}

function DiscoveryRow({ row }: { row: DiscoveredRelay }) {
  return (
    <li className="discovery-row" data-relay={row.url}>
      <span className="relay-url mono">{row.url}</span>
      <span className="discovery-tags">
        {row.listed && (
          <span className="relay-badge" title="On their relay list">
            {PERMISSION_BADGE[row.listed]}
          </span>
        )}
        {row.fromNotes && <span className="discovery-tag">named in notes</span>}
        {row.hint && <span className="discovery-tag">link hint</span>}
        {row.notesSeen > 0 && (
          <span className="discovery-tag">
            {row.notesSeen === 1 ? '1 note' : `${row.notesSeen} notes`}
          </span>
        )}
        {row.yours && <span className="discovery-tag discovery-yours">your relay</span>}
      </span>
      <CopyButton text={row.url} label="Copy" />
    </li>
  )
}
