/** The feather mark; decorative, the link around it carries the name. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
      <defs>
        <linearGradient id="plume-gradient" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#f472b6" />
        </linearGradient>
      </defs>
      <path
        d="M27 4C17 5 9 11 7 21l-2 7 2 .5 2-6c4 0 9-2 12-6-2 .3-4 0-5-1 3 0 6-1 8-4-2 .2-3 0-4-.5C23 9 26 7 27 4Z"
        fill="url(#plume-gradient)"
      />
    </svg>
  )
}
