import { useSelector } from '@xstate/react'
import { lazy, Suspense, use, useEffect, useState } from 'react'
import type { ZapTarget } from '../../actors/lightning/zap.effects.ts'
import { shownName } from '../../core/people/display-name-cache.ts'
import { groupDigits } from '../../core/platform/group-digits.ts'
import type { ZapActorRef, ZapSnapshot } from '../../machines/zap.machine.ts'
import { NutzapChoice } from '../components/ecash/NutzapChoice.tsx'
import { NoteFromParam } from '../components/feed/NoteFromParam.tsx'
import { useNoteModal } from '../components/feed/use-note-modal.ts'
import { FormError } from '../components/kit/Form.tsx'
import { Modal } from '../components/kit/Modal.tsx'
import { useZapPayer } from '../components/lightning/use-zap-payer.ts'
import { ZapForm } from '../components/lightning/ZapForm.tsx'
import { ZapInvoice } from '../components/lightning/ZapInvoice.tsx'
import { useTargetNote } from '../components/publish/TargetNote.tsx'
import { useSystem } from '../system-context.tsx'
import '../components/lightning/zap.css'

// The ecash form (and the wallet with it) loads only when the user chooses ecash.
const NutzapForm = lazy(() => import('../components/ecash/NutzapForm.tsx'))

/** What each busy step says while it runs. */
const BUSY = {
  resolving: 'Finding the lightning address…',
  signing: 'Signing the zap request…',
  fetchingInvoice: 'Getting an invoice…',
  paying: 'Paying with your wallet…',
} as const

/**
 * The zap modal of the note ?zap={id} names, over the current page, like ?reply= and ?repost=:
 * Back closes it, a reload or a shared link opens it. Lazy, like the other overlays.
 */
export default function ZapModal({ param }: { param: string }) {
  const { close } = useNoteModal('zap')
  return (
    <NoteFromParam param={param} dialog={{ title: 'Zap', onClose: close }}>
      {(id) => <ZapNoteById id={id} onClose={close} />}
    </NoteFromParam>
  )
}

/** The recipient is the note's author: the note loads first (the link names its id only). */
function ZapNoteById({ id, onClose }: { id: string; onClose(): void }) {
  const target = useTargetNote(id)
  if (target.note) return <ZapNote note={target.note} onClose={onClose} />
  return (
    <Modal title="Zap" onClose={onClose}>
      {target.status}
    </Modal>
  )
}

/**
 * Zap a note: amount and comment, then the zap machine's steps; the invoice as a QR code when no
 * wallet pays it. The zap actor lives while it is open. Until the zaps' code is loaded it
 * suspends, as the modal's own code does.
 */
function ZapNote({ note, onClose }: { note: ZapTarget; onClose(): void }) {
  const zaps = use(useSystem().zaps())
  const wallet = useZapPayer()
  const [actor, setActor] = useState<ZapActorRef | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [ecash, setEcash] = useState(false)
  const name = useDisplayName(note.pubkey)

  // One actor per opened modal; the wallet is read when it starts and followed below.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the wallet's changes are sent as events
  useEffect(() => {
    let started: ZapActorRef | null = null
    let closed = false
    zaps.startZap(note, wallet).then(
      (zap) => {
        if (closed) zap.stop()
        else {
          started = zap
          setActor(zap)
        }
      },
      (error: unknown) => setProblem((error as Error).message),
    )
    return () => {
      closed = true
      started?.stop()
    }
  }, [zaps, note.id, note.pubkey])

  useEffect(() => {
    actor?.send({ type: 'zap.wallet', connected: wallet.connected })
  }, [actor, wallet.connected])

  if (ecash) {
    return (
      <Modal title={name ? `Send ecash to ${name}` : 'Send ecash'} onClose={onClose}>
        <Suspense fallback={<p className="form-hint">Loading…</p>}>
          <NutzapForm
            recipient={note.pubkey}
            event={{ id: note.id, kind: 1 }}
            onDone={onClose}
            onBack={() => setEcash(false)}
          />
        </Suspense>
      </Modal>
    )
  }

  return (
    <Modal title={name ? `Zap ${name}` : 'Zap'} onClose={onClose}>
      {actor ? (
        <ZapSteps actor={actor} onClose={onClose} />
      ) : (
        <>
          <p className="form-hint">{problem ? null : 'Loading…'}</p>
          <FormError message={problem} />
        </>
      )}
      {/* NIP-61: where the recipient takes ecash, it can be sent instead of a Lightning zap. */}
      <NutzapChoice recipient={note.pubkey} onChoose={() => setEcash(true)} />
    </Modal>
  )
}

/** The recipient's name from the display-name cache, fetched when the cache allows. */
function useDisplayName(pubkey: string): string | null {
  const names = use(useSystem().zaps()).displayNames
  const [name, setName] = useState(() => shownName(names.get(pubkey)))
  useEffect(() => {
    let live = true
    names.load(pubkey).then((entry) => {
      if (live && entry) setName(shownName(entry))
    })
    return () => {
      live = false
    }
  }, [names, pubkey])
  return name
}

function ZapSteps({ actor, onClose }: { actor: ZapActorRef; onClose(): void }) {
  const snapshot = useSelector(actor, (s: ZapSnapshot) => s)
  const { context } = snapshot
  if (snapshot.matches('paid')) {
    return (
      <div className="form zap-done" data-zap-state="paid">
        <p className="zap-paid" role="status">
          Zapped {groupDigits(context.amountSats)} sats
        </p>
        <div className="form-row">
          <button type="button" className="button button-primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    )
  }
  if (snapshot.matches('invoice') && context.invoice) {
    return (
      <ZapInvoice
        invoice={context.invoice}
        amountSats={context.amountSats}
        error={context.error}
        canPay={context.walletConnected}
        onPay={() => actor.send({ type: 'zap.pay' })}
      />
    )
  }
  const step = (Object.keys(BUSY) as (keyof typeof BUSY)[]).find((s) => snapshot.matches(s))
  const busy = step ? BUSY[step] : null
  return (
    <ZapForm
      busy={busy}
      // A recipient without a usable lightning address is told before anything is typed.
      error={context.error ?? context.targetError}
      initial={{ amountSats: context.amountSats, comment: context.comment }}
      onSubmit={(amountSats, comment) => actor.send({ type: 'zap.submit', amountSats, comment })}
    />
  )
}
