/** The rows of `npm run bench`, in table order. A later issue adds a row by adding a measure. */
import { cashuReceive } from './cashu-receive.ts'
import type { Measure } from './context.ts'
import { firstNote } from './first-note.ts'
import { firstNoteFloor } from './first-note-floor.ts'
import { followingFeed } from './following.ts'
import { hostileRelays } from './hostile-relays.ts'
import { ncryptsecResponsiveness, unlockResponsiveness } from './identity.ts'
import { ingestBlocking } from './ingest.ts'
import { unlockDerivation } from './kdf.ts'
import { lighthouseScore } from './lighthouse.ts'
import { powNodeCore, powTwoWorkers, powWorker } from './pow.ts'
import { reqCount } from './reqs.ts'
import { scriptBytes } from './script-bytes.ts'
import { scrollHeap } from './scroll-heap.ts'
import { verifyThroughput } from './verify-throughput.ts'
import { warmStart } from './warm-start.ts'
import { webOfTrustBench } from './web-of-trust.ts'

export const MEASURES: Measure[] = [
  firstNote,
  firstNoteFloor,
  warmStart,
  scriptBytes,
  reqCount,
  followingFeed,
  unlockDerivation,
  unlockResponsiveness,
  ncryptsecResponsiveness,
  verifyThroughput,
  ingestBlocking,
  scrollHeap,
  hostileRelays,
  powWorker,
  powTwoWorkers,
  powNodeCore,
  cashuReceive,
  webOfTrustBench,
  lighthouseScore,
]
