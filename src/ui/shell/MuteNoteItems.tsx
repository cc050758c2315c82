import type { PlumeSystem } from '../../actors/system/plume-system.ts'
import { menuMute, muteItemText, noteMuteTargets } from '../../core/feed/note-mutes.ts'
import {
  type MuteChange,
  type MuteTarget,
  mutedText,
  muteOutcomeText,
} from '../../core/people/mute-edit.ts'
import { PUBLISH_ERRORS } from '../../core/relays/publish-checks.ts'
import type { NoteMenuItemProps } from '../components/feed/note-menu-slot.ts'
import { withSigner } from '../components/identity/signing-gate.ts'
import { MenuItem } from '../components/kit/Menu.tsx'
import { toast } from '../components/kit/notice.ts'
import { usePersonNames } from '../components/people/use-person-names.ts'
import { useLogin } from '../hooks/use-login.ts'
import { useModal } from '../hooks/use-modal.ts'
import { useSystem } from '../system-context.tsx'

/**
 * Mute @name, Mute this thread and Mute #tag, in a note's More menu: each a private mute through
 * the mute-edit machine. The menu closes at once; a toast says how it ended, with Undo once done.
 */
export function MuteNoteItems({ note }: NoteMenuItemProps) {
  const system = useSystem()
  const { pubkey } = useLogin()
  const unlock = useModal('unlockKey')
  const nameOf = usePersonNames([note.pubkey])
  if (!pubkey) return null
  const name = nameOf(note.pubkey)
  const choose = (target: MuteTarget) => {
    const outcome = withSigner(
      system.login,
      'mute',
      () => void change(system, menuMute(target), name),
    )
    if (outcome === 'unlock') void unlock.show()
    if (outcome === 'read-only') toast.show(PUBLISH_ERRORS.loginRequired)
  }
  return (
    <>
      {noteMuteTargets(note, pubkey).map((target) => (
        <MenuItem key={`${target.kind}:${target.value}`} onSelect={() => choose(target)}>
          {muteItemText(target, name)}
        </MenuItem>
      ))}
    </>
  )
}

/** Runs the change and says how it ended; a done mute offers Undo, which unmutes. */
async function change(system: PlumeSystem, asked: MuteChange, name: string) {
  const editor = await system.mute()
  const ended = await editor.run(asked)
  const done = ended.matches({ ready: 'done' })
  const text = muteOutcomeText(
    { done, error: ended.context.error, detail: ended.context.detail },
    mutedText(asked.target, name, asked.action),
  )
  if (done && asked.action === 'mute') {
    toast.show(text, {
      label: 'Undo',
      run: () => void change(system, { ...asked, action: 'unmute' }, name),
    })
  } else toast.show(text)
}
