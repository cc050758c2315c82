/**
 * People's names for the relays room, supplied by the shell (src/ui/shell/AuxRelaysOverlay.tsx):
 * names come from profiles, a room after relays, so the Auxiliary Relays modal receives the hook
 * that gives them rather than import it. The value must stay the same for the app's life (it is
 * called as a hook). Without a provider, people show as their npub.
 */
import { createContext, useContext } from 'react'
import { npubOf } from '../../../core/platform/npub.ts'
import type { NameOf } from '../../../core/relays/aux-reason-text.ts'

/** The names of these people, as the app shows them, looked up as they are needed. */
export type UsePersonNames = (pubkeys: readonly string[]) => NameOf

export const PersonNamesSlot = createContext<UsePersonNames | null>(null)

const useNpubs: UsePersonNames = () => npubOf

/** The supplied names hook, or npubs without one. */
export const usePersonNamesHook = (): UsePersonNames => useContext(PersonNamesSlot) ?? useNpubs
