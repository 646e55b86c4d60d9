/**
 * The address's query as it is now, for a `setSearchParams` updater to build on. React Router passes its updater the
 * params of the last render (it does not queue like React's setState), and its navigations are transitions: a
 * second change made before the first had rendered (a filter's Priority, then its Tag, at once) built on the old
 * query and wrote the first change back out (seen in an end-to-end run). The browser's address is written at once.
 */
export function latestSearchParams(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}
