/** Whether the app runs installed: display-mode standalone, or iOS's home-screen web app flag. */
export function isStandalone(): boolean {
  const ios = (navigator as Navigator & { standalone?: boolean }).standalone === true
  return ios || window.matchMedia('(display-mode: standalone)').matches
}
