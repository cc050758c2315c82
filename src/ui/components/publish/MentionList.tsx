import type { Mentions } from './use-mentions.ts'

/**
 * The people a mention may mean, under the text box: a listbox the text box controls (its
 * highlighted option is the box's aria-activedescendant), so focus stays in the text; a press
 * keeps it there too (tabIndex -1 only lets an option be the active descendant), the click chooses.
 */
export function MentionList({ list }: { list: NonNullable<Mentions['list']> }) {
  return (
    <div id={list.id} className="mention-list" role="listbox" aria-label="People to mention">
      {list.people.map((person, index) => (
        // biome-ignore lint/a11y/useKeyWithClickEvents: the keys are the text box's (use-mentions.ts)
        <div
          key={person.pubkey}
          id={list.optionId(index)}
          role="option"
          tabIndex={-1}
          aria-selected={index === list.active}
          className="mention-option"
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => list.choose(person)}
        >
          <span className="mention-name">{person.displayName || person.name}</span>
          <span className="mention-detail">
            {person.nip05 || (person.displayName && person.name ? `@${person.name}` : '')}
          </span>
          {person.followed && <span className="mention-followed">Following</span>}
        </div>
      ))}
    </div>
  )
}
