import { usePersonNames } from '../components/people/use-person-names.ts'
import { AuxRelaysModal } from '../components/relays/AuxRelaysModal.tsx'
import { PersonNamesSlot } from '../components/relays/person-names-slot.ts'

/** The Auxiliary Relays modal, naming the people its connections are for by their profiles. */
export function AuxRelaysOverlay() {
  return (
    <PersonNamesSlot.Provider value={usePersonNames}>
      <AuxRelaysModal />
    </PersonNamesSlot.Provider>
  )
}

export default AuxRelaysOverlay
