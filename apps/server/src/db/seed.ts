import type { Db } from './db.ts';

/** The one author of blog posts (docs/product.md, Admin: posts are written by the admin's profile). */
export const ADMIN_PROFILE_ID = '00000000-0000-4000-8000-000000000001';

export async function upsertAdminProfile(db: Db, fullName: string): Promise<void> {
  await db.query(
    `insert into profiles (id, full_name) values ($1, $2)
     on conflict (id) do update set full_name = excluded.full_name where profiles.full_name <> excluded.full_name`,
    [ADMIN_PROFILE_ID, fullName],
  );
}
