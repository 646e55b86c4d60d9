import { BLOG_POSTS_TOPIC } from '@grove/domain/realtime/topics';
import type { BlogPostSummary } from '@grove/domain/content/blog-post';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Newspaper, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '@/i18n/use-translation.ts';
import { toast } from 'sonner';
import { ScreenHeader } from '@/components/screen-header.tsx';
import { Button } from '@/components/ui/button.tsx';
import { cn } from '@/components/ui/cn.ts';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { apiErrorKey } from '@/lib/api-error.ts';
import { ADMIN_PATHS } from '@/lib/paths.ts';
import { ADMIN_LIST, adminKeys, postKeys } from '@/lib/queries/query-keys.ts';
import { adminPostListQuery } from '@/lib/queries/query-options.ts';
import { useRealtimeCache } from '@/lib/queries/use-realtime-cache.ts';
import { useScreenMeta } from '@/lib/use-screen-meta.ts';
import { adminApi } from './admin-blog-api.ts';
import { AdminBlogEditor, type EditorTarget } from './admin-blog-editor.tsx';
import { adminCard } from './admin-card.ts';
import { AdminTable, RowAction } from './admin-table.tsx';
import { listDate } from '@/lib/dates.ts';

const TOPICS = [BLOG_POSTS_TOPIC];

/**
 * /admin/blog (docs/product.md, Admin): the posts table (Title, Created At, Actions), New Post, the editor modal
 * and the delete confirm. The table follows every post change live.
 */
export function Component() {
  const { t } = useTranslation();
  const { title, description } = useScreenMeta({ key: 'adminBlog', path: ADMIN_PATHS.blog, noIndex: true });
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<EditorTarget | null>(null);
  const [toDelete, setToDelete] = useState<BlogPostSummary | null>(null);
  useRealtimeCache(TOPICS);

  const remove = useMutation({
    mutationFn: (post: BlogPostSummary) => adminApi.deletePost(post.id),
    onSuccess: (_, post) => {
      queryClient.setQueryData<BlogPostSummary[]>(postKeys.list(ADMIN_LIST), (posts) => posts?.filter((item) => item.id !== post.id));
      queryClient.removeQueries({ queryKey: postKeys.detail(post.id) });
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.stats() });
      toast.success(t('admin.blogPosts.deleted'));
    },
    onError: (error) => toast.error(t('admin.blogPosts.deleteError'), { description: t(apiErrorKey(error)) }),
  });

  return (
    <div className="mx-auto max-w-5xl">
      <ScreenHeader
        title={title}
        subtitle={description}
        actions={(
          <Button onClick={() => setEditing({ mode: 'new' })}>
            <Plus className="h-4 w-4" aria-hidden="true" />
            {t('admin.blogPosts.newPost')}
          </Button>
        )}
      />
      <PostsTable
        onEdit={(post) => setEditing({ mode: 'edit', id: post.id })}
        onDelete={setToDelete}
        deletingId={remove.isPending ? remove.variables.id : null}
      />
      <AdminBlogEditor target={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => { if (!open) setToDelete(null); }}
        title={t('admin.blogPosts.deleteTitle')}
        description={t('admin.blogPosts.deleteMessage', { title: toDelete?.title ?? '' })}
        confirmLabel={t('admin.blogPosts.deleteConfirm')}
        cancelLabel={t('admin.blogPosts.cancel')}
        destructive
        onConfirm={() => { if (toDelete) remove.mutate(toDelete); }}
      />
    </div>
  );
}

interface PostsTableProps {
  onEdit: (post: BlogPostSummary) => void;
  onDelete: (post: BlogPostSummary) => void;
  deletingId: string | null;
}

function PostsTable({ onEdit, onDelete, deletingId }: PostsTableProps) {
  const { t } = useTranslation();
  const posts = useQuery(adminPostListQuery());

  if (posts.isPending) {
    return (
      <div role="status" className={cn(adminCard, 'p-4')}>
        <span className="sr-only">{t('admin.blogPosts.loading')}</span>
        <div aria-hidden="true" className="space-y-4">
          {Array.from({ length: 4 }, (_, index) => <div key={index} className="h-6 animate-pulse rounded bg-muted" />)}
        </div>
      </div>
    );
  }
  if (posts.isError) {
    return (
      <div role="alert" className="rounded-xl border border-danger/40 bg-danger/5 px-6 py-8 text-center">
        <p className="font-medium text-danger">{t('admin.blogPosts.error')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void posts.refetch()} disabled={posts.isFetching}>
          <RefreshCw className={cn('h-4 w-4', posts.isFetching && 'animate-spin')} aria-hidden="true" />
          {t('admin.blogPosts.retry')}
        </Button>
      </div>
    );
  }
  if (posts.data.length === 0) {
    return (
      <div className={cn(adminCard, 'px-6 py-12 text-center')}>
        <Newspaper className="mx-auto h-8 w-8 text-muted-foreground" aria-hidden="true" />
        <p className="mt-3 font-medium">{t('admin.blogPosts.empty')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{t('admin.blogPosts.emptyHint')}</p>
      </div>
    );
  }

  // The server lists newest first; inserts and deletes refetch the list, updates patch it in place.
  return (
    <AdminTable
      caption={t('admin.blogPosts.tableLabel')}
      columns={[
        { label: t('admin.blogPosts.colTitle') },
        { label: t('admin.blogPosts.colCreated'), className: 'hidden w-40 md:table-cell' },
        { label: t('admin.blogPosts.colActions'), className: 'w-28 text-right' },
      ]}
    >
      {posts.data.map((post) => (
        <tr key={post.id} className={cn(deletingId === post.id && 'opacity-50')}>
          <th scope="row" className="px-4 py-3 font-medium">
            <span className="line-clamp-2 wrap-anywhere" title={post.title}>{post.title}</span>
            <span className="block text-xs font-normal text-muted-foreground md:hidden">{listDate(post.created_at)}</span>
          </th>
          <td className="hidden px-4 py-3 text-muted-foreground md:table-cell">
            <time dateTime={post.created_at}>{listDate(post.created_at)}</time>
          </td>
          <td className="px-2 py-2 text-right whitespace-nowrap">
            <RowAction
              label={t('admin.blogPosts.edit', { title: post.title })}
              icon={<Pencil className="h-4 w-4" aria-hidden="true" />}
              onClick={() => onEdit(post)}
            />
            <RowAction
              danger
              label={t('admin.blogPosts.delete', { title: post.title })}
              icon={<Trash2 className="h-4 w-4" aria-hidden="true" />}
              onClick={() => onDelete(post)}
              disabled={deletingId === post.id}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
