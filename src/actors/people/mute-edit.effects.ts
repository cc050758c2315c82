/**
 * The mute-edit machine's effects: the mute list read and published through own-events (newest
 * wins, never built from nothing), the private part decrypted and encrypted through
 * private-mutes.ts (held in memory only), and the user's mute list query set to the published
 * list at once, so every view hides (or shows again) without waiting for a relay. The
 * composition root holds the one actor, started on first use; the profile's Mute button, a
 * note's More menu and Settings all ask it.
 */
import type { QueryClient } from '@tanstack/react-query'
import { fromPromise } from 'xstate'
import {
  MUTE_MESSAGES,
  type MuteChange,
  type MuteListEvent,
  muteListTemplate,
} from '../../core/people/mute-edit.ts'
import { MUTE_LIST_KIND, parseMuteList } from '../../core/people/mute-list.ts'
import type {
  ConfirmParams,
  DecryptInput,
  EncryptInput,
  MuteEditActorRef,
  MuteEditSnapshot,
  PublishedMuteList,
  PublishMuteListInput,
  UserInput,
} from '../../machines/mute-edit.machine.ts'
import type { OwnEvents } from './own-events.ts'
import type { PrivateMutes } from './private-mutes.ts'
import { profileKeys } from './profile-keys.ts'
import type { PublicMuteList } from './profile-queries.ts'

/** Mute lists asked for: the newest one wins (lightning-and-ecash §7). */
export const MUTE_LIST_QUERY_LIMIT = 1

export interface MuteEditDeps {
  own: OwnEvents
  queryClient: QueryClient
  secrets: PrivateMutes
  /** Seconds clock for created_at. */
  now?: () => number
}

/** The mute list query's data for a list: its public mutes and its content, still encrypted. */
export const muteListData = (list: MuteListEvent): PublicMuteList => ({
  ...parseMuteList({ kind: MUTE_LIST_KIND, tags: list.tags }),
  createdAt: list.created_at,
  content: list.content,
})

export function muteEditEffects({ own, queryClient, secrets, now }: MuteEditDeps) {
  const seconds = now ?? (() => Math.floor(Date.now() / 1000))
  return {
    actors: {
      readMuteList: fromPromise<MuteListEvent | null, UserInput>(({ input }) =>
        own.read(MUTE_LIST_KIND, input.user, MUTE_LIST_QUERY_LIMIT, MUTE_MESSAGES.unreadable),
      ),
      decryptMutes: fromPromise<string[][], DecryptInput>(({ input }) =>
        secrets.decrypt(input.user, input.content),
      ),
      encryptMutes: fromPromise<string, EncryptInput>(({ input }) =>
        secrets.encrypt(input.user, input.tags),
      ),
      publishMuteList: fromPromise<PublishedMuteList, PublishMuteListInput>(({ input }) =>
        own.publish(muteListTemplate(input.base, input.tags, input.content, seconds()), input.user),
      ),
    },
    actions: {
      confirm: (_: unknown, { user, list }: ConfirmParams) => {
        if (!list) return
        const queryKey = profileKeys.muteList(user)
        // A read begun before the change must not land after it and put the old list back.
        void queryClient.cancelQueries({ queryKey, exact: true })
        queryClient.setQueryData(queryKey, muteListData(list))
      },
    },
  }
}

/** The one mute editor: the actor and the way to ask it. */
export interface MuteEdit {
  actor: MuteEditActorRef
  /** Asks for the change, as the machine checks it (who can sign now, the relays). */
  request(change: MuteChange): void
  /**
   * Asks for the change once the one under way has ended, and resolves with how it ended
   * (a note's menu, whose item is gone by then, says so in a toast).
   */
  run(change: MuteChange): Promise<MuteEditSnapshot>
  dismiss(): void
}
