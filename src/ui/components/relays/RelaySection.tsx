import { type FormEvent, useState } from 'react'
import { relayAddition } from '../../../core/relays/relay-add.ts'
import { nextPermission, PERMISSION_BADGE } from '../../../core/relays/relay-permission.ts'
import type { SocketActorRef } from '../../../machines/socket.machine.ts'
import { useModal, useRemoveRelayModal } from '../../hooks/use-modal.ts'
import { useSystem } from '../../system-context.tsx'
import { Field, FormError } from '../kit/Form.tsx'
import { InputRow } from '../kit/InputRow.tsx'
import { RelayDetail } from './RelayDetail.tsx'
import { RelayListStatus } from './RelayListStatus.tsx'
import { useRelayEdit } from './use-relay-list.ts'
import { useAllSockets, useRelayEntries, useRelayLight } from './use-relays.ts'
import './relay-lights.css'
import './relay-section.css'
import { RowBoundary } from '../kit/RowBoundary.tsx'

/**
 * Settings, "Relay Management" (spec §2): add with Enter or Add (what is wrong with a refused URL
 * said, and a ws:// kept as wss://), cycle permissions, remove with confirm.
 */
export function RelaySection() {
  const { app } = useSystem()
  // The user's edits go through their relay list (stored, published), which passes them on.
  const edit = useRelayEdit()
  const entries = useRelayEntries()
  const sockets = useAllSockets()
  const removeRelay = useRemoveRelayModal()
  const health = useModal('relayHealth')
  const auxRelays = useModal('auxRelays')
  // Relays whose detail (NIP-11 and live figures) is open.
  const [expanded, setExpanded] = useState<readonly string[]>([])
  const toggle = (url: string) =>
    setExpanded((open) => (open.includes(url) ? open.filter((u) => u !== url) : [...open, url]))
  const [input, setInput] = useState('')
  const [error, setError] = useState<string | null>(null)
  const socketOf = (url: string) =>
    sockets.find((socket) => socket.getSnapshot().context.url === url)

  const [notice, setNotice] = useState<string | null>(null)
  const add = (event: FormEvent) => {
    event.preventDefault()
    const listed = entries.map((entry) => entry.url)
    const result = relayAddition(input, listed, app.getSnapshot().context.config)
    setNotice(null)
    if ('error' in result) return setError(result.error)
    edit(result.edit)
    setInput('')
    setError(null)
    setNotice(result.notice)
  }

  return (
    <section className="settings-section" aria-labelledby="relays-heading">
      <h3 id="relays-heading">Relay Management</h3>
      <RelayListStatus />
      <ul className="relay-settings">
        {entries.map(({ url, permission }) => {
          const socket = socketOf(url)
          return (
            <RowBoundary key={url} rowId={url} listItem>
              {() => (
                <li className="relay-setting" data-relay={url}>
                  {socket ? (
                    <RelayStatusDot socket={socket} />
                  ) : (
                    <span className="relay-light" data-state="idle" />
                  )}
                  <button
                    type="button"
                    className="relay-url relay-url-button"
                    aria-expanded={expanded.includes(url)}
                    aria-controls={`relay-detail-${url}`}
                    title="Relay information and figures"
                    onClick={() => toggle(url)}
                  >
                    {url}
                  </button>
                  <button
                    type="button"
                    className="badge-button"
                    aria-label={`Permission ${permission} for ${url}: change`}
                    title="Read, Write, Read and write, Indexer"
                    onClick={() =>
                      edit({
                        type: 'pool.setPermission',
                        url,
                        permission: nextPermission(permission),
                      })
                    }
                  >
                    {PERMISSION_BADGE[permission]}
                  </button>
                  <button
                    type="button"
                    className="button-quiet"
                    aria-label={`Remove ${url}`}
                    onClick={() => removeRelay.ask(url)}
                  >
                    Remove
                  </button>
                  {expanded.includes(url) && (
                    <RelayDetail id={`relay-detail-${url}`} url={url} socket={socket} />
                  )}
                </li>
              )}
            </RowBoundary>
          )
        })}
      </ul>
      <form className="form" onSubmit={add}>
        {/* Named apart from the hashtag filter's Add in the same Settings dialog. */}
        <InputRow className="relay-add" action="Add" actionLabel="Add relay">
          <Field
            id="add-relay"
            label="Add a relay"
            placeholder="wss://relay.example.com"
            value={input}
            onChange={setInput}
          />
        </InputRow>
        <FormError message={error} />
        <p className="form-hint" role="status">
          {notice}
        </p>
      </form>
      <div className="form-row">
        <button type="button" className="button" onClick={() => health.show()}>
          Relay health
        </button>
        <button type="button" className="button" onClick={() => auxRelays.show()}>
          Auxiliary Relays
        </button>
      </div>
    </section>
  )
}

function RelayStatusDot({ socket }: { socket: SocketActorRef }) {
  const { state } = useRelayLight(socket)
  return <span className="relay-light" data-state={state} title={state} />
}
