/**
 * Paying a person from their profile, supplied by the profile route: the nutzap button belongs to
 * ecash, a room after people, so the profile receives it rather than import it. Without a
 * provider, no button.
 */
import { type ComponentType, createContext } from 'react'

export const ProfilePaySlot = createContext<ComponentType<{ pubkey: string }> | null>(null)
