// The blog's list on a server-rendered page (features/blog/blog-list-screen.tsx): Load more appends the next cards as
// the server renders them (GET /api/blog-cards), and a live change refreshes as many pages as are shown, as the
// app's infinite query does; the screen reader's post count follows.
import { fetchBlogCards, fetchPage, replaceChildren } from '../page-fetch.ts';
import { text } from '../strings.ts';
import { enhanceLocalDates } from './local-dates.ts';

export interface BlogList {
  /** The cards shown again as the server has them now, as many pages as were loaded. */
  refresh(): Promise<void>;
}

const plural = new Intl.PluralRules('en');

export function enhanceBlog(document: Document): BlogList | undefined {
  const root = document.querySelector<HTMLElement>('[data-live-blog]');
  if (!root) return undefined;
  let pages = 1;

  const updateCount = (container: Element) => {
    const status = container.querySelector('[data-post-count]');
    const count = container.querySelectorAll('[data-cards] > li').length;
    const key = plural.select(count) === 'one' ? 'site.blog.postCount_one' : 'site.blog.postCount_other';
    if (status) status.textContent = text(key, { count });
  };

  const bindLoadMore = () => {
    const button = root.querySelector<HTMLButtonElement>('button[data-load-more]');
    if (!button) return;
    const label = [...button.childNodes];
    let alert: HTMLElement | undefined;
    button.addEventListener('click', () => {
      const cursor = button.dataset.loadMore;
      if (!cursor || button.disabled) return;
      button.disabled = true;
      button.replaceChildren(text('site.blog.loadingMore'));
      fetchBlogCards(cursor).then(({ html, nextCursor }) => {
        // A refresh replaced the list meanwhile (its own button starts from the cards it shows): these would repeat.
        if (!button.isConnected) return;
        alert?.remove();
        alert = undefined;
        root.querySelector('[data-cards]')?.insertAdjacentHTML('beforeend', html);
        pages += 1;
        enhanceLocalDates(document);
        updateCount(root);
        if (nextCursor === null) {
          // No more pages: the button goes, as the app's does.
          button.parentElement?.remove();
          return;
        }
        button.dataset.loadMore = nextCursor;
      }, () => {
        if (!alert) {
          alert = document.createElement('p');
          alert.setAttribute('role', 'alert');
          alert.className = 'text-sm text-danger';
          alert.textContent = text('site.blog.error');
          button.before(alert);
        }
      }).finally(() => {
        button.disabled = false;
        button.replaceChildren(...label);
      });
    });
  };

  // One refresh at a time; a change heard during one refreshes once more after it.
  let running: Promise<void> | undefined;
  let again = false;
  const refreshOnce = async () => {
    const { status, page } = await fetchPage(document.location.pathname);
    const fresh = page.querySelector('[data-live-blog]');
    if (status !== 200 || !fresh) return;
    for (let loaded = 1; loaded < pages; loaded += 1) {
      const button = fresh.querySelector<HTMLButtonElement>('button[data-load-more]');
      const cursor = button?.dataset.loadMore;
      if (!button || !cursor) break;
      const { html, nextCursor } = await fetchBlogCards(cursor);
      fresh.querySelector('[data-cards]')?.insertAdjacentHTML('beforeend', html);
      if (nextCursor === null) button.parentElement?.remove();
      else button.dataset.loadMore = nextCursor;
    }
    replaceChildren(root, fresh);
    updateCount(root);
    enhanceLocalDates(document);
    bindLoadMore();
  };
  const refresh = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await refreshOnce();
        } catch (error) {
          // The cards shown stay; the next change or reconnect tries again.
          console.warn('The blog could not be refreshed.', error);
        }
      } while (again);
      running = undefined;
    })();
    return running;
  };

  bindLoadMore();
  return { refresh };
}
