/** The user's web of trust (actors/people/web-of-trust.ts): who threads and notifications show at once. */
import { useSelector } from '@xstate/react'
import { useSystem } from '../../system-context.tsx'

/** The trusted pubkeys; null folds nothing (logged out, the setting off, follows not known yet). */
export const useTrusted = (): ReadonlySet<string> | null =>
  useSelector(useSystem().webOfTrust(), (snapshot) => snapshot.context.trusted)
