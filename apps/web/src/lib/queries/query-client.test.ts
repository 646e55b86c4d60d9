import { CONTENT_IN_PAGE } from '@grove/domain/ssr/page-render';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { withContentFromPage } from './query-client';
import { postKeys } from './query-keys';

const post = { id: 'a1', title: 'Sent once', content: CONTENT_IN_PAGE };

function stateWith(data: object) {
  const client = new QueryClient();
  client.setQueryData(postKeys.detail('a1'), data);
  client.setQueryData(['site-content', 'detail', 'about'], { slug: 'about', content: '<p>About</p>' });
  return dehydrate(client);
}

describe('a rendered post page\'s state (decision 066: the content is sent once, in the HTML)', () => {
  it('takes the post\'s content from the rendered article, and leaves other data as it is', () => {
    const page = document.createElement('div');
    page.innerHTML = '<article><h1>Sent once</h1><div data-rich-html=""><p>Body &amp; <em>more</em></p></div></article>';
    const state = withContentFromPage(stateWith(post), page);
    const byKey = new Map(state.queries.map((query) => [JSON.stringify(query.queryKey), query.state.data]));
    expect(byKey.get(JSON.stringify(postKeys.detail('a1')))).toEqual({ ...post, content: '<p>Body &amp; <em>more</em></p>' });
    expect(byKey.get(JSON.stringify(['site-content', 'detail', 'about']))).toEqual({ slug: 'about', content: '<p>About</p>' });
  });

  it('leaves the post out when the page has no article, so the page fetches it', () => {
    const state = withContentFromPage(stateWith(post), document.createElement('div'));
    expect(state.queries.map((query) => query.queryKey)).toEqual([['site-content', 'detail', 'about']]);
  });
});
