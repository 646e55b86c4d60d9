-- Grove's content schema. Written for PostgreSQL 15 (the machine server) and 18 (PGlite) alike.

create function grove_touch_updated_at() returns trigger language plpgsql as $$
begin
  new.updated_at := now();
  return new;
end
$$;

-- Tags are trimmed, non-empty, short; a check constraint cannot hold a subquery, a function can.
create function grove_tags_valid(tags text[]) returns boolean language sql immutable as $$
  select coalesce(bool_and(t is not null and char_length(t) between 1 and 50 and t = btrim(t)), true)
  from unnest(tags) as t
$$;

create table profiles (
  id uuid primary key default gen_random_uuid(),
  full_name text not null check (char_length(btrim(full_name)) between 1 and 200),
  created_at timestamptz not null default now()
);

create table blog_posts (
  id uuid primary key default gen_random_uuid(),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  content text not null check (char_length(btrim(content)) between 1 and 200000),
  excerpt text not null check (char_length(btrim(excerpt)) between 1 and 1000),
  image_url text check (image_url is null or char_length(image_url) between 1 and 2048),
  tags text[] not null default '{}' check (cardinality(tags) <= 20 and grove_tags_valid(tags)),
  author_id uuid references profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index blog_posts_created_at_idx on blog_posts (created_at desc, id desc);
create index blog_posts_author_id_idx on blog_posts (author_id);
create trigger blog_posts_touch before update on blog_posts
  for each row execute function grove_touch_updated_at();

create table site_content (
  slug text primary key check (slug ~ '^[a-z][a-z0-9-]{0,62}$'),
  title text not null check (char_length(btrim(title)) between 1 and 200),
  content text not null check (char_length(btrim(content)) between 1 and 200000),
  updated_at timestamptz not null default now()
);
create trigger site_content_touch before update on site_content
  for each row execute function grove_touch_updated_at();

-- Uploaded images live in the database so every instance serves every image and one backup holds all.
create table storage_objects (
  bucket text not null check (bucket ~ '^[a-z][a-z0-9_]{0,62}$'),
  name text not null check (name ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'),
  content_type text not null check (content_type ~ '^image/[a-z0-9.+-]+$'),
  size integer not null check (size > 0 and size < 5242880),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  bytes bytea not null,
  created_at timestamptz not null default now(),
  primary key (bucket, name),
  check (octet_length(bytes) = size)
);

-- Change log behind the realtime events: NOTIFY payloads are capped at 8000 bytes, rows are not, so a
-- trigger records the full new and old rows here and notifies only the event id.
create table change_events (
  id bigint generated always as identity primary key,
  table_name text not null,
  event text not null check (event in ('INSERT', 'UPDATE', 'DELETE')),
  new_row jsonb,
  old_row jsonb,
  created_at timestamptz not null default now()
);
create index change_events_created_at_idx on change_events (created_at);

create function grove_post_json(post blog_posts) returns jsonb language sql stable as $$
  select to_jsonb(post) || jsonb_build_object(
    'author', (select jsonb_build_object('full_name', p.full_name) from profiles p where p.id = post.author_id)
  )
$$;

create function grove_notify_blog_posts() returns trigger language plpgsql as $$
declare
  event_id bigint;
begin
  insert into change_events (table_name, event, new_row, old_row)
  values (
    'blog_posts', tg_op,
    case when tg_op <> 'DELETE' then grove_post_json(new) end,
    case when tg_op <> 'INSERT' then grove_post_json(old) end
  )
  returning id into event_id;
  perform pg_notify('grove_changes', event_id::text);
  return null;
end
$$;
create trigger blog_posts_notify after insert or update or delete on blog_posts
  for each row execute function grove_notify_blog_posts();

create function grove_notify_site_content() returns trigger language plpgsql as $$
declare
  event_id bigint;
begin
  insert into change_events (table_name, event, new_row, old_row)
  values ('site_content', tg_op, to_jsonb(new), to_jsonb(old))
  returning id into event_id;
  perform pg_notify('grove_changes', event_id::text);
  return null;
end
$$;
create trigger site_content_notify after update on site_content
  for each row execute function grove_notify_site_content();

-- Visitor presence shared by all instances. Each instance refreshes last_seen of its own rows; rows of a
-- crashed instance stop being refreshed and are swept after the time-to-live.
create table presence (
  instance_id uuid not null,
  connection_id text not null check (char_length(connection_id) between 1 and 100),
  visitor_id text not null check (char_length(visitor_id) between 1 and 100),
  online_at timestamptz not null,
  last_seen timestamptz not null default now(),
  primary key (instance_id, connection_id)
);
create index presence_last_seen_idx on presence (last_seen);

create function grove_notify_presence() returns trigger language plpgsql as $$
begin
  perform pg_notify('grove_presence', '');
  return null;
end
$$;
create trigger presence_notify after insert or delete on presence
  for each statement execute function grove_notify_presence();

-- Admin sessions live here so any instance can check a cookie set by another. Only a hash of the token.
create table admin_sessions (
  token_hash text primary key check (token_hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index admin_sessions_expires_at_idx on admin_sessions (expires_at);

create table admin_login_failures (
  id bigint generated always as identity primary key,
  client text not null check (char_length(client) between 1 and 200),
  failed_at timestamptz not null default now()
);
create index admin_login_failures_client_idx on admin_login_failures (client, failed_at);
