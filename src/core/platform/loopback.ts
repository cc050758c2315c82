/**
 * Hosts on this machine (spec README decisions: localhost, 127.0.0.0/8, [::1]): they keep ws://
 * and may use http://, so that the local demo and the tests work.
 */
export const isLoopbackHost = (hostname: string): boolean =>
  hostname === 'localhost' ||
  hostname === '[::1]' ||
  /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
