/** The user's web of trust (actors/people/web-of-trust.ts): who threads and notifications show at once. */

import { useSelector } from '@xstate/react'
import { use } from 'react'
import { trustKnown } from '../../../machines/web-of-trust.machine.ts'
import { useSystem } from '../../system-context.tsx'

/** The trusted pubkeys; null folds nothing (logged out, the setting off, follows not known yet). */
export const useTrusted = (): ReadonlySet<string> | null =>
  useSelector(use(useSystem().webOfTrust()), (snapshot) => snapshot.context.trusted)

/** Whether the trusted set is settled (off, or every list answered): a count waits for it. */
export const useTrustKnown = (): boolean => useSelector(use(useSystem().webOfTrust()), trustKnown)
