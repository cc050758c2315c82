/**
 * Runs a publishing action through the signing gate (ui/signing-gate.ts) and says what the user
 * must do when it cannot run yet: the login options open by themselves, the unlock modal is
 * opened here, and a public-key-only login gets 'Login Required'.
 */
import { useCallback, useState } from 'react'
import { PUBLISH_ERRORS } from '../../core/relays/publish-checks.ts'
import { withSigner } from '../components/identity/signing-gate.ts'
import { useSystem } from '../system-context.tsx'
import { useModal } from './use-modal.ts'

export function useGated(action: string) {
  const { login } = useSystem()
  const unlock = useModal('unlockKey')
  const [problem, setProblem] = useState<string | null>(null)
  const run = useCallback(
    (task: () => void) => {
      const outcome = withSigner(login, action, task)
      setProblem(outcome === 'read-only' ? PUBLISH_ERRORS.loginRequired : null)
      if (outcome === 'unlock') void unlock.show()
    },
    [login, action, unlock],
  )
  return { run, problem }
}
