import { Fragment, useMemo } from 'react'
import {
  AUX_ALLOW_AUTH,
  AUX_AUTH_ALLOWED,
  AUX_AUTH_ASKED,
  AUX_NO_CONNECTION,
  AUX_NO_REFUSAL,
  AUX_SEPARATOR,
  type AuxConnection,
  type AuxConnectionsView,
  auxSocketsParts,
  auxStateText,
  auxUseText,
} from '../../../core/relays/aux-connections.ts'
import { type NameOf, reasonPeople, reasonText } from '../../../core/relays/aux-reason-text.ts'
import { AuxListSection } from './AuxListSection.tsx'
import { usePersonNamesHook } from './person-names-slot.ts'
import './aux-relays.css'
import { RowBoundary } from '../kit/RowBoundary.tsx'

interface AuxConnectionsProps {
  view: AuxConnectionsView
  /** Lets this relay be answered when it asks for NIP-42 AUTH. */
  onAllowAuth(url: string): void
}

/**
 * The short-lived connections (relays outside the user's list that a request named): the socket
 * budget in use, each connection with its state, why it is open and whether it is used now, then
 * the relays that were not opened and why.
 */
export function AuxConnections({ view, onAllowAuth }: AuxConnectionsProps) {
  const { sockets, connections, refused } = view
  const people = useMemo(
    () => [...new Set(connections.flatMap((connection) => reasonPeople(connection.reasons)))],
    [connections],
  )
  const usePersonNames = usePersonNamesHook()
  const nameOf = usePersonNames(people)
  return (
    <>
      <AuxListSection
        title="Short-lived connections"
        count={connections.length}
        empty={AUX_NO_CONNECTION}
        hint={
          <>
            <p className="form-hint">
              Relays outside your list, opened while a request needs them and closed soon after.
            </p>
            <p className="aux-sockets" data-field="sockets">
              {auxSocketsParts(sockets).map((part, index) => (
                <Fragment key={part}>
                  {index > 0 && AUX_SEPARATOR}
                  <span>{part}</span>
                </Fragment>
              ))}
            </p>
          </>
        }
      >
        {connections.map((connection) => (
          <RowBoundary key={connection.url} rowId={connection.url} listItem>
            <ConnectionRow connection={connection} nameOf={nameOf} onAllowAuth={onAllowAuth} />
          </RowBoundary>
        ))}
      </AuxListSection>
      <AuxListSection title="Not opened" count={refused.length} empty={AUX_NO_REFUSAL}>
        {refused.map((refusal) => (
          <RowBoundary key={refusal.url} rowId={refusal.url} listItem>
            {() => (
              <li data-relay={refusal.url}>
                <span className="mono">{refusal.url}</span>
                <span className="aux-meta" data-field="refusal">
                  {refusal.message}
                </span>
              </li>
            )}
          </RowBoundary>
        ))}
      </AuxListSection>
    </>
  )
}

interface ConnectionRowProps {
  connection: AuxConnection
  nameOf: NameOf
  onAllowAuth(url: string): void
}

function ConnectionRow({ connection, nameOf, onAllowAuth }: ConnectionRowProps) {
  const { url, state, reasons, auth } = connection
  return (
    <li className="aux-link" data-relay={url}>
      <span className="mono">{url}</span>
      <span className="aux-state" data-state={state} data-field="state">
        {auxStateText(state)}
      </span>
      <ul className="aux-reasons aux-wide" aria-label="Why it is open">
        {reasons.map((reason) => (
          <RowBoundary key={JSON.stringify(reason)} rowId={JSON.stringify(reason)} listItem>
            {() => <li data-field="reason">{reasonText(reason, nameOf)}</li>}
          </RowBoundary>
        ))}
      </ul>
      <span className="aux-meta aux-wide" data-field="use">
        {auxUseText(connection)}
      </span>
      {auth === 'asked' && (
        <span className="aux-auth aux-wide" data-field="auth">
          {AUX_AUTH_ASKED}
          <button type="button" className="button" onClick={() => onAllowAuth(url)}>
            {AUX_ALLOW_AUTH}
          </button>
        </span>
      )}
      {auth === 'allowed' && (
        <span className="aux-meta aux-wide" data-field="auth">
          {AUX_AUTH_ALLOWED}
        </span>
      )}
    </li>
  )
}
